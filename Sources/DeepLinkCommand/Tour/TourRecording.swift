import DeepLinkWire

/// One entry of a recorded tour: what `tour.json` says of it, and the texts of its files.
struct TourEntry: Equatable {
  let name: String
  let url: String
  /// The command that reproduces it: `deeplink recipe --id 1`.
  let command: String
  /// File names in the tour's directory: `03-recipe.txt`, `03-recipe.json`, and a picture's.
  let screenFile: String
  let stateFile: String
  let pictureFile: String?
  /// The screen text and the state as JSON text (two-space indented, a last line feed).
  let screen: String
  let state: String

  /// The entry's object in `tour.json`.
  var manifestJSON: JSON {
    var fields: [(String, JSON)] = [
      ("name", .string(name)), ("url", .string(url)), ("command", .string(command)),
      ("screen", .string(screenFile)), ("state", .string(stateFile)),
    ]
    if let pictureFile { fields.append(("picture", .string(pictureFile))) }
    return .object(fields)
  }
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
/// file's path as given).
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

  /// `tour.json`, two-space indented.
  var manifest: String {
    var fields: [(String, JSON)] = [
      ("format", .int(Self.format)), ("tool", .string(ToolName.current)), ("table", .string(table)),
      ("source", .string(scenario == nil ? "routes" : "scenario")),
    ]
    if let scenario { fields.append(("scenario", .string(scenario))) }
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
  /// file inside the directory (no symbolic link), each name given once, each text UTF-8.
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
      var fileNames: [String] = []
      for key in ["screen", "state", "picture"] {
        guard let file = try text(key, optional: key == "picture") else { continue }
        guard TourDirectory.isPlainName(file), !file.hasPrefix(".") else {
          throw TourRecordingError(
            "\(place): \"\(key)\" is '\(ControlCharacters.escaped(file, keepingNewlines: false))', which is not "
              + "the name of a file in the recording (a name without '/', not starting with '.')")
        }
        fileNames.append(file)
      }
      let screen = try utf8(try Self.file(fileNames[0], in: directory), name: fileNames[0], in: directory)
      let state = try utf8(try Self.file(fileNames[1], in: directory), name: fileNames[1], in: directory)
      entries.append(
        TourEntry(
          name: name, url: try text("url")!, command: try text("command")!, screenFile: fileNames[0],
          stateFile: fileNames[1], pictureFile: fileNames.count > 2 ? fileNames[2] : nil, screen: screen,
          state: state))
    }
    return TourRecording(
      table: json["table"]?.stringValue ?? "", scenario: json["scenario"]?.stringValue, entries: entries)
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
    guard let text = String(validatingUTF8Bytes: bytes[...]) else {
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
