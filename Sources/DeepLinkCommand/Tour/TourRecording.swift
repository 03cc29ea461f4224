import DeepLinkRoutes
import DeepLinkWire
import Pictures

/// One entry of a recorded tour: what `tour.json` says of it, and the contents of its files.
///
/// An entry has a screen and a state when its link was acknowledged (the app target, or a
/// simulator app's agent), a picture on a simulator or Android target, and at least one of
/// the two.
struct TourEntry: Equatable {
  let name: String
  let url: String
  /// The command that reproduces it: `deeplink recipe --id 1`.
  let command: String
  /// File names in the tour's directory: `03-recipe.txt`, `03-recipe.json`, `03-recipe.png`.
  let screenFile: String?
  let stateFile: String?
  let pictureFile: String?
  /// A check's image of where this picture differs from the recording's (`03-recipe.diff.png`).
  var differenceFile: String? = nil
  /// The screen text and the state as JSON text (two-space indented, a last line feed).
  let screen: String?
  let state: String?
  /// The PNG's bytes as taken, written unchanged. Decoded only to be compared, one pair at a
  /// time: a phone's screenshot is about 26 MB of samples.
  let pictureBytes: [UInt8]?
  /// How the picture's screen settled: `settled`, `settleSeconds` and `screenshots` in
  /// `tour.json`.
  var settle: SettleOutcome? = nil

  init(
    name: String, url: String, command: String, screenFile: String?, stateFile: String?,
    pictureFile: String?, differenceFile: String? = nil, screen: String?, state: String?,
    pictureBytes: [UInt8]? = nil, settle: SettleOutcome? = nil
  ) {
    self.settle = settle
    self.name = name
    self.url = url
    self.command = command
    self.screenFile = screenFile
    self.stateFile = stateFile
    self.pictureFile = pictureFile
    self.differenceFile = differenceFile
    self.screen = screen
    self.state = state
    self.pictureBytes = pictureBytes
  }

  /// The entry's object in `tour.json`.
  var manifestJSON: JSON {
    var fields: [(String, JSON)] = [
      ("name", .string(name)), ("url", .string(url)), ("command", .string(command)),
    ]
    if let screenFile { fields.append(("screen", .string(screenFile))) }
    if let stateFile { fields.append(("state", .string(stateFile))) }
    if let pictureFile { fields.append(("picture", .string(pictureFile))) }
    if let settle {
      if let settled = settle.settled {
        fields.append(("settled", .bool(settled)))
        fields.append(("settleSeconds", .double(Double(settle.milliseconds) / 1000)))
      }
      fields.append(("screenshots", .int(settle.screenshots)))
    }
    if let differenceFile { fields.append(("difference", .string(differenceFile))) }
    return .object(fields)
  }

  /// Every file of the entry, by name.
  var fileNames: [String] { [screenFile, stateFile, pictureFile, differenceFile].compactMap { $0 } }
}

/// A recorded tour: `DIR/tour.json` and the files it names.
///
///     {
///       "format": 1,
///       "tool": "deeplink",
///       "table": "3f2a…",
///       "source": "routes",
///       "entries": [
///         {"name": "settings", "url": "debug://settings", "command": "deeplink settings",
///          "screen": "01-settings.txt", "state": "01-settings.json"}
///       ]
///     }
///
/// `source` is `routes` (every route of the table) or `scenario` (then `scenario` holds the
/// file's path as given). A tour of a simulator or Android device adds `device` (where the
/// pictures come from), `settleTimeout` (how long each picture waited at most for the screen to
/// stop changing) and, with `--settle`, `settle` (the seconds waited after each link before its
/// picture, when no acknowledgement said the screen was final); its entries name a `picture`
/// (`01-settings.png`) and say how its screen settled: `settled` (false: the screen was still
/// changing when the settle timeout ran out, and the picture is the last screenshot),
/// `settleSeconds` and `screenshots` (``SettleOutcome``).
struct TourRecording: Equatable {
  static let manifestName = "tour.json"
  static let pageName = "index.html"
  static let format = 1
  /// The largest `tour.json` or entry file read from a recording.
  static let maximumFileBytes = 16 << 20

