import DeepLinkRoutes
import RecipeSampleRoutes
import Testing

@testable import DeepLinkCommand

/// Commands run in this process, through ``DeepLinkTool/main(arguments:)``, with their output
/// captured and the device tools recorded: what each prints and runs, without a process.
struct InProcessCommandTests {
  /// A tool built on the library for another app, as `shop` is.
  static var shop: DeepLinkTool {
    DeepLinkTool(
      name: "shop",
      table: RouteTable(
        scheme: "shop",
        routes: [
          Route(
            "product", summary: "Show one product", parameters: [.integer("sku", range: 1...999, help: "SKU")]
          ),
          Route("cart", summary: "Show the cart"),
        ]),
      environment: [:])
  }

  @Test("a tool's help, and each command's, speaks of its own table only")
  func helpSpeaksOfTheToolsOwnTable() {
    let pages = [["help"]] + CommandRegistry.names.map { ["help", $0] }
    for arguments in pages {
      let run = CommandRun(arguments, tool: Self.shop)
      #expect(run.code == 0, "\(arguments)")
      let page = run.standardOutput
      #expect(page.hasPrefix("shop"), "\(arguments)")
      for word in ["recipe", "Recipe", "debug://", "deeplink-app"] {
        #expect(!page.contains(word), "shop \(arguments.joined(separator: " ")) mentions \(word)")
      }
    }
    let open = CommandRun(["help", "open"], tool: Self.shop).standardOutput.split(separator: "\n")
      .joined(separator: " ")
    #expect(open.contains("SHOP://Product/?sku=1 goes as shop://product?sku=1"))
  }

  @Test("url prints the link's URL; with --json one object; --quiet prints nothing")
  func urlPrintsTheURL() {
    let run = CommandRun(["url", "product", "--sku", "7"], tool: Self.shop)
    #expect(run.code == 0 && run.standardOutput == "shop://product?sku=7\n" && run.standardError.isEmpty)
    #expect(
      CommandRun(["url", "product", "--sku", "7", "--json"], tool: Self.shop).standardOutput
        == "{\"url\":\"shop://product?sku=7\"}\n")
    #expect(CommandRun(["url", "product", "--sku", "7", "--quiet"], tool: Self.shop).standardOutput == "")
  }

  @Test("a usage error is 64, one message naming the problem and a hint, nothing on stdout")
  func aUsageErrorIsReportedOnce() {
    let run = CommandRun(["url", "product", "--sku", "1000"], tool: Self.shop)
    #expect(run.code == 64 && run.standardOutput.isEmpty)
    #expect(run.standardError.hasPrefix("shop: error: "))
    #expect(run.standardError.split(separator: "\n").count == 2)
  }

  @Test("approve runs the documented simctl line for the simulator the list names, and says so")
  func approveRunsTheSimctlLine() {
    // `xcrun simctl list devices --json` lists the booted simulator (see SimulatorDevice),
    // and `simctl spawn … defaults write` exits 0 with no output.
    let udid = "5B6D0A4E-1234-4E5F-9ABC-DEF012345678"
    let devices = RecordedDevicePrograms { line in
      guard line.contains("list") else { return (0, "") }
      return (
        0,
        """
        {"devices":{"com.apple.CoreSimulator.SimRuntime.iOS-17-2":[{"udid":"\(udid)","name":"iPhone 15",\
        "state":"Booted","isAvailable":true}]}}
        """
      )
    }
    let run = CommandRun(
      ["approve", "--bundle-id", "com.example.Shop", "--target", "simulator"], tool: Self.shop,
      devices: devices)
    #expect(run.code == 0, "\(run.standardError)")
    #expect(
      devices.commandLines.last
        == [
          "xcrun", "simctl", "spawn", udid, "defaults", "write", "com.apple.launchservices.schemeapproval",
          "com.apple.CoreSimulator.CoreSimulatorBridge-->shop", "-string", "com.example.Shop",
        ])
    #expect(
      run.standardOutput.hasPrefix("approved shop:// links for com.example.Shop on simulator iPhone 15"))
  }

  @Test("--dry-run prints the device lines and runs none of them")
  func aDryRunRunsNothing() {
    let devices = RecordedDevicePrograms { _ in (0, "") }
    let run = CommandRun(
      ["product", "--sku", "3", "--target", "simulator:5B6D0A4E-1234-4E5F-9ABC-DEF012345678", "--dry-run"],
      tool: Self.shop, devices: devices)
    #expect(run.code == 0)
    #expect(
      run.standardOutput
        == "xcrun simctl openurl 5B6D0A4E-1234-4E5F-9ABC-DEF012345678 'shop://product?sku=3'\n")
    #expect(devices.commandLines.isEmpty)
  }

  @Test("--keep with a command that sends no link is a usage error")
  func keepGoesWithALinkOnly() {
    let run = CommandRun(["routes", "--keep"], tool: Self.shop)
    #expect(run.code == 64 && run.standardError.contains("--keep goes with a route or open"))
  }
}
