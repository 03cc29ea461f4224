import DeepLinkRoutes
import RecipeSampleApp
import RecipeSampleRoutes
import Testing

@testable import DeepLinkCommand

/// One row of the table that every shell is tested against: a line, where the cursor is at
/// its end, and what must be offered there. Expectations derive from the route table, the
/// commands and the app model's data, never from names written here.
struct CompletionCase: Sendable, CustomTestStringConvertible {
  enum Expected: Sendable {
    /// These words and no others, in any order.
    case exactly([String])
    /// At least these, and none of those.
    case including([String], excluding: [String])
    /// Nothing at all.
    case nothing
  }

  /// What the line needs around it.
  enum Setup: Sendable {
    case plain
    /// A real `deeplink-app` on `DEEPLINK_SOCKET`; `{socket}` in the line is its path.
    case app
    /// A real app whose socket only the line names (`{socket}`); `DEEPLINK_SOCKET` leads nowhere.
    case appOnTheLine
    /// A `deeplink` earlier on PATH whose callback prints ``CompletionCase/hostileValues``.
    case hostileCallback
    /// The stand-in `xcrun` and `adb` of Tests/DeviceTests/StandIns first on PATH: one booted
    /// simulator (besides shut-down ones) and one Android device ready.
    case standInDevices
  }

  let name: String
  let line: String
  let expected: Expected
  var setup: Setup = .plain
  /// Descriptions zsh and fish must show, by word.
  var help: [String: String] = [:]

  var testDescription: String { "\(name): '\(line)'" }
}

extension CompletionCase {
  static let table = RouteTable.recipeSample
  static let model = CompletionModel(table: table, tool: .deeplink)

  static func route(_ name: String) -> Route { table.route(named: name)! }
  static var routeNames: [String] { table.routes.map(\.name) }
  static var commandNames: [String] { CommandRegistry.names }
  static func flags(_ context: String) -> [String] { model.context(named: context)!.options.map(\.flag) }
  static var globalFlags: [String] { GlobalOption.allCases.map(\.flag) }

  /// What the app answers for a parameter, straight from the app model.
  static func live(_ route: String, _ parameter: String) -> [(value: String, description: String)] {
    AppModel().suggestions(for: self.route(route), parameter: parameter)
  }

  /// A choice parameter of the table and its choices (`recipes --sort`).
  static var choiceParameter: (route: Route, parameter: Parameter, choices: [String]) {
    for route in table.routes {
      for parameter in route.parameters {
        if case .choice(let choices) = parameter.type { return (route, parameter, choices) }
      }
    }
    preconditionFailure("the table has no choice parameter")
  }

  /// A route with a flag and a live parameter (`recipe-edit --unsaved --id`).
  static var flagRoute: (route: Route, flag: String, live: String) {
    for route in table.routes {
      if let flag = route.parameters.first(where: { $0.type == .boolean }),
        let live = route.parameters.first(where: { if case .integer = $0.type { true } else { false } })
      {
        return (route, "--" + flag.name, "--" + live.name)
      }
    }
    preconditionFailure("the table has no route with a flag and an integer")
  }

  /// Values with spaces, quotes, globs and shell syntax; none has a control character, as the
  /// callback never prints one. `MARKER` becomes a path the test checks is never created.
  static let hostileValues: [(value: String, description: String)] = [
    ("$(touch MARKER)", "Chili $(touch MARKER)"),
    ("`touch MARKER`", "`touch MARKER` Brownies"),
    ("a b; touch MARKER", "Grandma's \"Secret\" Apple Pie"),
    ("it's \"quoted\"", "Mac & Cheese | touch MARKER"),
    ("glob*?[x]", "%s %n %d ${HOME}"),
    ("~tilde", "$HOME \\ backslash"),
    ("semi;colon&amp>redirect", "<(touch MARKER)"),
    ("a:b", "colon: in the value"),
  ]

