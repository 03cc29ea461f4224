import Foundation
import TestSupport
import Testing

/// `deeplink check-release` reading each app's executable for the agent, through the real
/// binary, with real programs as the executables: `deeplink-app` (which starts the agent) and
/// the `deeplink` tool (which must not link it), in bundles written by Python's plistlib and
/// zipfile, then in bundles built to escape, lie or break.
@Suite(
  "check-release: the agent in release executables",
  .requires("python3"))
struct CheckReleaseAgentTests {
  /// Writes bundles with Python: `sys.argv[1]` the directory, `sys.argv[2]` `deeplink-app`,
  /// `sys.argv[3]` `deeplink`; `bundle(path, executable name, program or None, macos=False,
  /// schemes=[], binary=False)` and `ipa(path, [(name, bytes)])` are defined for `script`.
  static func write(_ script: String, in directory: TemporaryDirectory) throws {
    let prelude = """
      import os, plistlib, shutil, sys, zipfile
      d, agent, tool = sys.argv[1], sys.argv[2], sys.argv[3]
      def plist(name, schemes=[], binary=False):
          p = {'CFBundleIdentifier': 'com.example.app'}
          if name is not None: p['CFBundleExecutable'] = name
          if schemes: p['CFBundleURLTypes'] = [{'CFBundleURLSchemes': schemes}]
          return plistlib.dumps(p, fmt=plistlib.FMT_BINARY if binary else plistlib.FMT_XML)
      def bundle(path, name, program, macos=False, schemes=[], binary=False):
          inner = path + '/Contents' if macos else path
          os.makedirs(inner + ('/MacOS' if macos else ''), exist_ok=True)
          with open(inner + '/Info.plist', 'wb') as f: f.write(plist(name, schemes, binary))
          if program is not None: shutil.copy(program, (inner + '/MacOS/' if macos else inner + '/') + name)
      def ipa(path, entries):
          with zipfile.ZipFile(path, 'w', zipfile.ZIP_DEFLATED) as z:
              for name, data in entries: z.writestr(name, data)
      def read(path): return open(path, 'rb').read()

      """
    let result = try Command.run(
      try ExternalTool.require("python3"),
      ["-c", prelude + script, directory.path, Command.product("deeplink-app"), Command.product("deeplink")])
    try #require(result.status == 0, "\(result)")
  }