  let table: String
  /// The scenario's path, or `nil` for a tour of every route.
  let scenario: String?
  let entries: [TourEntry]
  /// The device the pictures come from (`simulator iPhone 15 (iOS 17.2) 5B6D…`); `nil` for the
  /// app target, which has no pixels.
  var device: String? = nil
  /// `--settle`: seconds waited after each link before its picture; `nil` when each picture
  /// was taken once the app acknowledged its link.
  var settle: Double? = nil
  /// `--settle-timeout`: the seconds each picture waited at most for the screen to stop
  /// changing; `nil` for a tour without pictures.
  var settleTimeout: Double? = nil

  /// `tour.json` as the tool called `tool` writes it, two-space indented.
  func manifest(tool: String) -> String {
    var fields: [(String, JSON)] = [
      ("format", .int(Self.format)), ("tool", .string(tool)), ("table", .string(table)),
      ("source", .string(scenario == nil ? "routes" : "scenario")),
    ]
    if let scenario { fields.append(("scenario", .string(scenario))) }
    if let device { fields.append(("device", .string(device))) }
    if let settle { fields.append(("settle", .double(settle))) }
    if let settleTimeout { fields.append(("settleTimeout", .double(settleTimeout))) }
    fields.append(("entries", .array(entries.map(\.manifestJSON))))
    return JSON.object(fields).pretty + "\n"
  }

  /// The file names of the `number`th of `count` entries named `name`: the number zero-padded
  /// to at least two digits, so the files sort in tour order (`01-settings.txt`).
  static func fileStem(number: Int, of count: Int, name: String) -> String {
    let width = max(2, String(count).count)
    let digits = String(number)
    return String(repeating: "0", count: width - digits.count) + digits + "-" + name
  }

  /// Reads the recording in `directory`, checking every part of it: `tour.json` must be a
  /// manifest of this format, each file it names a plain name (no `/`, not `..`) of a regular
  /// file inside the directory (no symbolic link), each name given once, each text UTF-8, each
  /// picture a PNG that ``PNGDecoder`` reads (its size within the decoder's limit).
  ///
  /// - Throws: ``TourRecordingError``, naming the file and what is wrong with it.
  static func read(from directory: TourDirectory) throws(TourRecordingError) -> TourRecording {
    let where_ = directory.path + "/" + manifestName
    let bytes = try file(manifestName, in: directory)
    let json: JSON
    do {
      json = try JSON.parseLocated(bytes)
    } catch {
      let (line, column) = error.lineAndColumn(in: bytes)
      throw TourRecordingError(
        "\(where_) is not JSON (line \(line), column \(column): \(error.error.message))")
    }
    guard case .object = json else {
      throw TourRecordingError("\(where_) is not a tour manifest (an object)")
    }
    guard json["format"]?.intValue == format else {
      throw TourRecordingError("\(where_) has no \"format\": \(format); it is not a tour this version reads")
    }
    guard let list = json["entries"]?.arrayValue else {
      throw TourRecordingError("\(where_) has no \"entries\" array")
    }
    var entries: [TourEntry] = []
    var names: Set<String> = []
    for (index, item) in list.enumerated() {
      let place = "\(where_), entry \(index + 1)"
      func text(_ key: String, optional: Bool = false) throws(TourRecordingError) -> String? {
        guard let value = item[key] else {
          if optional { return nil }
          throw TourRecordingError("\(place) has no \"\(key)\"")
        }
        guard let string = value.stringValue else {
          throw TourRecordingError("\(place): \"\(key)\" is not a string")
        }
        return string
      }
      guard case .object = item else { throw TourRecordingError("\(place) is not an object") }
      let name = try text("name")!
      guard names.insert(name).inserted else {
        throw TourRecordingError("\(place): the name '\(name)' is given twice")
      }
      var files: [String: String] = [:]
      for key in ["screen", "state", "picture", "difference"] {
        guard let file = try text(key, optional: true) else { continue }
        guard TourDirectory.isPlainName(file), !file.hasPrefix(".") else {
          throw TourRecordingError(
            "\(place): \"\(key)\" is '\(ControlCharacters.escaped(file, keepingNewlines: false))', which is not "
              + "the name of a file in the recording (a name without '/', not starting with '.')")
        }
        files[key] = file
      }
      guard (files["screen"] == nil) == (files["state"] == nil) else {
        throw TourRecordingError("\(place) has a \"screen\" without a \"state\", or a state without a screen")
      }
      guard files["screen"] != nil || files["picture"] != nil else {
        throw TourRecordingError("\(place) has no \"screen\" and no \"picture\"")
      }
      let screen = try files["screen"].map { (name) throws(TourRecordingError) in
        try utf8(try Self.file(name, in: directory), name: name, in: directory)
      }
      let state = try files["state"].map { (name) throws(TourRecordingError) in
        try utf8(try Self.file(name, in: directory), name: name, in: directory)
      }
      var pictureBytes: [UInt8]?
      if let name = files["picture"] {
        let bytes = try Self.file(name, in: directory)
        do {
          _ = try PNGDecoder.decode(bytes)
        } catch {
          throw TourRecordingError("\(directory.path)/\(name): \(error.message)")
        }
        pictureBytes = bytes
      }
      entries.append(
        TourEntry(
          name: name, url: try text("url")!, command: try text("command")!, screenFile: files["screen"],
          stateFile: files["state"], pictureFile: files["picture"], differenceFile: files["difference"],
          screen: screen, state: state, pictureBytes: pictureBytes,
          settle: try settleOutcome(of: item, at: place, hasPicture: files["picture"] != nil)))
    }
    return TourRecording(
      table: json["table"]?.stringValue ?? "", scenario: json["scenario"]?.stringValue, entries: entries,
      device: json["device"]?.stringValue, settle: try seconds(json["settle"], "settle", at: where_),
      settleTimeout: try seconds(json["settleTimeout"], "settleTimeout", at: where_))
  }

