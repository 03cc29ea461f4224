import DeepLinkAgent
import ReleaseInspection
import TestSupport
import Testing

/// `CFBundleExecutable` as a name inside the bundle, an `.ipa`'s executable entry, and the
/// marker the reader looks for.
@Suite struct BundleExecutableTests {
  static func plist(_ name: String?) -> PropertyList {
    .dictionary(name.map { [(key: "CFBundleExecutable", value: .string($0))] } ?? [])
  }

  @Test(
    arguments: [
      ("", "it is empty"), (".", "it names a folder"), ("..", "it names a folder"), ("../x", "it has a '/'"),
      ("/bin/sh", "it has a '/'"), ("a/b", "it has a '/'"), ("x\0", "it has a NUL"),
      ("x\n", "it has a control character"), ("x\u{85}", "it has a control character"),
    ])
  func namesThatLeaveTheBundleAreRefused(_ name: String, problem: String) {
    #expect(throws: BundleExecutableError.notAFileName(name, problem: problem)) {
      try BundleExecutable.name(in: Self.plist(name))
    }
  }

  @Test func aFileNameIsTaken() throws {
    #expect(try BundleExecutable.name(in: Self.plist("Recipes")) == "Recipes")
    #expect(try BundleExecutable.name(in: Self.plist("My App…")) == "My App…")
    #expect(throws: BundleExecutableError.noName) { try BundleExecutable.name(in: Self.plist(nil)) }
    #expect(throws: BundleExecutableError.noName) {
      try BundleExecutable.name(in: .dictionary([(key: "CFBundleExecutable", value: .integer(1))]))
    }
  }

  @Test func aControlCharacterIsShownEscaped() {
    #expect(
      BundleExecutableError.notAFileName("a\u{1B}[31m\n", problem: "p").message
        == #"CFBundleExecutable 'a\u{1b}[31m\u{a}' is not a file name inside the bundle (p); nothing outside the bundle is read"#
    )
  }

  @Test func programHeadersAreRecognized() {
    for magic: [UInt8] in [[0x7F, 0x45, 0x4C, 0x46], [0xCF, 0xFA, 0xED, 0xFE], [0xCA, 0xFE, 0xBA, 0xBE]] {
      #expect(BundleExecutable.startsAsExecutable(magic + [0, 0]))
    }
    #expect(!BundleExecutable.startsAsExecutable(Array("#!/bin/sh".utf8)))
    #expect(!BundleExecutable.startsAsExecutable([0x7F, 0x45, 0x4C]))
  }

  /// The reader's needle, made at run time, is the agent's constant.
  @Test func theNeedleIsTheAgentsMarker() {
    let marker = DeepLinkAgent.releaseMarker
    let bytes = Array(UnsafeBufferPointer(start: marker.utf8Start, count: marker.utf8CodeUnitCount))
    #expect(AgentMarker.bytes == bytes)
    #expect(bytes.count > 32)
  }

  @Test(.requires("python3"))
  func anIpasExecutableEntryIsFoundOnceAndNotALink() throws {
    let bytes = try IndependentWriters.python(
      """
      import zipfile
      with zipfile.ZipFile(out, 'w') as z:
          z.writestr('Payload/A.app/A', b'program')
          z.writestr('Payload/B.app/B', b'one')
          z.writestr('Payload/B.app/B', b'two')
          link = zipfile.ZipInfo('Payload/C.app/C')
          link.create_system = 3
          link.external_attr = 0o120777 << 16
          z.writestr(link, '../../../etc/passwd')
          plain = zipfile.ZipInfo('Payload/D.app/D')
          plain.create_system = 3
          plain.external_attr = 0o100755 << 16
          z.writestr(plain, 'program')
      """)
    let archive = try ZipArchive(MemoryBytes(bytes))
    #expect(
      try BundleExecutable.entry(in: archive, app: "Payload/A.app", name: "A").name == "Payload/A.app/A")
    #expect(try BundleExecutable.entry(in: archive, app: "Payload/D.app", name: "D").isSymbolicLink == false)
    #expect(throws: BundleExecutableError.duplicateEntry(count: 2)) {
      try BundleExecutable.entry(in: archive, app: "Payload/B.app", name: "B")
    }
    #expect(throws: BundleExecutableError.symbolicLink) {
      try BundleExecutable.entry(in: archive, app: "Payload/C.app", name: "C")
    }
    #expect(throws: BundleExecutableError.missing) {
      try BundleExecutable.entry(in: archive, app: "Payload/A.app", name: "B")
    }
  }
}
