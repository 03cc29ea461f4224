// swift-tools-version: 6.2
// 6.2, the oldest that builds this package: the server's per-line path uses `Span`, which first
// ships with Swift 6.2's compiler and standard library (the manifest alone would need 6.0).
import PackageDescription

/// Swift 6 language mode everywhere; warnings are errors in CI through `make lint`/`make build`.
let strict: [SwiftSetting] = [
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
  name: "deeplink",
  // The libraries an app uses (docs/your-own-app.md). DeepLinkRoutes is portable
  // (no Foundation, no Glibc); the others need a POSIX system (Linux, macOS, iOS). Compiled for
  // these versions against Apple's C headers by `make darwin` (docs/your-own-app.md, "Platforms").
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [
    .library(name: "DeepLinkRoutes", targets: ["DeepLinkRoutes"]),
    .library(name: "DeepLinkCommand", targets: ["DeepLinkCommand"]),
    .library(name: "DeepLinkAgent", targets: ["DeepLinkAgent"]),
    .executable(name: "deeplink", targets: ["deeplink"]),
    .executable(name: "deeplink-app", targets: ["deeplink-app"]),
  ],
  targets: [
    // The route table: declarations, URL building and parsing. Portable (no Glibc, no Foundation).
    .target(name: "DeepLinkRoutes", swiftSettings: strict),
    // The recipe sample's route table: what `deeplink` and `deeplink-app` share.
    .target(
      name: "RecipeSampleRoutes", dependencies: ["DeepLinkRoutes"], path: "Sources/Sample/RecipeSampleRoutes",
      swiftSettings: strict),
    // The recipe sample's headless app model: effects, navigation stack, overrides, data set,
    // screen text.
    .target(
      name: "RecipeSampleApp", dependencies: ["DeepLinkAgent", "DeepLinkRoutes", "RecipeSampleRoutes"],
      path: "Sources/Sample/RecipeSampleApp",
      swiftSettings: strict),
    // C: the Linux system calls Glibc hides from Swift (accept4, pipe2: atomic close-on-exec),
    // and the signal relay's C11 atomics and handler (every platform).
    .target(name: "DeepLinkSystemC"),
    // The system layer: every system call the libraries make, each wrapped once (errno as a
    // typed error, EINTR retried in one place), and the only Swift target that imports Glibc
    // or Darwin. Files, sockets, poll, threads and locks, signals, child processes, clocks.
    .target(name: "DeepLinkSystem", dependencies: ["DeepLinkSystemC"], swiftSettings: strict),
    // JSON values, line framing, Unix-domain sockets (server loop and client), over the system
    // layer, which it re-exports to its users. On top of the route table's target for what
    // both need of text (UTF-8 validation).
    .target(
      name: "DeepLinkWire", dependencies: ["DeepLinkRoutes", "DeepLinkSystem"], swiftSettings: strict,
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
    // The agent: the wire protocol served from inside an app.
    .target(
      name: "DeepLinkAgent", dependencies: ["DeepLinkWire", "DeepLinkRoutes"],
      swiftSettings: strict),
    // The system zlib (zlib1g-dev on Debian, the SDK's libz on Apple platforms), and inflating
    // with it: for any reader of deflated data (zip entries, PNG image data).
    .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
    .target(name: "ZlibInflate", dependencies: ["CZlib"], swiftSettings: strict),
    // PNG pictures (a tour's screenshots): decoding any PNG, written for hostile files,
    // comparing by pixels, diff images, scaling, and writing small PNGs of our own.
    .target(name: "Pictures", dependencies: ["ZlibInflate"], swiftSettings: strict),
    // Readers of what a build ships, written for hostile input: XML and binary property lists,
    // zip archives, Android manifests (`deeplink check-release`). Bytes in, values out.
    .target(name: "ReleaseInspection", dependencies: ["ZlibInflate"], swiftSettings: strict),
    // The command line: tokenizer, commands, help, completion scripts, client flows.
    .target(
      name: "DeepLinkCommand",
      dependencies: ["DeepLinkRoutes", "DeepLinkWire", "Pictures", "ReleaseInspection"],
      swiftSettings: strict),
    .executableTarget(
      name: "deeplink", dependencies: ["DeepLinkCommand", "RecipeSampleRoutes"], swiftSettings: strict),
    .executableTarget(
      name: "deeplink-app", dependencies: ["RecipeSampleApp", "DeepLinkAgent", "RecipeSampleRoutes"],
      swiftSettings: strict
    ),
    // `make bench`'s Swift microbenchmarks (parse, build, dispatch at 10,000 routes); never run
    // by `make test`.
    .executableTarget(
      name: "deeplink-bench",
      dependencies: ["DeepLinkAgent", "RecipeSampleApp", "DeepLinkRoutes", "RecipeSampleRoutes"],
      path: "bench/DeepLinkBench", swiftSettings: strict),

    // Fuzzing (`make fuzz`): the properties each fuzzer checks, shared with the regression
    // tests, and one libFuzzer entry point per parser. Built without `-DFUZZING`, each fuzz
    // executable replays the input files it is given.
    .target(name: "FuzzSupport", path: "Fuzz/FuzzSupport", swiftSettings: strict),
    .target(
      name: "FuzzChecks",
      dependencies: [
        "RecipeSampleApp", "DeepLinkAgent", "DeepLinkCommand", "DeepLinkRoutes", "DeepLinkWire",
        "FuzzSupport",
        "RecipeSampleRoutes",
      ],
      path: "Fuzz/FuzzChecks", swiftSettings: strict),
    // The readers' checks depend on the readers alone, so their fuzz executables build quickly.
    .target(
      name: "ReaderFuzzChecks",
      dependencies: ["FuzzSupport", "Pictures", "ReleaseInspection", "ZlibInflate"],
      path: "Fuzz/ReaderFuzzChecks",
      swiftSettings: strict),
    .executableTarget(
      name: "fuzz-route-parser", dependencies: ["FuzzChecks"], path: "Fuzz/fuzz-route-parser",
      swiftSettings: strict),
    .executableTarget(
      name: "fuzz-arguments", dependencies: ["FuzzChecks"], path: "Fuzz/fuzz-arguments", swiftSettings: strict
    ),
    .executableTarget(
      name: "fuzz-wire", dependencies: ["FuzzChecks"], path: "Fuzz/fuzz-wire", swiftSettings: strict),
    .executableTarget(
      name: "fuzz-xml-plist", dependencies: ["ReaderFuzzChecks"], path: "Fuzz/fuzz-xml-plist",
      swiftSettings: strict),
    .executableTarget(
      name: "fuzz-binary-plist", dependencies: ["ReaderFuzzChecks"], path: "Fuzz/fuzz-binary-plist",
      swiftSettings: strict),
    .executableTarget(
      name: "fuzz-zip", dependencies: ["ReaderFuzzChecks"], path: "Fuzz/fuzz-zip", swiftSettings: strict),
    .executableTarget(
      name: "fuzz-android-manifest", dependencies: ["ReaderFuzzChecks"], path: "Fuzz/fuzz-android-manifest",
      swiftSettings: strict),
    .executableTarget(
      name: "fuzz-png", dependencies: ["ReaderFuzzChecks"], path: "Fuzz/fuzz-png", swiftSettings: strict),
    .executableTarget(
      name: "fuzz-routes-file", dependencies: ["FuzzChecks"], path: "Fuzz/fuzz-routes-file",
      swiftSettings: strict),
    .executableTarget(
      name: "fuzz-mcp", dependencies: ["FuzzChecks"], path: "Fuzz/fuzz-mcp", swiftSettings: strict),

    // What tests share: running the built products and other programs, real apps, and each
    // shell's completion machinery driven headless (Drivers/).
    .target(
      name: "TestSupport", dependencies: ["DeepLinkWire"], path: "Tests/TestSupport", exclude: ["Drivers"]),
    // A headless app that acknowledges each link once its own transition has ended
    // (`DeepLinkAgent.start` with an `async` apply) and can serve routes of its own, on a socket
    // or as a simulator app, for the tests that run real apps; not a product.
    .executableTarget(
      name: "transition-app", dependencies: ["DeepLinkAgent", "DeepLinkRoutes", "RecipeSampleRoutes"],
      path: "Tests/TransitionApp", swiftSettings: strict),
    .testTarget(
      name: "DeepLinkRoutesTests", dependencies: ["DeepLinkRoutes", "RecipeSampleRoutes", "TestSupport"]),
    .testTarget(
      name: "RecipeSampleAppTests", dependencies: ["RecipeSampleApp", "RecipeSampleRoutes", "TestSupport"],
      exclude: ["Golden"]),
    .testTarget(
      name: "DeepLinkAgentTests",
      dependencies: ["RecipeSampleApp", "DeepLinkAgent", "DeepLinkWire", "RecipeSampleRoutes", "TestSupport"]),
    .testTarget(name: "DeepLinkSystemTests", dependencies: ["DeepLinkSystem", "TestSupport"]),
    .testTarget(name: "DeepLinkWireTests", dependencies: ["DeepLinkSystem", "DeepLinkWire", "TestSupport"]),
    .testTarget(
      name: "ReleaseInspectionTests",
      dependencies: ["ReleaseInspection", "ZlibInflate", "TestSupport", "DeepLinkAgent"]),
    .testTarget(name: "PicturesTests", dependencies: ["Pictures", "TestSupport"]),
    .testTarget(
      name: "DeepLinkCommandTests",
      dependencies: [
        "DeepLinkCommand", "DeepLinkRoutes", "DeepLinkWire", "Pictures", "RecipeSampleRoutes", "TestSupport",
      ],
      exclude: ["Golden"]),
    .testTarget(
      name: "CompletionTests",
      dependencies: [
        "DeepLinkCommand", "DeepLinkRoutes", "DeepLinkWire", "RecipeSampleApp", "RecipeSampleRoutes",
        "TestSupport", "deeplink", "deeplink-app",
      ]),
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["DeepLinkRoutes", "DeepLinkWire", "RecipeSampleRoutes", "TestSupport"]),
    // Simulator and Android targets, against stand-in xcrun and adb (Tests/DeviceTests/StandIns).
    .testTarget(
      name: "DeviceTests", dependencies: ["DeepLinkCommand", "Pictures", "TestSupport"], exclude: ["StandIns"]
    ),
    // The package as others use it: Examples/Shop and the example of docs/your-own-app.md, built
    // as packages of their own that depend on this one by path, and the libraries' documentation
    // (their modules are dependencies so that DocumentationTests finds them built).
    .testTarget(
      name: "PackageTests",
      dependencies: ["DeepLinkAgent", "DeepLinkCommand", "DeepLinkRoutes", "DeepLinkWire", "TestSupport"]),
    // Hostile input, load, connection faults and the shipping build, against the real app.
    .testTarget(
      name: "HardeningTests",
      dependencies: [
        "RecipeSampleApp", "DeepLinkRoutes", "DeepLinkWire", "FuzzChecks", "ReaderFuzzChecks",
        "RecipeSampleRoutes",
        "TestSupport",
      ],
      exclude: ["Golden"]),
  ],
  swiftLanguageModes: [.v6]
)