  /// The most seconds a recording's `settle`, `settleTimeout` or `settleSeconds` may hold: a day.
  static let maximumSeconds = 86_400

  /// The number of seconds `value` holds, `nil` when absent.
  private static func seconds(_ value: JSON?, _ key: String, at place: String) throws(TourRecordingError)
    -> Double?
  {
    switch value {
    case nil: return nil
    case .int(let seconds)? where seconds >= 0 && seconds <= maximumSeconds: return Double(seconds)
    case .double(let seconds)? where seconds >= 0 && seconds <= Double(maximumSeconds): return seconds
    default: throw TourRecordingError("\(place): \"\(key)\" is not a number of seconds")
    }
  }

  /// An entry's `settled`, `settleSeconds` and `screenshots`, `nil` when it has none (a
  /// recording made before pictures waited for the screen to settle).
  private static func settleOutcome(of item: JSON, at place: String, hasPicture: Bool)
    throws(TourRecordingError) -> SettleOutcome?
  {
    guard let count = item["screenshots"] else {
      guard item["settled"] == nil, item["settleSeconds"] == nil else {
        throw TourRecordingError("\(place) has \"settled\" or \"settleSeconds\" without \"screenshots\"")
      }
      return nil
    }
    guard hasPicture else {
      throw TourRecordingError("\(place) has \"screenshots\" without a \"picture\"")
    }
    guard let screenshots = count.intValue, screenshots >= 1 else {
      throw TourRecordingError("\(place): \"screenshots\" is not a count of the picture's screenshots")
    }
    let settled: Bool?
    switch item["settled"] {
    case nil: settled = nil
    case .bool(let value)?: settled = value
    default: throw TourRecordingError("\(place): \"settled\" is not true or false")
    }
    let seconds = try seconds(item["settleSeconds"], "settleSeconds", at: place)
    guard (settled == nil) == (seconds == nil) else {
      throw TourRecordingError("\(place) has one of \"settled\" and \"settleSeconds\" without the other")
    }
    return SettleOutcome(
      settled: settled, milliseconds: Int(((seconds ?? 0) * 1000).rounded()), screenshots: screenshots)
  }

  /// The bytes of the file `name` in `directory`, or why they cannot be read.
  private static func file(_ name: String, in directory: TourDirectory) throws(TourRecordingError)
    -> [UInt8]
  {
    do {
      return try directory.read(name, limit: maximumFileBytes)
    } catch {
      let reason = TourDirectory.reason(error, limit: maximumFileBytes)
      throw TourRecordingError("cannot read \(directory.path)/\(name): \(reason)")
    }
  }

  private static func utf8(_ bytes: [UInt8], name: String, in directory: TourDirectory)
    throws(TourRecordingError) -> String
  {
    guard let text = String(validUTF8: bytes[...]) else {
      throw TourRecordingError("\(directory.path)/\(name) is not UTF-8 text")
    }
    return text
  }
}

/// Why a recording cannot be read: `tour --check` exits ``ExitCode/unreadableRecording``.
struct TourRecordingError: Error, Equatable {
  let message: String
  init(_ message: String) { self.message = message }
}
