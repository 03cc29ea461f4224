import DeepLinkCommand
import DeepLinkRoutes
import Foundation
import RecipeRoutes
import TestSupport
import Testing

/// The checked-in scripts are what the generator prints now, and each passes its shell's own
/// syntax check (and shellcheck for bash).
@Suite struct GeneratedScriptsTests {
  @Test("completions/ is up to date (make completions regenerates it)", arguments: CompletionShell.allCases)
  func upToDate(_ shell: CompletionShell) throws {
    let generated = CompletionScript.text(for: shell, table: .builtIn)
    let checkedIn = try String(contentsOfFile: ShellDriver.script(shell), encoding: .utf8)
    #expect(
      checkedIn == generated,
      "completions/\(CompletionScript.fileName(for: shell)) is stale: run make completions")
  }

  @Test("deeplink completions prints the script", arguments: CompletionShell.allCases)
  func printedByTheBinary(_ shell: CompletionShell) throws {
    let result = try Command.deeplink("completions", shell.rawValue)
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
    #expect(result.stdout == CompletionScript.text(for: shell, table: .builtIn))
  }

  @Test(
    "each script passes its shell's syntax check",
    arguments: [
      (CompletionShell.bash, ["bash", "-n"]), (.zsh, ["zsh", "-n"]), (.fish, ["fish", "--no-execute"]),
      (.bash, ["shellcheck", "--shell=bash", "--severity=style"]),
    ])
  func syntax(_ shell: CompletionShell, _ checker: [String]) throws {
    let result = try Command.run("/usr/bin/env", checker + [ShellDriver.script(shell)])
    #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty, "\(result)")
  }

  @Test("every route and command is in every script")
  func everyNameIsThere() {
    for shell in CompletionShell.allCases {
      let script = CompletionScript.text(for: shell, table: .builtIn)
      for name in RouteTable.builtIn.routes.map(\.name) + BuiltInCommand.allCases.map(\.name) {
        #expect(script.contains(name), "\(name) missing from the \(shell) script")
      }
    }
  }

  @Test("a route added to a table is completed with no other edit")
  func newRoute() throws {
    let route = Route(
      "pantry", summary: "Show the pantry",
      parameters: [.choice("shelf", ["top", "it's $(bottom)"], help: "Which shelf")])
    let table = RouteTable(routes: RouteTable.builtIn.routes + [route])
    let model = CompletionModel(table: table)
    #expect(model.context(named: "pantry")?.options.first?.value == .choices(["top", "it's $(bottom)"]))
    for shell in CompletionShell.allCases {
      #expect(CompletionScript.text(for: shell, table: table).contains("pantry"))
    }
  }
}

/// `make install-completions PREFIX=...` (the completion part of `make install`) puts each
/// script where its shell finds it with no configuration but the prefix's data directory.
@Suite struct InstallTests {
  @Test func eachShellFindsTheInstalledScript() throws {
    let prefix = try TemporaryDirectory()
    defer { prefix.remove() }
    let make = try Command.run(
      "/usr/bin/env",
      ["make", "-s", "-C", ShellDriver.repository.path, "install-completions", "PREFIX=" + prefix.path])
    #expect(make.status == 0, "\(make)")
    for shell in CompletionShell.allCases {
      let installed = prefix.file(CompletionScript.installPath(for: shell))
      #expect(
        (try? String(contentsOfFile: installed, encoding: .utf8))
          == CompletionScript.text(for: shell, table: .builtIn))
    }
    let environment = [
      "XDG_DATA_DIRS": prefix.file("share") + ":/usr/share", "HOME": prefix.path,
      "PATH": Command.productsDirectory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? ""),
    ]
    // bash-completion loads completions/<command> from each XDG data directory on first use.
    let bash = try Command.run(
      "/usr/bin/env",
      [
        "bash", "--norc", "--noprofile", "-c",
        "source /usr/share/bash-completion/bash_completion; _completion_loader deeplink; complete -p deeplink",
      ], environment: environment)
    #expect(bash.stdout == "complete -F _deeplink deeplink\n", "\(bash)")
    // fish autoloads vendor_completions.d of each XDG data directory.
    let fish = try Command.run(
      "/usr/bin/env", ["fish", "-c", #"complete -C "deeplink completions ""#], environment: environment)
    #expect(fish.stdout.split(separator: "\n").sorted() == ["bash", "fish", "zsh"], "\(fish)")
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
