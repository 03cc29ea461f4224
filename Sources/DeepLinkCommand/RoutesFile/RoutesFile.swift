package import DeepLinkRoutes
package import DeepLinkWire

/// A route table read from a JSON file, for apps that do not link our Swift libraries
/// (Android, React Native, Flutter): the format `deeplink routes --json` prints.
///
///     {"scheme": "shop", "routes": [
///       {"name": "product", "summary": "Show a product",
///        "parameters": [{"name": "id", "type": "integer", "range": {"min": 1, "max": 99999}}]}]}
///
/// `version` is recomputed from the declarations, never read; keys with a default
/// (`scheme`: `debug`, `summary`, `help`, `parameters`, `required`, `default`) may be left out.
/// Anything else is checked as strictly as the built-in table: an unknown key, type or name,
/// a duplicate, a default its own parameter would refuse are errors, never ignored.
package enum RoutesFile {
  /// The name looked for in the current directory and its parents.
  package static let fileName = "deeplink.routes.json"
  /// `DEEPLINK_ROUTES`: the routes file when `--routes` is not given.
  package static let environmentVariable = EnvironmentVariable(
    "DEEPLINK_ROUTES",
    summary: "The routes file when --routes is not given (else \(fileName) in the "
      + "current directory or the nearest parent, else the built-in table)")
  /// Files larger than this are refused: 10,000 routes take about 3 MiB.
  package static let maximumBytes = 64 << 20
  /// The parameter types, as `routes --json` names them.
  package static let typeNames = ["integer", "string", "boolean", "choice"]

  /// The keys of each object of the format, in the order `routes --json` prints them.
  static let documentKeys = ["scheme", "version", "source", "routes", "android", "$schema", "ios"]
  /// The keys of `android`: what `--target android` uses when the command line does not say.
  static let androidKeys = ["package"]
  /// The keys of `ios`: what `--target simulator` uses when the command line does not say.
  static let iosKeys = ["bundleId"]
  static let routeKeys = ["name", "summary", "help", "parameters"]
  static let parameterKeys = ["name", "type", "required", "default", "choices", "range", "help"]
  static let rangeKeys = ["min", "max"]

  /// Reads and checks the file at `path`.
  ///
  /// - Parameters:
  ///   - name: how messages name the file (the path as the user gave it).
  ///   - isStandardOutput: whether a path is the command's standard output, which an empty
  ///     file is said to be (`deeplink routes --json > deeplink.routes.json --routes …`).
  /// - Throws: ``RoutesFileError`` naming `name`, the place and the problem.
  package static func load(
    _ path: String, name: String? = nil, isStandardOutput: (String) -> Bool
  ) throws(RoutesFileError) -> RoutesFileContents {
    let bytes: [UInt8]
    do {
      bytes = try FileReader.contents(of: path, limit: maximumBytes)
    } catch {
      let problem: RoutesFileProblem =
        error.limit.map { .tooLarge(limit: $0) } ?? .unreadable(reason: error.errno.description)
      throw RoutesFileError(file: name ?? path, place: nil, problem: problem)
    }
    guard !bytes.isEmpty else {
      let problem: RoutesFileProblem = isStandardOutput(path) ? .isStandardOutput : .empty
      throw RoutesFileError(file: name ?? path, place: nil, problem: problem)
    }
    return try contents(from: bytes, file: name ?? path)
  }

  /// The table `bytes` declare.
  ///
  /// - Throws: ``RoutesFileError`` naming `file`, the place and the problem.
  package static func table(from bytes: [UInt8], file: String) throws(RoutesFileError) -> RouteTable {
    try contents(from: bytes, file: file).table
  }

  /// The table and Android package `bytes` declare.
  ///
  /// - Throws: ``RoutesFileError`` naming `file`, the place and the problem.
  package static func contents(from bytes: [UInt8], file: String) throws(RoutesFileError)
    -> RoutesFileContents
  {
    let document: JSON
    do {
      document = try JSON.parseLocated(bytes)
    } catch {
      let (line, column) = error.lineAndColumn(in: bytes)
      throw RoutesFileError(
        file: file, place: .text(line: line, column: column), problem: .invalidJSON(error.error))
    }
    do {
      return try RoutesFileDecoder.contents(document)
    } catch {
      throw RoutesFileError(file: file, place: .path(error.location.rendered), problem: error.problem)
    }
  }
}
