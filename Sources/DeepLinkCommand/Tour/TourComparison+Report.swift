extension TourComparison.Item {
  /// One difference, for stderr from `tool`: what it is, and for a changed screen or state its
  /// unified diff.
  func report(recordingPath: String, outputPath: String, tool: String) -> String {
    let prefix = "\(tool): tour: "
    switch status {
    case .same: return ""
    case .new: return prefix + "\(name): new, not in the recording\n"
    case .missing: return prefix + "\(name): missing, in the recording but not in this tour\n"
    case .changed(let parts):
      guard let old = recorded, let new = current else { return "" }
      var text = prefix + "\(name): changed (\(parts.joined(separator: ", ")))\n"
      if parts.contains("url") { text += "  recorded \(old.url)\n  now      \(new.url)\n" }
      if parts.contains("screen") {
        text += LineDiff(old: TourPage.visible(old.screen ?? ""), new: TourPage.visible(new.screen ?? ""))
          .unified(
            old: "\(recordingPath)/\(old.screenFile ?? "(no screen)")",
            new: "\(outputPath)/\(new.screenFile ?? "(no screen)")")
      }
      if parts.contains("state") && !parts.contains("screen") {
        text += LineDiff(old: TourPage.visible(old.state ?? ""), new: TourPage.visible(new.state ?? ""))
          .unified(
            old: "\(recordingPath)/\(old.stateFile ?? "(no state)")",
            new: "\(outputPath)/\(new.stateFile ?? "(no state)")")
      }
      if parts.contains("picture") {
        if let picture {
          text += "  picture: \(picture.summary)"
        } else {
          text += "  picture: " + (old.pictureFile == nil ? "none recorded, one now" : "recorded, none now")
        }
        if let difference = new.differenceFile {
          text += "; the pixels that differ: \(outputPath)/\(difference)"
        }
        text += "\n"
      }
      return text
    }
  }
}