  static let all: [CompletionCase] = {
    let rec = routeNames.filter { $0.hasPrefix("rec") }
    let choice = choiceParameter
    let flagged = flagRoute
    let recipeIDs = live("recipe", "id")
    let ones = recipeIDs.map(\.value).filter { $0.hasPrefix("1") }
    let titles = Dictionary(recipeIDs.map { ($0.value, $0.description) }, uniquingKeysWith: { a, _ in a })
    let userIDs = live("profile", "id")
    let users = Dictionary(userIDs.map { ($0.value, $0.description) }, uniquingKeysWith: { a, _ in a })
    let topics = routeNames + commandNames
    return [
      CompletionCase(
        name: "route names for a prefix", line: "deeplink rec", expected: .exactly(rec),
        help: Dictionary(uniqueKeysWithValues: rec.map { ($0, route($0).summary) })),
      CompletionCase(
        name: "routes and commands, never the hidden callback", line: "deeplink ",
        expected: .including(topics, excluding: [CommandRegistry.completeCallback]),
        help: [HelpCommand.name: HelpCommand.summary]),
      CompletionCase(
        name: "global options before a command", line: "deeplink --", expected: .exactly(globalFlags)),
      CompletionCase(
        name: "options of a route", line: "deeplink \(flagged.route.name) ",
        expected: .exactly(flags(flagged.route.name)),
        help: [flagged.live: flagged.route.parameter(named: String(flagged.live.dropFirst(2)))!.help]),
      CompletionCase(
        name: "options already given are not offered again",
        line: "deeplink \(flagged.route.name) \(flagged.live) 4 \(flagged.flag) --",
        expected: .exactly(flags(flagged.route.name).filter { ![flagged.live, flagged.flag].contains($0) })),
      CompletionCase(
        name: "an option given as --name=value is given",
        line: "deeplink --json \(flagged.route.name) \(flagged.live)=4 --",
        expected: .exactly(flags(flagged.route.name).filter { ![flagged.live, "--json"].contains($0) })),
      CompletionCase(
        name: "options after url and its route", line: "deeplink url \(flagged.route.name) --",
        expected: .exactly(flags(flagged.route.name))),
      CompletionCase(
        name: "choices", line: "deeplink \(choice.route.name) --\(choice.parameter.name) ",
        expected: .exactly(choice.choices)),
      CompletionCase(
        name: "choices after --name=", line: "deeplink \(choice.route.name) --\(choice.parameter.name)=",
        expected: .exactly(choice.choices)),
      CompletionCase(
        name: "a flag's value after --flag=", line: "deeplink \(flagged.route.name) \(flagged.flag)=",
        expected: .exactly(["true", "false"])),
      CompletionCase(
        name: "nothing after --help", line: "deeplink \(flagged.route.name) --help ", expected: .nothing),
      CompletionCase(
        name: "nothing after -h, even options", line: "deeplink \(flagged.route.name) -h --",
        expected: .nothing),
      CompletionCase(
        name: "help offers routes and commands", line: "deeplink help ", expected: .exactly(topics)),
      CompletionCase(
        name: "completions offers the shells", line: "deeplink completions ",
        expected: .exactly(CompletionShell.allCases.map(\.rawValue))),
      CompletionCase(
        name: "mcp offers its subcommand", line: "deeplink mcp ", expected: .exactly(["install"])),
      CompletionCase(
        name: "mcp install offers the clients", line: "deeplink --socket s mcp install ",
        expected: .exactly(McpClient.allCases.map(\.rawValue))),
      CompletionCase(
        name: "mcp install's options after the client", line: "deeplink mcp install codex --",
        expected: .including(
          [McpInstallCommand.printFlag, McpInstallCommand.forceFlag, GlobalOption.socket.flag],
          excluding: [McpCommand.picturesFlag])),
      CompletionCase(
        name: "nothing after a word that is no subcommand", line: "deeplink mcp instal ", expected: .nothing),
      CompletionCase(
        name: "batch offers files", line: "deeplink batch ",
        expected: .including(["steps.deeplinks", "more steps.txt"], excluding: [])),
      CompletionCase(
        name: "the socket option offers files", line: "deeplink --socket ste",
        expected: .exactly(["steps.deeplinks"])),
      CompletionCase(
        name: "recipe ids from the running app, with titles", line: "deeplink recipe --id ",
        expected: .exactly(recipeIDs.map(\.value)), setup: .app, help: titles),
      CompletionCase(
        name: "recipe ids after --id=", line: "deeplink \(flagged.route.name) \(flagged.live)=",
        expected: .exactly(recipeIDs.map(\.value)), setup: .app, help: titles),
      CompletionCase(
        name: "recipe ids for a prefix", line: "deeplink recipe --id 1", expected: .exactly(ones),
        setup: .app),
      CompletionCase(
        name: "user ids for profile", line: "deeplink profile --id ",
        expected: .exactly(userIDs.map(\.value)),
        setup: .app, help: users),
      CompletionCase(
        name: "the app on the line's --socket", line: "deeplink --socket {socket} recipe --id 1",
        expected: .exactly(ones), setup: .appOnTheLine),
      CompletionCase(
        name: "the app on the line's --socket=", line: "deeplink recipe --socket={socket} --id 1",
        expected: .exactly(ones), setup: .appOnTheLine),
      CompletionCase(
        name: "no app: nothing", line: "deeplink recipe --id ", expected: .nothing),
      CompletionCase(
        name: "no app: nothing after --id=", line: "deeplink recipe --id=", expected: .nothing),
      CompletionCase(
        name: "hostile values stay text", line: "deeplink profile --id ",
        expected: .exactly(hostileValues.map(\.value)), setup: .hostileCallback,
        help: Dictionary(uniqueKeysWithValues: hostileValues.map { ($0.value, $0.description) })),
      CompletionCase(
        name: "--target: the kinds, the booted simulator and the attached device",
        line: "deeplink --target ",
        expected: .exactly(targetKinds + [standInSimulator, standInAndroid]), setup: .standInDevices,
        help: [standInSimulator: "iPhone 15 (iOS 17.2)", standInAndroid: "Pixel_7"]),
      CompletionCase(
        name: "--target= after a route, by prefix", line: "deeplink settings --target=si",
        expected: .exactly(["simulator", standInSimulator]), setup: .standInDevices),
    ]
  }()

  /// What `--target` always offers.
  static let targetKinds = ["app", "simulator", "android", "device"]
  /// The targets the stand-ins report (Tests/DeviceTests/StandIns).
  static let standInSimulator = "simulator:5B6D9A4C-1E2F-4A3B-9C8D-7E6F5A4B3C2D"
  static let standInAndroid = "android:emulator-5554"
}
