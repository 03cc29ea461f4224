import DeepLinkRoutes
import DeepLinkWire
import Testing

@testable import DeepLinkCommand

/// The `launch` tool's arguments, checked before anything runs: each mistake a tool error
/// naming the problem and the fix, and no launch asked for.
struct McpLaunchToolTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let arguments: String
    let message: String
    var testDescription: String { name }
  }

  static let wrongArguments = [
    Case(
      name: "a variable without '='", arguments: #"{"env":["API_URL"]}"#,
      message: "--env expects NAME=VALUE, got 'API_URL'"),
    Case(
      name: "a variable whose name is not portable", arguments: #"{"env":["1X=y"]}"#,
      message: "--env '1X=y': '1X' is not a variable name: a letter or '_', then letters, digits or '_'"),
    Case(
      name: "a NUL in a value", arguments: #"{"env":["A=b\u0000c"]}"#,
      message: "--env A: the value holds a NUL byte, which no environment can carry"),
    Case(
      name: "a NUL in an argument", arguments: #"{"args":["ok","a\u0000"]}"#,
      message: "--arg #2 holds a NUL byte, which no argument can carry"),
    Case(
      name: "env as an object", arguments: #"{"env":{"A":"b"}}"#,
      message: "--env expects an array of NAME=VALUE strings, got an object"),
    Case(
      name: "a number among the arguments", arguments: #"{"args":[1]}"#,
      message: "--args expects an array of strings, got an array holding a number"),
    Case(
      name: "relaunch as a string", arguments: #"{"relaunch":"yes"}"#,
      message: "--relaunch expects true or false, got a string"),
    Case(
      name: "an unknown route", arguments: #"{"route":"recipee"}"#,
      message: "unknown route 'recipee' — did you mean 'recipe'?"),
    Case(
      name: "a wrong argument of the route", arguments: #"{"route":"recipe","arguments":{"id":"abc"}}"#,
      message: "--id expects an integer, got 'abc'"),
    Case(
      name: "a missing argument of the route", arguments: #"{"route":"recipe"}"#,
      message: "recipe requires --id"),
    Case(
      name: "route arguments without a route", arguments: #"{"arguments":{"id":1}}"#,
      message:
        #"'arguments' are a route's arguments: give 'route' too, such as {"route":"settings","arguments":{…}}"#
    ),
    Case(
      name: "an unknown argument", arguments: #"{"bundleId":"x"}"#,
      message: "unknown option '--bundleId'; launch takes relaunch, env, args, route, arguments"),
  ]

  @Test(arguments: wrongArguments)
  func aWrongArgumentIsAToolErrorAndNothingIsLaunched(_ testCase: Case) throws {
    let delivery = RecordingDelivery()
    delivery.offersLaunch = true
    var session = initializedSession(delivery: delivery)
    let result = try #require(try respond(&session, call("launch", testCase.arguments))["result"])
    #expect(result["isError"] == .bool(true))
    #expect(result["content"]?.arrayValue?.first?["text"] == .string("deeplink: error: " + testCase.message))
    #expect(delivery.launches.isEmpty, "nothing ran")
  }

  @Test func aGoodCallLaunchesWithEverythingAndTheRoutesLink() throws {
    let delivery = RecordingDelivery()
    delivery.offersLaunch = true
    var session = initializedSession(delivery: delivery)
    let result = try #require(
      try respond(
        &session,
        call(
          "launch",
          #"{"relaunch":true,"env":["API_URL=http://x/?a=b","A=1","A=2"],"args":["-AppleLanguages","(fr)"],"route":"recipe-edit","arguments":{"id":42,"unsaved":true}}"#
        ))["result"])
    #expect(result["isError"] == .bool(false), "\(result)")
    #expect(
      result["content"]?.arrayValue?.first?["text"]
        == .string("would run: launch; debug://recipe-edit?id=42&unsaved=true"))
    let launch = try #require(delivery.launches.first)
    #expect(launch.relaunch)
    #expect(
      launch.variables.map(\.childAssignment) == [
        "SIMCTL_CHILD_API_URL=http://x/?a=b", "SIMCTL_CHILD_A=1", "SIMCTL_CHILD_A=2",
      ])
    #expect(launch.arguments == ["-AppleLanguages", "(fr)"])
  }

  @Test func onATargetThatOffersNoLaunchTheToolSaysWhichDo() throws {
    let delivery = RecordingDelivery()
    var session = initializedSession(delivery: delivery)
    let list = try respond(&session, #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)
    #expect(list["result"]?["tools"]?.arrayValue?.contains { $0["name"] == .string("launch") } == false)
    let result = try #require(try respond(&session, call("launch", #"{"route":"settings"}"#))["result"])
    #expect(result["isError"] == .bool(true))
    #expect(
      result["content"]?.arrayValue?.first?["text"]
        == .string(
          "deeplink: error: the launch tool starts an app on a simulator, and this server's target is app: "
            + "it needs a simulator target and the app's bundle id; start the server as "
            + "'deeplink mcp --target simulator[:DEVICE] --bundle-id ID'"))
  }

  @Test func itsSchemaNamesEveryArgumentItReads() {
    let properties = McpToolSchema.launchInput["properties"]?.objectValue?.map(\.key) ?? []
    #expect(properties == ["relaunch", "env", "args", "route", "arguments"])
    #expect(McpToolSchema.launchInput["additionalProperties"] == .bool(false))
    #expect(McpTool.launch.annotations["destructiveHint"] == .bool(true))
  }
}
