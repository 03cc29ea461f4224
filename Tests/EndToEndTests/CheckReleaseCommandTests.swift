import Foundation
import TestSupport
import Testing

/// `deeplink check-release` through the real binary, on files Python's plistlib and zipfile
/// write: the seed's own Info.plist snippet, the seed's PlistBuddy strip, and builds of each kind.
@Suite(
  "check-release: the debug scheme in release builds",
  .requires("python3"))
struct CheckReleaseCommandTests {
  /// The seed's "Step 1: Add scheme to Info.plist", in a whole Info.plist.
  static let seedSnippet = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    <key>CFBundleIdentifier</key>
    <string>com.example.Recipes</string>
    <key>CFBundleURLTypes</key>
    <array>
        <dict>
            <key>CFBundleURLSchemes</key>
            <array>
                <string>debug</string>
            </array>
            <key>CFBundleURLName</key>
            <string>com.example.debug</string>
        </dict>
    </array>
    </dict>
    </plist>
    """

  /// Runs Python with `script`, `sys.argv[1]` the directory.
  static func python(_ script: String, in directory: TemporaryDirectory) throws {
    let result = try Command.run(try ExternalTool.require("python3"), ["-c", script, directory.path])
    try #require(result.status == 0, "\(result)")
  }

  /// The seed's `PlistBuddy -c "Delete :CFBundleURLTypes:0"`, simulated with plistlib (no
  /// PlistBuddy off a Mac): the first URL type is deleted, whichever it is.
  static let seedStrip = """
    import plistlib, sys
    path = sys.argv[1] + '/Info.plist'
    with open(path, 'rb') as f: plist = plistlib.load(f)
    del plist['CFBundleURLTypes'][0]
    with open(path, 'wb') as f: plistlib.dump(plist, f)
    """

  @Test func theSeedsSnippetIsRegisteredAndTheSeedsStripCleansIt() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Data(Self.seedSnippet.utf8).write(to: URL(fileURLWithPath: directory.file("Info.plist")))
    let plist = directory.file("Info.plist")
    let registered = try Command.deeplink("check-release", plist)
    #expect(registered.status == 1, "\(registered)")
    #expect(
      registered.stdout == "debug registered in \(plist) at CFBundleURLTypes[0].CFBundleURLSchemes[0]\n")
    #expect(
      registered.stderr
        == "deeplink: error: debug is registered in \(plist); a release build must not register the debug scheme\n"
        + "Strip it by scheme, not by index, and fail loudly: see docs/release-builds.md.\n")
    #expect(try Command.deeplink("check-release", "--expect-registered", plist).status == 0)

    try Self.python(Self.seedStrip, in: directory)
    let clean = try Command.deeplink("check-release", plist)
    #expect(clean.status == 0, "\(clean)")
    #expect(clean.stdout == "debug not registered in \(plist) (it registers no URL scheme)\n")
    #expect(clean.stderr == "")
    let expected = try Command.deeplink("check-release", "--expect-registered", plist)
    #expect(expected.status == 1)
    #expect(
      expected.stderr.hasPrefix("deeplink: error: debug is not registered in \(plist); a debug build must"))
  }

  /// The app's real scheme first, the debug one second: the seed's strip deletes the real one
  /// and ships the debug one.
  @Test func theSeedsStripRemovingTheWrongURLTypeIsCaught() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.python(
      """
      import plistlib, sys
      plist = {'CFBundleURLTypes': [
          {'CFBundleURLName': 'com.example.recipes', 'CFBundleURLSchemes': ['recipes']},
          {'CFBundleURLName': 'com.example.debug', 'CFBundleURLSchemes': ['debug']}]}
      with open(sys.argv[1] + '/Info.plist', 'wb') as f: plistlib.dump(plist, f)
      """, in: directory)
    let plist = directory.file("Info.plist")
    let before = try Command.deeplink("check-release", plist)
    #expect(before.stdout == "debug registered in \(plist) at CFBundleURLTypes[1].CFBundleURLSchemes[0]\n")
    try Self.python(Self.seedStrip, in: directory)
    let after = try Command.deeplink("check-release", plist)
    #expect(after.status == 1, "\(after)")
    #expect(after.stdout == "debug registered in \(plist) at CFBundleURLTypes[0].CFBundleURLSchemes[0]\n")
  }

  /// An .app (iOS and macOS layouts), an .xcarchive of two apps, an .ipa, a binary Info.plist
  /// and an Android manifest in one call: each reported, in order.
  @Test func everyKindOfPathInOneCall() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.python(
      """
      import os, plistlib, sys, zipfile
      d = sys.argv[1]
      def types(*schemes): return {'CFBundleExecutable': 'App', 'CFBundleURLTypes': [{'CFBundleURLSchemes': list(schemes)}]}
      # A program's first bytes (ELF), and no agent.
      program = b'\\x7fELF' + bytes(4092)
      os.makedirs(d + '/Recipes.app')
      with open(d + '/Recipes.app/Info.plist', 'wb') as f: plistlib.dump(types('recipes'), f, fmt=plistlib.FMT_BINARY)
      with open(d + '/Recipes.app/App', 'wb') as f: f.write(program)
      os.makedirs(d + '/Mac.app/Contents/MacOS')
      with open(d + '/Mac.app/Contents/Info.plist', 'wb') as f: plistlib.dump(types('Debug'), f)
      with open(d + '/Mac.app/Contents/MacOS/App', 'wb') as f: f.write(program)
      for app in ['A.app', 'B.app']:
          os.makedirs(d + '/R.xcarchive/Products/Applications/' + app)
          with open(d + '/R.xcarchive/Products/Applications/' + app + '/Info.plist', 'wb') as f:
              plistlib.dump(types('shop'), f)
          with open(d + '/R.xcarchive/Products/Applications/' + app + '/App', 'wb') as f: f.write(program)
      with zipfile.ZipFile(d + '/Recipes.ipa', 'w', zipfile.ZIP_DEFLATED) as z:
          z.writestr('Payload/Recipes.app/App', program)
          z.writestr('Payload/Recipes.app/Info.plist', plistlib.dumps(types('recipes', 'debug'), fmt=plistlib.FMT_BINARY))
          z.writestr('Payload/Recipes.app/PlugIns/W.appex/Info.plist', plistlib.dumps(types('debug')))
      with open(d + '/AndroidManifest.xml', 'w') as f:
          f.write('''<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example">
        <application>
          <activity android:name=".MainActivity">
            <intent-filter>
              <data android:scheme="debug" android:host="recipe" />
            </intent-filter>
          </activity>
        </application>
      </manifest>
      ''')
      """, in: directory)
    let d = directory.path
    let result = try Command.deeplink(
      "check-release", d + "/Recipes.app", d + "/Mac.app/", d + "/R.xcarchive", d + "/Recipes.ipa",
      d + "/AndroidManifest.xml")
    #expect(result.status == 1, "\(result)")
    #expect(
      result.stdout == """
        debug not registered in \(d)/Recipes.app/Info.plist (its URL schemes: recipes)
        no agent in \(d)/Recipes.app/App (4096 bytes read)
        debug registered in \(d)/Mac.app/Contents/Info.plist at CFBundleURLTypes[0].CFBundleURLSchemes[0] (written 'Debug')
        no agent in \(d)/Mac.app/Contents/MacOS/App (4096 bytes read)
        debug not registered in \(d)/R.xcarchive/Products/Applications/A.app/Info.plist (its URL schemes: shop)
        no agent in \(d)/R.xcarchive/Products/Applications/A.app/App (4096 bytes read)
        debug not registered in \(d)/R.xcarchive/Products/Applications/B.app/Info.plist (its URL schemes: shop)
        no agent in \(d)/R.xcarchive/Products/Applications/B.app/App (4096 bytes read)
        debug registered in \(d)/Recipes.ipa:Payload/Recipes.app/Info.plist at CFBundleURLTypes[0].CFBundleURLSchemes[1]
        no agent in \(d)/Recipes.ipa:Payload/Recipes.app/App (4096 bytes read)
        debug registered in \(d)/AndroidManifest.xml at line 5 (activity .MainActivity)

