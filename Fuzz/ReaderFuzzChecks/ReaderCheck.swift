/// What every reader's check asks of an error: a message to show.
enum ReaderCheck {
  /// `nil` when `message` is a sentence, else the property that failed.
  static func problem(ifEmpty message: String, _ reader: String) -> String? {
    message.isEmpty ? "\(reader) threw an error with no message" : nil
  }
}
