import Foundation
import FuzzChecks
import ReaderFuzzChecks
import RecipeSampleApp
import TestSupport
import Testing

/// Every input in `Fuzz/corpus/<target>` and `Fuzz/regressions/<target>` (where `make fuzz`
/// crashes are kept once fixed) goes through the same checks the fuzzers run, as ordinary
/// tests: a fixed bug stays fixed without libFuzzer.
@Suite struct FuzzRegressionTests {
  struct Input: CustomTestStringConvertible, Sendable {
    let target: String
    let path: String
    var testDescription: String { "\(target)/\(URL(fileURLWithPath: path).lastPathComponent)" }
  }

  static let fuzzFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fuzz")

  static func inputs(_ target: String) -> [Input] {
    ["corpus", "regressions"].flatMap { folder -> [Input] in
      let directory = fuzzFolder.appendingPathComponent(folder).appendingPathComponent(target)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
      return names.filter { !$0.hasPrefix(".") }.sorted().map {
        Input(target: target, path: directory.appendingPathComponent($0).path)
      }
    }
  }

  static let checks: [String: @Sendable ([UInt8]) -> String?] = [
    "route-parser": { RouteParserCheck.check($0) },
    "arguments": { ArgumentParserCheck.check($0) },
    "wire": { WireCheck.check($0) },
    "xml-plist": { XMLPlistCheck.check($0) },
    "binary-plist": { BinaryPlistCheck.check($0) },
    "zip": { ZipCheck.check($0) },
    "android-manifest": { AndroidManifestCheck.check($0) },
    "png": { PNGCheck.check($0) },
    "routes-file": { RoutesFileCheck.check($0) },
    "mcp": { McpLineCheck.check($0) },
  ]

  static let allInputs = checks.keys.sorted().flatMap(inputs)

  @Test func everyTargetHasSeeds() {
    for target in Self.checks.keys {
      #expect(!Self.inputs(target).isEmpty, "no seeds in Fuzz/corpus/\(target)")
    }
  }

  /// `make fuzz` and `make fuzz-replay` (and so CI) run every target checked here, and each
  /// has its executable and its dictionary.
  @Test func theMakefileFuzzesEveryTarget() throws {
    let makefile = try String(
      contentsOf: Self.fuzzFolder.deletingLastPathComponent().appendingPathComponent("Makefile"),
      encoding: .utf8)
    let line = try #require(makefile.split(separator: "\n").first { $0.hasPrefix("FUZZ_TARGETS :=") })
    let targets = line.dropFirst("FUZZ_TARGETS :=".count).split(separator: " ").map(String.init)
    #expect(targets.sorted() == Self.checks.keys.sorted())
    for target in targets {
      for path in ["fuzz-\(target)", "dictionaries/\(target).dict"] {
        #expect(
          FileManager.default.fileExists(atPath: Self.fuzzFolder.appendingPathComponent(path).path),
          "no Fuzz/\(path)")
      }
    }
  }

  /// A kept input is only a regression if it still reaches the code it was kept for: the
  /// first byte of a wire input is the harness's control byte, not part of the stream.
  @Test func theIntMinDeadlineReachesTheDeadlineCheck() throws {
    let path = Self.fuzzFolder.appendingPathComponent("regressions/wire/deadline-int-min").path
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    let lines = WireCheck.lines(of: bytes)
    #expect(
      lines.map { String(decoding: $0, as: UTF8.self) }.contains { $0.contains("-9223372036854775808") })
    let replies = WireCheck.replies(to: lines)
    #expect(replies.count == 1)
    #expect(replies.allSatisfy { $0.contains(#""kind":"expired""#) }, "\(replies)")
  }

  /// `.gitignore` hides none of the files `Fuzz/README.md` says to commit, also on a
  /// case-insensitive file system (macOS), where `fuzz/` and `Fuzz/` are one folder.
  @Test(
    .requires("git"),
    .enabled(
      if: ExternalTool.runs(
        needing: FileManager.default.fileExists(atPath: fuzzFolder.deletingLastPathComponent().path + "/.git")
      ),
      "needs a git checkout"))
  func keptFuzzInputsAreNotIgnoredByGit() throws {
    let paths = [
      "Fuzz/regressions/wire/crash-0123abcd", "Fuzz/regressions/arguments/leak-1", "Fuzz/corpus/wire/seed-99",
      "Fuzz/corpus/arguments/crash-2",
    ]
    let result = try Command.run(
      try ExternalTool.require("git"),
      [
        "-C", Self.fuzzFolder.deletingLastPathComponent().path, "-c", "core.ignorecase=true", "check-ignore",
        "--no-index",
      ]
        + paths)
    // check-ignore exits 1 when none of the paths is ignored, and prints the ignored ones.
    #expect(result.status == 1 && result.stdout.isEmpty, "\(result)")
  }

  @Test(arguments: allInputs)
  func keptInputPassesItsChecks(_ input: Input) throws {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: input.path)))
    let check = try #require(Self.checks[input.target])
    let problem = check(bytes)
    #expect(problem == nil, "\(input.path): \(problem ?? "")")
  }
}