        """)
    let clean = try Command.deeplink("check-release", d + "/Recipes.app", d + "/R.xcarchive")
    #expect(clean.status == 0, "\(clean)")

    let json = try Command.deeplink("check-release", "--json", d + "/AndroidManifest.xml")
    #expect(json.status == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["ok"] as? Bool == false)
    let files = try #require(object["files"] as? [[String: Any]])
    let at = try #require(files.first?["at"] as? [[String: Any]])
    #expect(at.first?["line"] as? Int == 5)
    #expect(at.first?["activity"] as? String == ".MainActivity")
    #expect(json.stderr.contains(#""kind":"registered""#))
    #expect(json.stderr.contains(#""exitCode":1"#))
  }

  /// The scheme is the table's: a routes file with another scheme checks that one.
  @Test func theSchemeIsTheTables() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let routes = directory.file("shop.routes.json")
    try Data(#"{"scheme": "shopdebug", "routes": [{"name": "cart"}]}"#.utf8).write(
      to: URL(fileURLWithPath: routes))
    try Data(
      Self.seedSnippet.replacingOccurrences(of: "<string>debug</string>", with: "<string>ShopDebug</string>")
        .utf8
    )
    .write(to: URL(fileURLWithPath: directory.file("Info.plist")))
    let plist = directory.file("Info.plist")
    let result = try Command.deeplink("--routes", routes, "check-release", plist)
    #expect(result.status == 1, "\(result)")
    #expect(result.stdout.hasPrefix("shopdebug registered in \(plist) at CFBundleURLTypes[0]"))
    #expect(try Command.deeplink("check-release", plist).status == 0)
  }

  /// Input that cannot be read: 66, each path named, whatever the other paths show.
  @Test(
    arguments: [
      ("missing.plist", nil, "No such file or directory"),
      ("empty.plist", "", "not an app bundle, .xcarchive, .ipa, Info.plist or AndroidManifest.xml"),
      ("text.plist", "hello", "not an app bundle, .xcarchive, .ipa, Info.plist or AndroidManifest.xml"),
      ("truncated.ipa", "PK\u{3}\u{4}\u{14}\0\0\0", "not a zip archive"),
      ("bad.plist", "bplist00\u{1}\u{2}", "not a valid binary property list"),
      (
        "entity.plist",
        "<!DOCTYPE p [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><plist><string>&x;</string></plist>",
        "never expanded"
      ),
      ("folder.app", "", "no Info.plist at its root or in Contents/"),
    ] as [(String, String?, String)])
  func unreadableInputExits66(_ name: String, _ contents: String?, reason: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file(name)
    if name.hasSuffix(".app") {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } else if let contents {
      try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
    }
    try Data(Self.seedSnippet.utf8).write(to: URL(fileURLWithPath: directory.file("Info.plist")))
    let result = try Command.deeplink("check-release", directory.file("Info.plist"), path)
    #expect(result.status == 66, "\(result)")
    #expect(result.stderr.hasPrefix("deeplink: error: cannot read \(path): "), "\(result)")
    #expect(result.stderr.contains(reason), "\(result)")
    let json = try Command.deeplink("check-release", path, "--json")
    #expect(json.stderr.contains(#""kind":"unreadable""#), "\(json)")
    #expect(json.stderr.contains(#""exitCode":66"#))
  }

  /// Real files broken the ways downloads and builds break them: written by plistlib and
  /// zipfile, then cut short or damaged. Each is 66, naming the file (inside an archive, the
  /// entry) and what is wrong.
  @Test func truncatedAndBrokenFilesFromRealWritersExit66() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.python(
      """
      import plistlib, sys, zipfile
      d = sys.argv[1]
      plist = plistlib.dumps({'CFBundleExecutable': 'A', 'CFBundleURLTypes': [{'CFBundleURLSchemes': ['debug']}]}, fmt=plistlib.FMT_BINARY)
      with open(d + '/cut.plist', 'wb') as f: f.write(plist[:-10])
      with zipfile.ZipFile(d + '/Good.ipa', 'w', zipfile.ZIP_DEFLATED) as z:
          z.writestr('Payload/A.app/Info.plist', plist)
          z.writestr('Payload/A.app/A', b'\\xcf\\xfa\\xed\\xfe' + bytes(1000))
      data = open(d + '/Good.ipa', 'rb').read()
      with open(d + '/cut.ipa', 'wb') as f: f.write(data[:len(data) // 2])
      at = data.index(b'Info.plist') + len('Info.plist') + 4
      broken = bytearray(data)
      broken[at] ^= 0xFF
      with open(d + '/crc.ipa', 'wb') as f: f.write(bytes(broken))
      with zipfile.ZipFile(d + '/text.ipa', 'w') as z:
          z.writestr('Payload/A.app/Info.plist', 'not a plist')
      """, in: directory)
    let d = directory.path
    #expect(try Command.deeplink("check-release", d + "/Good.ipa").status == 1)
    for (name, reason) in [
      ("cut.plist", "cannot read \(d)/cut.plist: not a valid binary property list"),
      ("cut.ipa", "cannot read \(d)/cut.ipa: not a zip archive"),
      (
        "crc.ipa",
        "cannot read \(d)/crc.ipa:Payload/A.app/Info.plist: Payload/A.app/Info.plist in the archive is broken"
      ),
      ("text.ipa", "cannot read \(d)/text.ipa:Payload/A.app/Info.plist: not a valid XML property list"),
    ] {
      let result = try Command.deeplink("check-release", d + "/" + name)
      #expect(result.status == 66, "\(name): \(result)")
      #expect(result.stderr.hasPrefix("deeplink: error: " + reason), "\(name): \(result)")
      #expect(
        result.stderr.hasSuffix("\nGive a built .app, .xcarchive, .ipa, Info.plist or AndroidManifest.xml.\n")
      )
    }
  }

  @Test func noPathIsAUsageError() throws {
    let result = try Command.deeplink("check-release")
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix(
        "deeplink: error: check-release needs a path: an .app, .xcarchive, .ipa, Info.plist or AndroidManifest.xml"
      ))
  }
}