  /// An `.app` in each layout, an `.ipa` and an `.xcarchive`, each once with `deeplink-app` as
  /// its executable (the agent: exit 1) and once with `deeplink` (no agent: exit 0).
  @Test func anExecutableThatStartsTheAgentFailsTheCheck() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.write(
      """
      bundle(d + '/Agent.app', 'Agent', agent)
      bundle(d + '/Clean.app', 'Clean', tool)
      bundle(d + '/MacAgent.app', 'MacAgent', agent, macos=True)
      bundle(d + '/MacClean.app', 'Mac Clean', tool, macos=True)
      bundle(d + '/Archive.xcarchive/Products/Applications/Agent.app', 'Agent', agent)
      ipa(d + '/Agent.ipa', [('Payload/Agent.app/Info.plist', plist('Agent', binary=True)),
                             ('Payload/Agent.app/Agent', read(agent))])
      ipa(d + '/Clean.ipa', [('Payload/Clean.app/Info.plist', plist('Clean')),
                             ('Payload/Clean.app/Clean', read(tool))])
      """, in: directory)
    let d = directory.path
    let agentSize =
      try FileManager.default.attributesOfItem(atPath: Command.product("deeplink"))[.size] as? Int
    for clean in ["/Clean.app", "/MacClean.app", "/Clean.ipa"] {
      let result = try Command.deeplink("check-release", d + clean)
      #expect(result.status == 0, "\(clean): \(result)")
      #expect(result.stdout.contains("\nno agent in "), "\(clean): \(result)")
      #expect(result.stdout.hasSuffix(" (\(agentSize ?? -1) bytes read)\n"), "\(clean): \(result)")
    }
    let clean = try Command.deeplink("check-release", d + "/MacClean.app")
    #expect(
      clean.stdout == """
        debug not registered in \(d)/MacClean.app/Contents/Info.plist (it registers no URL scheme)
        no agent in \(d)/MacClean.app/Contents/MacOS/Mac Clean (\(agentSize ?? -1) bytes read)

        """)

    for (agent, executable) in [
      ("/Agent.app", "/Agent.app/Agent"), ("/MacAgent.app", "/MacAgent.app/Contents/MacOS/MacAgent"),
      ("/Agent.ipa", "/Agent.ipa:Payload/Agent.app/Agent"),
      ("/Archive.xcarchive", "/Archive.xcarchive/Products/Applications/Agent.app/Agent"),
    ] {
      let result = try Command.deeplink("check-release", d + "/Clean.app", d + agent)
      #expect(result.status == 1, "\(agent): \(result)")
      #expect(
        result.stdout.contains(
          "\nagent linked in \(d)\(executable) (DeepLinkAgent's release marker at byte "),
        "\(agent): \(result)")
      #expect(
        result.stderr == "deeplink: error: the deeplink agent is linked into \(d)\(executable); a release "
          + "build must not start it\nStart the agent only under #if DEBUG (see docs/release-builds.md).\n",
        "\(agent): \(result)")
      // The debug build's check (`--expect-registered`) is about the scheme only.
      #expect(try Command.deeplink("check-release", "--expect-registered", d + agent).status == 1)
    }
  }

  /// `--json` names the checks that failed, on stdout (`failed`) and stderr (`kind`).
  @Test func jsonNamesTheFailingChecks() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.write(
      """
      bundle(d + '/Agent.app', 'Agent', agent)
      bundle(d + '/Both.app', 'Both', agent, schemes=['debug'])
      bundle(d + '/Scheme.app', 'Scheme', tool, schemes=['debug'])
      bundle(d + '/Clean.app', 'Clean', tool, schemes=['recipes'])
      """, in: directory)
    for (name, failed, kind, status) in [
      ("Agent", ["agent"], "agent-linked", 1), ("Both", ["scheme", "agent"], "registered", 1),
      ("Scheme", ["scheme"], "registered", 1), ("Clean", [], nil, 0),
    ] as [(String, [String], String?, Int32)] {
      let result = try Command.deeplink("check-release", "--json", directory.file(name + ".app"))
      #expect(result.status == status, "\(name): \(result)")
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result)")
      #expect(object["failed"] as? [String] == failed, "\(name): \(result)")
      let file = try #require((object["files"] as? [[String: Any]])?.first)
      let executable = try #require(file["executable"] as? [String: Any])
      #expect(executable["path"] as? String == directory.file("\(name).app/\(name)"))
      #expect(executable["agent"] as? Bool == failed.contains("agent"))
      #expect((executable["markerOffset"] as? Int != nil) == failed.contains("agent"))
      if let kind {
        #expect(result.stderr.contains(#""kind":"\#(kind)""#), "\(name): \(result)")
      } else {
        #expect(result.stderr == "")
      }
    }
    let both = try Command.deeplink("check-release", directory.file("Both.app"))
    #expect(
      both.stderr.hasPrefix(
        "deeplink: error: debug is registered in \(directory.file("Both.app/Info.plist")); a release build "
          + "must not register the debug scheme; and the deeplink agent is linked into "
          + directory.file("Both.app/Both")))
  }

  /// Bundles whose `CFBundleExecutable` leads out of the bundle, through a link, or to nothing:
  /// 66, naming the path and the problem. Beside each bundle, where `..` and the links point,
  /// lies a program that does carry the marker: it is never read, so never reported.
  @Test(
    arguments: [
      ("Up.app", "bundle(d + '/Up.app', '../outside', None)", "Up.app/Info.plist", "it has a '/'"),
      ("Dots.app", "bundle(d + '/Dots.app', '..', None)", "Dots.app/Info.plist", "it names a folder"),
      ("Abs.app", "bundle(d + '/Abs.app', d + '/outside', None)", "Abs.app/Info.plist", "it has a '/'"),
      ("Shell.app", "bundle(d + '/Shell.app', '/bin/sh', None)", "Shell.app/Info.plist", "it has a '/'"),
      ("Empty.app", "bundle(d + '/Empty.app', '', None)", "Empty.app/Info.plist", "it is empty"),
      (
        "Nul.app", "bundle(d + '/Nul.app', 'outside\\x00/../../outside', None, binary=True)",
        "Nul.app/Info.plist",
        "outside\\u{0}/../../outside' is not a file name inside the bundle (it has a '/')"
      ),
      (
        "Control.app", "bundle(d + '/Control.app', 'a\\x01b', None, binary=True)", "Control.app/Info.plist",
        "'a\\u{1}b' is not a file name inside the bundle (it has a control character)"
      ),
      (
        "NoName.app", "bundle(d + '/NoName.app', None, None)", "NoName.app/Info.plist",
        "its Info.plist has no CFBundleExecutable string"
      ),
      (
        "Link.app", "bundle(d + '/Link.app', 'Link', None); os.symlink(d + '/outside', d + '/Link.app/Link')",
        "Link.app/Link", "a symbolic link"
      ),
      (
        "MacLink.app",
        "os.makedirs(d + '/elsewhere'); shutil.copy(agent, d + '/elsewhere/MacLink'); "
          + "bundle(d + '/MacLink.app', 'MacLink', None, macos=True); os.rmdir(d + '/MacLink.app/Contents/MacOS'); "
          + "os.symlink(d + '/elsewhere', d + '/MacLink.app/Contents/MacOS')",
        "MacLink.app/Contents/MacOS/MacLink", "a symbolic link"
      ),
      (
        "Missing.app", "bundle(d + '/Missing.app', 'Missing', None)", "Missing.app/Missing",
        "the executable CFBundleExecutable names is not there"
      ),
      (
        "Folder.app", "bundle(d + '/Folder.app', 'Folder', None); os.mkdir(d + '/Folder.app/Folder')",
        "Folder.app/Folder", "not a regular file"
      ),
      (
        "Fifo.app", "bundle(d + '/Fifo.app', 'Fifo', None); os.mkfifo(d + '/Fifo.app/Fifo')", "Fifo.app/Fifo",
        "not a regular file"
      ),
      (
        "Script.app",
        "bundle(d + '/Script.app', 'Script', None); open(d + '/Script.app/Script', 'wb').write(read(agent)[64:])",
        "Script.app/Script", "not a Mach-O or ELF executable"
      ),
      (
        "Zero.app", "bundle(d + '/Zero.app', 'Zero', None); open(d + '/Zero.app/Zero', 'wb').close()",
        "Zero.app/Zero", "not a Mach-O or ELF executable"
      ),
    ])
  func hostileBundlesExit66(_ name: String, _ script: String, shown: String, reason: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.write("shutil.copy(agent, d + '/outside')\n" + script, in: directory)
    for arguments in [[directory.file(name)], ["--json", directory.file(name)]] {
      let result = try Command.deeplink(["check-release"] + arguments)
      #expect(result.status == 66, "\(name): \(result)")
      #expect(!result.stdout.contains("agent linked"), "\(name): \(result)")
      if arguments.count == 1 {
        #expect(
          result.stderr.hasPrefix("deeplink: error: cannot read \(directory.file(shown)): "),
          "\(name): \(result)")
        #expect(result.stderr.contains(reason), "\(name): \(result)")
      } else {
        #expect(
          result.stdout.contains(#""failed": ["#) && result.stdout.contains(#""unreadable""#), "\(result)")
        #expect(result.stderr.contains(#""kind":"unreadable""#), "\(name): \(result)")
      }
    }
  }

  /// `.ipa`s whose executable entry is missing, a link, twice there, or damaged: 66 naming the
  /// entry. A damaged entry is read to its end first, so the damage is found wherever it is.
  @Test func hostileArchivesExit66() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.write(
      """
      info = ('Payload/A.app/Info.plist', plist('A'))
      clean = read(tool)[:100000]
      ipa(d + '/missing.ipa', [info])
      ipa(d + '/twice.ipa', [info, ('Payload/A.app/A', clean), ('Payload/A.app/A', read(agent))])
      with zipfile.ZipFile(d + '/link.ipa', 'w') as z:
          z.writestr(*info)
          link = zipfile.ZipInfo('Payload/A.app/A')
          link.create_system = 3
          link.external_attr = 0o120777 << 16
          z.writestr(link, '../../outside')
      ipa(d + '/good.ipa', [info, ('Payload/A.app/A', clean)])
      entry = zipfile.ZipFile(d + '/good.ipa').getinfo('Payload/A.app/A')
      data = bytearray(read(d + '/good.ipa'))
      header = entry.header_offset
      start = header + 30 + int.from_bytes(data[header + 26:header + 28], 'little') + int.from_bytes(data[header + 28:header + 30], 'little')
      # A byte near the end of the executable's deflated data, damaged.
      data[start + entry.compress_size - 100] ^= 0xFF
      open(d + '/crc.ipa', 'wb').write(bytes(data))
      # The same entry cut short: its compressed size halved in both headers.
      data = bytearray(read(d + '/good.ipa'))
      half = (entry.compress_size // 2).to_bytes(4, 'little')
      data[header + 18:header + 22] = half
      central = data.rindex(b'Payload/A.app/A') - 46
      assert data[central:central + 4] == b'PK\\x01\\x02'
      data[central + 20:central + 24] = half
      open(d + '/cut.ipa', 'wb').write(bytes(data))
      """, in: directory)
    let d = directory.path
    #expect(try Command.deeplink("check-release", d + "/good.ipa").status == 0)
    for (name, reason) in [
      ("missing", "the executable CFBundleExecutable names is not there"),
      ("twice", "the archive holds 2 entries of that name"),
      ("link", "a symbolic link"),
      ("crc", "Payload/A.app/A in the archive is broken: "),
      ("cut", "Payload/A.app/A in the archive is broken: the compressed data ends before its stream does"),
    ] {
      let result = try Command.deeplink("check-release", "\(d)/\(name).ipa")
      #expect(result.status == 66, "\(name): \(result)")
      #expect(
        result.stderr.hasPrefix("deeplink: error: cannot read \(d)/\(name).ipa:Payload/A.app/A: \(reason)"),
        "\(name): \(result)")
    }
  }
}
