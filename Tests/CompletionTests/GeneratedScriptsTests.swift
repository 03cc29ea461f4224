import DeepLinkRoutes
import Foundation
import RecipeSampleRoutes
import TestSupport
import Testing

@testable import DeepLinkCommand

/// The checked-in scripts are what the generator prints now, each passes its shell's own
/// syntax check (and shellcheck for bash), and each is a shim that asks the tool.
@Suite struct GeneratedScriptsTests {
  @Test("completions/ is up to date (make completions regenerates it)", arguments: CompletionShell.allCases)
  func upToDate(_ shell: CompletionShell) throws {
    let generated = CompletionScript.text(for: shell, tool: .deeplink)
    let checkedIn = try String(contentsOfFile: ShellDriver.script(shell), encoding: .utf8)
    #expect(
      checkedIn == generated,
      "completions/\(CompletionScript.fileName(for: shell, tool: .deeplink)) is stale: run make completions")
  }

  @Test("deeplink completions prints the script", arguments: CompletionShell.allCases)
  func printedByTheBinary(_ shell: CompletionShell) throws {
    let result = try Command.deeplink("completions", shell.rawValue)
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
    #expect(result.stdout == CompletionScript.text(for: shell, tool: .deeplink))
  }

  @Test("the bash script passes bash's syntax check")
  func bashSyntax() throws { try Self.syntax(.bash, ["bash", "-n"]) }

  @Test("the zsh script passes zsh's syntax check", .requires("zsh"))
  func zshSyntax() throws { try Self.syntax(.zsh, ["zsh", "-n"]) }

  @Test("the fish script passes fish's syntax check", .requires("fish"))
  func fishSyntax() throws { try Self.syntax(.fish, ["fish", "--no-execute"]) }

  @Test("the bash script passes shellcheck", .requires("shellcheck"))
  func bashShellcheck() throws { try Self.syntax(.bash, ["shellcheck", "--shell=bash", "--severity=style"]) }

  static func syntax(_ shell: CompletionShell, _ checker: [String]) throws {
    let result = try Command.run("/usr/bin/env", checker + [ShellDriver.script(shell)])
    #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty, "\(result)")
  }

  /// Each script is a shim: no route, command or option of the table is written in it (the
  /// tool answers them at every Tab), and it asks the tool it completes.
  @Test("each script holds no table and asks the tool", arguments: CompletionShell.allCases)
  func aShimHoldsNoTable(_ shell: CompletionShell) {
    let script = CompletionScript.text(for: shell, tool: .deeplink)
    for route in RouteTable.recipeSample.routes {
      #expect(!script.contains(route.name), "\(shell): \(route.name)")
    }
    for option in ["--sort", "--socket", "--json"] {
      #expect(!script.contains(option), "\(shell): \(option)")
    }
    #expect(script.contains(" __complete words "), "\(shell)")
    #expect(script.split(separator: "\n").count < 110, "\(shell): a shim of \(script.count) characters")
  }

  @Test("a tool of another name gets a shim that calls itself", arguments: CompletionShell.allCases)
  func anotherToolsShim(_ shell: CompletionShell) {
    let script = CompletionScript.text(
      for: shell, tool: ToolIdentity(name: "shop-links", readsRoutesFiles: false))
    #expect(!script.contains("deeplink"), "\(script)")
    let registration =
      switch shell {
      case .bash: "complete -F _shop_links shop-links\n"
      case .zsh: "  compdef _shop_links shop-links\n"
      case .fish: "complete -c shop-links -f -a '(__shop_links_complete)'\n"
      }
    #expect(script.contains(registration), "\(script)")
    #expect(script.contains("shop-links __complete words") || script.contains("=shop-links\n"), "\(script)")
  }

  @Test("a route added to a table is completed with no other edit")
  func newRoute() throws {
    let route = Route(
      "pantry", summary: "Show the pantry",
      parameters: [.choice("shelf", ["top", "it's $(bottom)"], help: "Which shelf")])
    let table = RouteTable(routes: RouteTable.recipeSample.routes + [route])
    let model = CompletionModel(table: table, tool: .deeplink)
    #expect(model.context(named: "pantry")?.options.first?.value == .choices(["top", "it's $(bottom)"]))
    func lines(_ words: [String]) -> [String] {
      CompletionCallback.wordLines(words, table: table, tool: .deeplink, fetch: { _ in [] })
    }
    #expect(lines([""]).contains("pantry\tShow the pantry"))
    #expect(lines(["pantry", "--shelf", ""]) == ["words\t", "top\t", "it's $(bottom)\t"])
  }
}

/// `make install-completions PREFIX=...` (the completion part of `make install`) puts each
/// script where its shell finds it with no configuration but the prefix's data directory.
@Suite struct InstallTests {
  /// Installs the scripts into a fresh prefix, checks each is where `make` puts it, and returns
  /// the prefix and the environment of a shell that uses it.
  static func install() throws -> (prefix: TemporaryDirectory, environment: [String: String]) {
    let prefix = try TemporaryDirectory()
    let make = try Command.run(
      "/usr/bin/env",
      ["make", "-s", "-C", ShellDriver.repository.path, "install-completions", "PREFIX=" + prefix.path],
      timeout: Patience.buildSeconds)
    #expect(make.status == 0, "\(make)")
    for shell in CompletionShell.allCases {
      let installed = prefix.file(CompletionScript.installPath(for: shell, tool: .deeplink))
      #expect(
        (try? String(contentsOfFile: installed, encoding: .utf8))
          == CompletionScript.text(for: shell, tool: .deeplink))
    }
    let environment = [
      "XDG_DATA_DIRS": prefix.file("share") + ":/usr/share", "HOME": prefix.path,
      "PATH": Command.productsDirectory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? ""),
    ]
    return (prefix, environment)
  }

  @Test(.requires("make", "bash-completion"))
  func bashFindsTheInstalledScript() throws {
    let (prefix, environment) = try Self.install()
    defer { prefix.remove() }
    // bash-completion loads completions/<command> from each XDG data directory on first use.
    let bash = try Command.run(
      "/usr/bin/env",
      [
        "bash", "--norc", "--noprofile", "-c",
        "source /usr/share/bash-completion/bash_completion; _completion_loader deeplink; complete -p deeplink",
      ], environment: environment)
    #expect(bash.stdout == "complete -F _deeplink deeplink\n", "\(bash)")
  }

  @Test(.requires("make", "fish"))
  func fishFindsTheInstalledScript() throws {
    let (prefix, environment) = try Self.install()
    defer { prefix.remove() }
    // fish autoloads vendor_completions.d of each XDG data directory.
    let fish = try Command.run(
      "/usr/bin/env", ["fish", "-c", #"complete -C "deeplink completions ""#], environment: environment)
    #expect(fish.stdout.split(separator: "\n").sorted() == ["bash", "fish", "zsh"], "\(fish)")
  }

  @Test(.requires("make", "zsh"))
  func zshFindsTheInstalledScript() throws {
    let (prefix, environment) = try Self.install()
    defer { prefix.remove() }
    // zsh: site-functions is on the default fpath of a zsh installed in the same prefix.
    let zsh = try Command.run(
      "/usr/bin/env",
      [
        "zsh", "-f", "-c",
        "fpath=(\(prefix.file("share/zsh/site-functions")) $fpath); autoload -Uz compinit; compinit -u -D; "
          + "print -r -- $_comps[deeplink]",
      ], environment: environment)
    #expect(zsh.stdout == "_deeplink\n", "\(zsh)")
  }
}
