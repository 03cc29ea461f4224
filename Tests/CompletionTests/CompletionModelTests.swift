import DeepLinkRoutes
import RecipeSampleRoutes
import Testing

@testable import DeepLinkCommand

@Suite struct CompletionModelTests {
  let table = RouteTable.recipeSample
  let model = CompletionModel(table: .recipeSample, tool: .deeplink)

  @Test func routesThenCommandsInOrder() {
    #expect(
      model.contexts.map(\.name) == table.routes.map(\.name)
        + CommandRegistry.commands.flatMap {
          [$0.name] + $0.subcommands.map { $0.name.replacing(" ", with: "/") }
        })
    #expect(!model.contexts.map(\.name).contains(CommandRegistry.completeCallback))
    #expect(model.topLevelOptions.map(\.flag) == GlobalOption.allCases.map(\.flag))
  }

  @Test func routeOptionsFromParametersThenGlobals() {
    for route in table.routes {
      let options = model.context(named: route.name)!.options
      #expect(
        Array(options.prefix(route.parameters.count).map(\.flag)) == route.parameters.map { "--" + $0.name })
      // Every global option but --version, which only means something on its own.
      #expect(
        Array(options.map(\.flag).dropFirst(route.parameters.count))
          == GlobalOption.allCases.filter { $0 != .version }.map(\.flag))
      for (option, parameter) in zip(options, route.parameters) {
        #expect(option.summary == parameter.help)
        switch parameter.type {
        case .boolean: #expect(option.value == .boolean(["true", "false"]))
        case .choice(let choices): #expect(option.value == .choices(choices))
        case .integer, .string: #expect(option.value == .live(route: route.name, parameter: parameter.name))
        }
      }
    }
  }

  @Test func commandArguments() {
    #expect(model.context(named: "help")?.argument == .topic)
    #expect(model.context(named: "url")?.argument == .route)
    #expect(model.context(named: "batch")?.argument == .path)
    #expect(model.context(named: "completions")?.argument == .words(CompletionShell.allCases.map(\.rawValue)))
    #expect(model.context(named: "routes")?.options.first?.flag == "--markdown")
    #expect(
      model.context(named: "routes")?.options.first { $0.flag == "--json" }?.summary
        == "Print the routes as JSON")
  }

  @Test func valuesThatTakeTheNextWord() {
    #expect(!CompletionModel.Value.none.takesNextWord)
    #expect(!CompletionModel.Value.boolean(["true", "false"]).takesNextWord)
    #expect(CompletionModel.Value.path.takesNextWord)
    #expect(CompletionModel.Value.live(route: "recipe", parameter: "id").takesNextWord)
  }
}
