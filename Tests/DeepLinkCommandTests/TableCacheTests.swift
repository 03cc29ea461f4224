import DeepLinkRoutes
import DeepLinkWire
import Foundation
import RecipeSampleRoutes
import TestSupport
import Testing

@testable import DeepLinkCommand

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The cache of app tables on real files with real modes: private, atomic, and a file that
/// cannot be trusted is ignored with one warning line.
@Suite("Table cache")
struct TableCacheTests {
  static let key = TableCache.Key.socket("/run/user/1000/deeplink/app.sock")
  static let contents = RoutesFileContents(table: .recipeSample, iosBundleID: "com.example.Recipes")
  static let shop = RouteTable(
    scheme: "shop",
    routes: [Route("cart", summary: "Show the cart"), Route("product", summary: "Show a product")])

  /// A cache in a directory (not made yet) inside a fresh temporary one.
  static func withCache(_ body: (TableCache, TemporaryDirectory) throws -> Void) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try body(TableCache(directory: directory.file("cache/deeplink"), tool: "deeplink"), directory)
  }

  static func mode(_ path: String) -> mode_t {
    var status = stat()
    return lstat(path, &status) == 0 ? status.st_mode & 0o7777 : 0
  }

  @Test func aStoredTableIsFoundAgain() throws {
    try Self.withCache { cache, _ in
      #expect(cache.store(Self.contents, for: Self.key) == nil)
      let found = cache.lookUp(Self.key)
      #expect(found.warning == nil)
      #expect(found.contents?.table.version == RouteTable.recipeSample.version)
      #expect(found.contents?.iosBundleID == "com.example.Recipes")
    }
  }

  /// A file that states the table the tool holds is recognised by its first bytes, without
  /// decoding it; anything else is decoded and checked as before.
  @Test func aFileOfTheTableAtHandIsRecognisedByItsStart() throws {
    try Self.withCache { cache, _ in
      #expect(cache.store(Self.contents, for: Self.key) == nil)
      let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: cache.path(for: Self.key))))
      #expect(bytes.starts(with: TableCache.prefix(key: Self.key, version: RouteTable.recipeSample.version)))
      let known = RoutesFileContents(table: .recipeSample)
      let found = cache.lookUp(Self.key, known: known)
      #expect(found.warning == nil && found.contents?.iosBundleID == nil, "the tool's own contents")
      let other = cache.lookUp(Self.key, known: RoutesFileContents(table: Self.shop))
      #expect(other.contents?.iosBundleID == "com.example.Recipes", "decoded from the file")
    }
  }

  /// Tables kept for sockets whose directory is gone do not pile up: the next table stored
  /// removes them; a stopped app's table stays while its socket's directory exists, and so do
  /// a simulator app's.
  @Test func storingPrunesTheTablesOfSocketsWhoseDirectoryIsGone() throws {
    try Self.withCache { cache, directory in
      let gone = try TemporaryDirectory()
      let goneKey = TableCache.Key.socket(gone.file("app.sock"))
      let stoppedKey = TableCache.Key.socket(directory.file("app.sock"))
      let simulatorKey = TableCache.Key.simulatorApp(bundleID: "com.example.Recipes")
      for key in [goneKey, stoppedKey, simulatorKey] { #expect(cache.store(Self.contents, for: key) == nil) }
      gone.remove()
      #expect(cache.lookUp(goneKey).contents != nil, "reading prunes nothing")
      #expect(cache.store(Self.contents, for: .socket(directory.file("other.sock"))) == nil)
      #expect(cache.lookUp(goneKey).contents == nil)
      #expect(!FileManager.default.fileExists(atPath: cache.path(for: goneKey)))
      #expect(cache.lookUp(stoppedKey).contents != nil)
      #expect(cache.lookUp(simulatorKey).contents != nil)
      let names = try FileManager.default.contentsOfDirectory(atPath: cache.directory)
      #expect(names.count == 3, "\(names)")
    }
  }

  @Test func theDirectoryAndItsParentAre0700AndTheFile0600() throws {
    try Self.withCache { cache, directory in
      let previous = umask(0)
      defer { umask(previous) }
      #expect(cache.store(Self.contents, for: Self.key) == nil)
      #expect(Self.mode(directory.file("cache")) == 0o700)
      #expect(Self.mode(cache.directory) == 0o700)
      #expect(Self.mode(cache.path(for: Self.key)) == 0o600)
      // Written beside and renamed: nothing else is left in the directory.
      let names = try FileManager.default.contentsOfDirectory(atPath: cache.directory)
      #expect(names.count == 1)
    }
  }

  @Test func storingAgainReplacesTheFileWhole() throws {
    try Self.withCache { cache, _ in
      cache.store(RoutesFileContents(table: Self.shop), for: Self.key)
      let path = cache.path(for: Self.key)
      let before = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
      cache.store(Self.contents, for: Self.key)
      let after = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
      #expect(before != after, "a new file renamed over the old one, not the old one rewritten")
      #expect(cache.lookUp(Self.key).contents?.table.version == RouteTable.recipeSample.version)
    }
  }

  @Test func eachAppHasItsOwnFile() throws {
    try Self.withCache { cache, _ in
      let simulator = TableCache.Key.simulator(udid: "5b6d-1", bundleID: "com.example.Shop")
      cache.store(RoutesFileContents(table: Self.shop), for: simulator)
      cache.store(Self.contents, for: Self.key)
      #expect(cache.path(for: simulator) != cache.path(for: Self.key))
      #expect(cache.lookUp(simulator).contents?.table.version == Self.shop.version)
      // The simulator key is the app's whatever the case of the UDID and bundle id.
      #expect(
        cache.lookUp(.simulator(udid: "5B6D-1", bundleID: "COM.example.shop")).contents?.table.version
          == Self.shop.version)
      #expect(cache.lookUp(.socket("/elsewhere.sock")).contents == nil)
    }
  }

  @Test func nothingCachedIsNoTableAndNoWarning() throws {
    try Self.withCache { cache, _ in
      let found = cache.lookUp(Self.key)
      #expect(found.contents == nil && found.warning == nil)
    }
  }

  @Test func anotherKeysFileAtThePathIsNoTableAndNoWarning() throws {
    try Self.withCache { cache, _ in
      cache.store(Self.contents, for: .socket("/other.sock"))
      try FileManager.default.moveItem(
        atPath: cache.path(for: .socket("/other.sock")), toPath: cache.path(for: Self.key))
      let found = cache.lookUp(Self.key)
      #expect(found.contents == nil && found.warning == nil)
    }
  }

  /// What is put at the cache file's path, and what the warning must say.
  struct Spoiled: CustomTestStringConvertible, Sendable {
    let name: String
    let reason: String
    let spoil: @Sendable (_ path: String, _ directory: String) throws -> Void
    var testDescription: String { name }
  }

  static func write(_ text: String, _ path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    chmod(path, 0o600)
  }

  static let spoiled: [Spoiled] = [
    Spoiled(name: "not JSON", reason: "it is not JSON") { path, _ in try write("{\"key\":", path) },
    Spoiled(name: "readable by others", reason: "mode 0644") { path, _ in chmod(path, 0o644) },
    Spoiled(name: "writable by the group", reason: "mode 0620") { path, _ in chmod(path, 0o620) },
    Spoiled(name: "a directory open to others", reason: "mode 0755") { _, directory in chmod(directory, 0o755)
    },
    Spoiled(name: "a symbolic link", reason: "a symbolic link") { path, directory in
      try FileManager.default.moveItem(atPath: path, toPath: directory + "/real.json")
      symlink(directory + "/real.json", path)
    },
    Spoiled(name: "a FIFO, which must not block", reason: "a special file") { path, _ in
      unlink(path)
      mkfifo(path, 0o600)
    },
    Spoiled(name: "a directory", reason: "a directory") { path, _ in
      unlink(path)
      mkdir(path, 0o700)
    },
    Spoiled(name: "no table", reason: "no \"version\" and \"table\"") { path, _ in
      try write(#"{"key":"\#(key.text)"}"#, path)
    },
    Spoiled(name: "a table edited by hand", reason: "its routes give") { path, _ in
      let text = try String(contentsOfFile: path, encoding: .utf8)
      try write(text.replacingOccurrences(of: "999999", with: "999998"), path)
    },
    Spoiled(name: "a table that breaks the format", reason: "route name 'Bad'") { path, _ in
      try write(#"{"key":"\#(key.text)","version":"x","table":{"routes":[{"name":"Bad"}]}}"#, path)
    },
    Spoiled(name: "too large", reason: "larger than") { path, _ in
      try write(String(repeating: " ", count: TableCache.maximumBytes + 1), path)
    },
  ]

  @Test(arguments: spoiled)
  func aFileThatCannotBeTrustedIsIgnoredWithOneWarning(_ spoiled: Spoiled) throws {
    try Self.withCache { cache, _ in
      cache.store(Self.contents, for: Self.key)
      let path = cache.path(for: Self.key)
      try spoiled.spoil(path, cache.directory)
      let found = cache.lookUp(Self.key)
      #expect(found.contents == nil)
      let warning = try #require(found.warning)
      #expect(!warning.contains("\n"))
      #expect(warning.contains(spoiled.reason), "\(warning)")
      #expect(warning.contains(cache.directory), "\(warning)")
    }
  }

  @Test(.enabled(if: getuid() == 0, "needs root to give a file to another user"))
  func aFileOfAnotherUserIsIgnoredWithOneWarning() throws {
    try Self.withCache { cache, _ in
      cache.store(Self.contents, for: Self.key)
      let path = cache.path(for: Self.key)
      #expect(chown(path, 1, 1) == 0)
      let warning = cache.lookUp(Self.key).warning
      #expect(warning?.contains("belongs to another user (uid 1)") == true, "\(warning ?? "")")
    }
  }

  @Test func aCacheThatCannotBeWrittenIsAWarningNotAFailure() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.write("a file where the directory should be", directory.file("deeplink"))
    let cache = TableCache(directory: directory.file("deeplink"), tool: "deeplink")
    let warning = cache.store(Self.contents, for: Self.key)
    #expect(
      warning?.contains("cannot keep the app's table in \(cache.directory)") == true, "\(warning ?? "")")
    #expect(cache.lookUp(Self.key).warning?.contains("a regular file") == true)
  }

  @Test(arguments: [
    (["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/me"], "/x/cache/deeplink"),
    (["XDG_CACHE_HOME": "/x/cache/", "HOME": "/home/me"], "/x/cache/deeplink"),
    (["XDG_CACHE_HOME": "relative", "HOME": "/home/me"], "/home/me/.cache/deeplink"),
    (["XDG_CACHE_HOME": "", "HOME": "/home/me"], "/home/me/.cache/deeplink"),
    (["HOME": "/home/me"], "/home/me/.cache/deeplink"),
    ([:], nil),
  ])
  func theDirectoryFollowsXDG(_ environment: [String: String], _ expected: String?) {
    #expect(TableCache.standardDirectory(environment: { environment[$0] }) == expected)
  }
}
