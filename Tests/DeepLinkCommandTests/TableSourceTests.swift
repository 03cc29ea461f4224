import DeepLinkCommand
import Foundation
import TestSupport
import Testing

@Suite("Where the route table comes from")
struct TableSourceTests {
  /// `DEEPLINK_ROUTES` set to `variable`, the current directory `directory`.
  static func resolve(option: String? = nil, variable: String? = nil, in directory: String) -> TableSource {
    TableSource.resolve(
      option: option, environment: { $0 == "DEEPLINK_ROUTES" ? variable : nil },
      currentDirectory: { directory }, isStandardOutput: { _ in false })
  }

  @Test("--routes, else DEEPLINK_ROUTES, else the nearest deeplink.routes.json, else built in")
  func searchOrder() throws {
    let root = try TemporaryDirectory()
    defer { root.remove() }
    let deep = root.file("app/src/main")
    try FileManager.default.createDirectory(atPath: deep, withIntermediateDirectories: true)
    #expect(Self.resolve(in: deep) == .builtIn)

    let top = root.file("deeplink.routes.json")
    try "{}".write(toFile: top, atomically: true, encoding: .utf8)
    #expect(Self.resolve(in: deep) == .found(top))
    let nearer = root.file("app/deeplink.routes.json")
    try "{}".write(toFile: nearer, atomically: true, encoding: .utf8)
    #expect(Self.resolve(in: deep) == .found(nearer))
    #expect(Self.resolve(in: root.path) == .found(top))

    #expect(Self.resolve(variable: "env.json", in: deep) == .environment("env.json"))
    #expect(Self.resolve(variable: "", in: deep) == .found(nearer), "an empty variable is unset")
    #expect(Self.resolve(option: "opt.json", variable: "env.json", in: deep) == .option("opt.json"))
  }

  @Test("each source says where the table came from")
  func descriptions() {
    #expect(TableSource.builtIn.description == "built in")
    #expect(TableSource.option("shop.json").description == "from shop.json (--routes)")
    #expect(TableSource.environment("/a/shop.json").description == "from /a/shop.json ($DEEPLINK_ROUTES)")
    #expect(
      TableSource.found("/a/deeplink.routes.json").description
        == "from /a/deeplink.routes.json (found from the current directory)")
  }

  @Test(
    "--routes is read before parsing, as the parser reads it",
    arguments: [
      (["--routes", "shop.json", "settings"], "shop.json"),
      (["recipe", "--id", "1", "--routes=shop.json"], "shop.json"),
      (["url", "--routes", "-x.json", "settings"], "-x.json"),
      (["--routes"], nil),
      (["--routes", "--json"], nil),
      (["--routes="], nil),
      (["--routes", "-h"], nil),
      (["open", "--", "--routes=x.json"], nil),
      (["login-error", "--message=--routes", "x.json"], nil),
    ] as [([String], String?)])
  func routesOption(_ arguments: [String], _ expected: String?) {
    #expect(Invocation.routesOption(in: arguments) == expected)
    if let invocation = try? Invocation.parse(arguments, table: .recipeSample) {
      #expect(invocation.options.routes == expected)
    }
  }
}
