import DeepLinkRoutes
package import DeepLinkWire

/// The last route table each app served, kept so that help, `url`, `routes` and Tab completion
/// speak the app's routes while the app is not running.
///
///     let cache = TableCache.standard(environment: environment)  // ~/.cache/deeplink
///     let key = TableCache.Key.socket("/run/user/1000/deeplink/app.sock")
///     cache?.store(contents, for: key)                       // nil, or one warning line
///     let found = cache?.lookUp(key)                         // found.contents, found.warning
///
/// One file an app, `table-<FNV-1a of the key>.json` in `$XDG_CACHE_HOME/deeplink/` (else
/// `~/.cache/deeplink/`): `{"key":…,"version":…,"helpVersion":…,"table":{routes file}}`. Private: the
/// directory 0700, each file 0600, written to a new file beside it and renamed over it, so a
/// reader sees a whole table or the one before. A file is used only when it is a regular file of
/// this user that group and others cannot use, parses, is the key's, and holds a table whose
/// fingerprint is the version it states (as a table from an app must); anything else is
/// ignored with one warning line, returned for the caller to print. Nothing waits: no lock,
/// and a FIFO at the path is refused unopened.
package struct TableCache: Sendable {
  /// The cache's directory.
  package let directory: String
  /// The name of the tool that reads it, which starts its warning lines.
  let tool: String

  /// A cache in `directory` (made 0700 at the first ``store(_:for:)``, with its parent), read
  /// by the tool called `tool`.
  package init(directory: String, tool: String) {
    self.directory = directory
    self.tool = tool
  }

  /// The largest cache file read: a reply's limit, and a little for the key.
  static let maximumBytes = AppTable.maximumReplyBytes + 8_192

  /// `XDG_CACHE_HOME`: where the cache of app tables lives (`deeplink/` inside it).
  package static let environmentVariable = EnvironmentVariable(
    "XDG_CACHE_HOME",
    summary: "Where the last table each app served is kept (deeplink/ inside it; else ~/.cache)")

  /// Which app a table came from.
  package enum Key: Hashable, Sendable {
    /// The app listening on this socket path.
    case socket(String)
    /// The app `bundleID` on the simulator `udid` (compared as ``SimulatorSocket`` does:
    /// UDID in upper case, bundle id in lower case).
    case simulator(udid: String, bundleID: String)
    /// The app `bundleID` on whichever simulator it last served its table from: what a target
    /// of the booted simulator (`--target simulator`) finds while the app is not running.
    case simulatorApp(bundleID: String)

    /// The key as the file states it: `socket /tmp/a.sock`, `simulator 5B6D… com.example.app`,
    /// `simulator-app com.example.app`.
    package var text: String {
      switch self {
      case .socket(let path): "socket " + path
      case .simulator(let udid, let bundleID): "simulator " + udid.uppercased() + " " + bundleID.lowercased()
      case .simulatorApp(let bundleID): "simulator-app " + bundleID.lowercased()
      }
    }
  }

  /// What ``lookUp(_:)`` found: a table, or none; and a warning line when a file was there but
  /// not used.
  package struct Lookup: Sendable {
    /// The cached table, checked.
    package var contents: RoutesFileContents?
    /// One line, for standard error, when a file was ignored (`nil` when there was none, or
    /// it was used).
    package var warning: String?
  }

  /// `$XDG_CACHE_HOME/deeplink` when the variable is an absolute path (the XDG base
  /// directory specification ignores a relative one), else `$HOME/.cache/deeplink`; `nil` when
  /// neither is set.
  package static func standardDirectory(environment: (String) -> String?) -> String? {
    if let cache = environment(environmentVariable.name), cache.hasPrefix("/") {
      return cache + (cache.hasSuffix("/") ? "" : "/") + "deeplink"
    }
    if let home = environment("HOME"), home.hasPrefix("/") {
      return home + (home.hasSuffix("/") ? "" : "/") + ".cache/deeplink"
    }
    return nil
  }

  /// The cache of `environment` (``standardDirectory(environment:)``) for the tool called
  /// `tool`; `nil` when it has no place for one.
  package static func standard(environment: (String) -> String?, tool: String) -> TableCache? {
    standardDirectory(environment: environment).map { TableCache(directory: $0, tool: tool) }
  }

  /// The file that holds `key`'s table.
  package func path(for key: Key) -> String {
    directory + "/table-" + SimulatorSocket.hashHex(key.text) + ".json"
  }

  /// The table `key`'s app served last, if the cache holds a sound one. Never throws and never
  /// waits: a file that cannot be used is a ``Lookup/warning``.
  package func lookUp(_ key: Key) -> Lookup { lookUp(key, known: nil) }

  /// ``lookUp(_:)``, returning `known` itself when the file states `known`'s fingerprint: a
  /// file is checked as it always is (owner, mode, JSON, key), but the table in it is not
  /// decoded when the tool already holds it (the common case: the app serves the tool's own
  /// table), which keeps the decoding out of a command's start-up.
  ///
  /// - Parameter help: whether `known` stands for the file's table only when its help text is
  ///   the same too (``RouteTable/helpVersion``), as for what prints help; a link, which help
  ///   does not change, needs the same ``RouteTable/version`` only.
  package func lookUp(_ key: Key, known: RoutesFileContents?, help: Bool = true) -> Lookup {
    let path = path(for: key)
    let bytes: [UInt8]
    do {
      try PrivateFiles.checkDirectory(directory)
      bytes = try PrivateFiles.read(path, limit: Self.maximumBytes)
    } catch .missing {
      return Lookup()
    } catch {
      return Lookup(warning: warning(path, error.message))
    }
    let knownVersion = known?.table.version
    if let known, let knownVersion,
      bytes.starts(
        with: Self.prefix(key: key, version: knownVersion, helpVersion: help ? known.table.helpVersion : nil))
    {
      // The file states the key and the table the tool holds, as this cache writes them: that
      // table is used without decoding the document (half of a command's start-up otherwise).
      return Lookup(contents: known)
    }
    guard let document = try? JSON.parse(bytes) else {
      return Lookup(warning: warning(path, "it is not JSON"))
    }
    // Another key with the same hash: not this app's table, and nothing wrong.
    guard document["key"] == .string(key.text) else { return Lookup() }
    guard let version = document["version"]?.stringValue, let table = document["table"] else {
      return Lookup(warning: warning(path, "it has no \"version\" and \"table\""))
    }
    // The table the tool holds, when the file states its fingerprints (help's only if asked
    // for: a file written before it was kept states none, and its table is decoded).
    if let known, knownVersion == version,
      !help || document["helpVersion"]?.stringValue == known.table.helpVersion
    {
      return Lookup(contents: known)
    }
    do {
      return Lookup(contents: try AppTable.contents(of: table, claimedVersion: version))
    } catch {
      return Lookup(warning: warning(path, error.message))
    }
  }

  /// How a file written by ``store(_:for:)`` for `key` and a table of fingerprints `version`
  /// and `helpVersion` starts:
  /// `{"key":"socket /tmp/a.sock","version":"1a2b3c4d5e6f7a8b","helpVersion":"…",`; without
  /// `helpVersion`, only as far as `version`.
  static func prefix(key: Key, version: String, helpVersion: String? = nil) -> [UInt8] {
    var bytes = Array(#"{"key":"#.utf8)
    JSON.string(key.text).serialize(into: &bytes)
    bytes += #","version":"#.utf8
    JSON.string(version).serialize(into: &bytes)
    bytes.append(UInt8(ascii: ","))
    if let helpVersion {
      bytes += #""helpVersion":"#.utf8
      JSON.string(helpVersion).serialize(into: &bytes)
      bytes.append(UInt8(ascii: ","))
    }
    return bytes
  }

  /// Keeps `contents` as `key`'s table, replacing the one before.
  ///
  /// - Returns: `nil`, or one warning line when it could not be kept (the command goes on).
  @discardableResult
  package func store(_ contents: RoutesFileContents, for key: Key) -> String? {
    let document = JSON.object([
      ("key", .string(key.text)),
      ("version", .string(contents.table.version)),
      ("helpVersion", .string(contents.table.helpVersion)),
      (
        "table",
        RoutesDocument.json(
          table: contents.table, androidPackage: contents.androidPackage, iosBundleID: contents.iosBundleID)
      ),
    ])
    let path = path(for: key)
    do {
      try PrivateFiles.prepareDirectory(directory)
      try PrivateFiles.writeAtomically(Array(document.serialized.utf8), to: path)
      prune(keeping: path)
      return nil
    } catch {
      return "\(tool): warning: cannot keep the app's table in \(directory): \(error.message)"
    }
  }

  /// Removes the tables of apps that cannot come back: those kept for a socket whose directory
  /// no longer exists (a test's or a script's temporary directory, removed), so that the cache
  /// does not grow with every socket path ever answered. A stopped app's table stays while its
  /// socket's directory does (the default one always does): help, `url` and Tab still need it.
  /// Done when a table is stored, which is rare (first contact, a rebuilt app), never when one
  /// is read; files that are not tables of this cache, or cannot be read, are left alone.
  ///
  /// - Parameter kept: the file just written.
  func prune(keeping kept: String) {
    for name in FileSystem.entries(of: directory) ?? []
    where name.hasPrefix("table-") && name.hasSuffix(".json") {
      let path = directory + "/" + name
      guard path != kept, let bytes = try? PrivateFiles.read(path, limit: Self.maximumBytes),
        let key = (try? JSON.parse(bytes))?["key"]?.stringValue, key.hasPrefix("socket /")
      else { continue }
      let socket = key.dropFirst("socket ".count)
      let parent = String(socket[..<(socket.lastIndex(of: "/") ?? socket.startIndex)])
      guard !parent.isEmpty, (try? FileStatus.of(parent)).flatMap({ $0 }) == nil else { continue }
      try? FileSystem.removeFile(path)
    }
  }

  /// `deeplink: warning: ignoring the cached table PATH: REASON`.
  func warning(_ path: String, _ reason: String) -> String {
    "\(tool): warning: ignoring the cached table \(path): \(reason)"
  }
}
