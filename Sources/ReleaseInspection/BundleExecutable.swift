/// The program of an app bundle, as its Info.plist's `CFBundleExecutable` names it, checked to
/// be one file name inside the bundle: where it is in a bundle on disk or in an `.ipa`, and
/// whether bytes start as a program does.
///
///     try BundleExecutable.name(in: plist)  // "Recipes"; `../x` or `/bin/sh` throws .notAFileName
///     try BundleExecutable.entry(in: archive, app: "Payload/Recipes.app", name: "Recipes")
package enum BundleExecutable {
  /// The `CFBundleExecutable` of `plist`, a single file name.
  ///
  /// - Throws: ``BundleExecutableError/noName`` or ``BundleExecutableError/notAFileName(_:problem:)``.
  package static func name(in plist: PropertyList) throws(BundleExecutableError) -> String {
    guard case .string(let name)? = plist["CFBundleExecutable"] else { throw .noName }
    if let problem = problem(with: name) { throw .notAFileName(name, problem: problem) }
    return name
  }

  /// What makes `name` something other than one file name, or `nil`.
  static func problem(with name: String) -> String? {
    if name.isEmpty { return "it is empty" }
    if name == "." || name == ".." { return "it names a folder" }
    if name.utf8.contains(UInt8(ascii: "/")) { return "it has a '/'" }
    if name.utf8.contains(0) { return "it has a NUL" }
    if name.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
      return "it has a control character"
    }
    return nil
  }

  /// The entry `<app>/<name>` of an `.ipa` (`app` is `Payload/X.app`).
  ///
  /// - Throws: ``BundleExecutableError/missing``, ``BundleExecutableError/duplicateEntry(count:)``,
  ///   or ``BundleExecutableError/symbolicLink`` for an entry a Unix zip tool stored as a link.
  package static func entry(in archive: ZipArchive, app: String, name: String) throws(BundleExecutableError)
    -> ZipEntry
  {
    let wanted = app + "/" + name
    let matches = archive.entries.filter { $0.name == wanted }
    guard let entry = matches.first else { throw .missing }
    guard matches.count == 1 else { throw .duplicateEntry(count: matches.count) }
    guard !entry.isSymbolicLink else { throw .symbolicLink }
    return entry
  }

  /// Whether `head`, a file's first bytes (4 are enough), start a Mach-O program (32 or 64
  /// bits, either byte order, or a universal binary) or an ELF one.
  package static func startsAsExecutable(_ head: some Collection<UInt8>) -> Bool {
    let magic = Array(head.prefix(4))
    guard magic.count == 4 else { return false }
    return [
      [0xFE, 0xED, 0xFA, 0xCE], [0xFE, 0xED, 0xFA, 0xCF], [0xCE, 0xFA, 0xED, 0xFE], [0xCF, 0xFA, 0xED, 0xFE],
      [0xCA, 0xFE, 0xBA, 0xBE], [0xBE, 0xBA, 0xFE, 0xCA], [0x7F, 0x45, 0x4C, 0x46],
    ].contains(magic)
  }
}
