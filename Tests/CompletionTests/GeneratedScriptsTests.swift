import DeepLinkRoutes
import Foundation
import RecipeSampleRoutes
import TestSupport
import Testing

@testable import DeepLinkCommand

/// The checked-in scripts are what the generator prints now, and each passes its shell's own
/// syntax check (and shellcheck for bash).
@Suite struct GeneratedScriptsTests {
  @Test("completions/ is up to date (make completions regenerates it)", arguments: CompletionShell.allCases)
  func upToDate(_ shell: CompletionShell) throws {
    let generated = CompletionScript.text(for: shell, table: .builtIn, tool: .deeplink)
    let checkedIn = try String(contentsOfFile: ShellDriver.script(shell), encoding: .utf8)
    #expect(
      checkedIn == generated,
      "completions/\(CompletionScript.fileName(for: shell, tool: .deeplink)) is stale: run make completions")
  }

  @Test("deeplink completions prints the script", arguments: CompletionShell.allCases)
  func printedByTheBinary(_ shell: CompletionShell) throws {
    let result = try Command.deeplink("completions", shell.rawValue)
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
    #expect(result.stdout == CompletionScript.text(for: shell, table: .builtIn, tool: .deeplink))
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

  /// Each script's own functions, run in its shell, name every route and command where
  /// completion looks them up: the kind of each name, the list of routes (and of commands),
  /// and the options of each route and command. The expectations come from the route table
  /// and the command list, not from the generator.
  @Test("every route and command is where the bash script looks it up")
  func bashLooksUpEveryName() throws { try Self.everyNameIsWhereItIsLookedUp(.bash) }

  @Test("every route and command is where the zsh script looks it up", .requires("zsh"))
  func zshLooksUpEveryName() throws { try Self.everyNameIsWhereItIsLookedUp(.zsh) }

  @Test("every route and command is where the fish script looks it up", .requires("fish"))
  func fishLooksUpEveryName() throws { try Self.everyNameIsWhereItIsLookedUp(.fish) }

  static func everyNameIsWhereItIsLookedUp(_ shell: CompletionShell) throws {
    let routes = RouteTable.builtIn.routes
    let commands = CommandRegistry.names
    let unknown = "no-such-route"
    let names = routes.map(\.name) + commands + [unknown]
    let contexts = routes.map { "route:" + $0.name } + commands.map { "command:" + $0 }
    let result = try Command.run(
      "/usr/bin/env", Self.lookUp[shell]!,
      environment: [
        "DL_SCRIPT": ShellDriver.script(shell), "DL_NAMES": names.joined(separator: " "),
        "DL_CONTEXTS": contexts.joined(separator: " "),
      ])
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
    var lines: [String: [String]] = [:]
    for line in result.stdout.split(separator: "\n") {
      let words = line.split(separator: " ").map(String.init)
      guard words.count >= 2 else { continue }
      lines[words[0] + " " + words[1]] = Array(words.dropFirst(2))
    }

    for route in routes {
      #expect(lines["kind \(route.name)"] == ["route"], "\(shell): \(route.name) is not a route")
    }
    for command in commands {
      #expect(lines["kind \(command)"] == ["command"], "\(shell): \(command) is not a command")
    }
    #expect(lines["kind \(unknown)"] == [], "\(shell): \(unknown) has a kind")

    #expect(lines["names route"] == routes.map(\.name), "\(shell): the routes offered")
    let commandList = shell == .bash ? lines["names topic"] : lines["names command"]
    let expectedCommands = (shell == .bash ? routes.map(\.name) : []) + commands
    #expect(commandList == expectedCommands, "\(shell): the commands offered")

    // A route's options: its parameters, then every global option it does not shadow but
    // --version (which replaces a command, so it is offered only at the top level).
    let globals = GlobalOption.allCases.filter { $0 != .version }
    for route in routes {
      let expected =
        route.parameters.map { "--" + $0.name }
        + globals.filter { route.parameter(named: $0.rawValue) == nil }.map(\.flag)
      #expect(lines["options route:\(route.name)"] == expected, "\(shell): options of \(route.name)")
    }
    for command in commands {
      let offered = lines["options command:\(command)"] ?? []
      #expect(
        Set(globals.map(\.flag)).isSubset(of: offered) && !offered.contains(GlobalOption.version.flag),
        "\(shell): options of \(command): \(offered)")
    }
  }

  /// For each shell, a program that sources the script and prints, one per line:
  /// `kind NAME KIND` for each of `$DL_NAMES`, `names route ROUTES...`, `names command
  /// COMMANDS...` (bash: `names topic ROUTES-AND-COMMANDS...`), and `options CONTEXT
  /// OPTIONS...` for each of `$DL_CONTEXTS`.
  static let lookUp: [CompletionShell: [String]] = [
    .bash: [
      "bash", "--norc", "--noprofile", "-c",
      """
      source "$DL_SCRIPT" || exit 1
      for n in $DL_NAMES; do _deeplink_kind "$n"; echo "kind $n $REPLY"; done
      _deeplink_names route; echo "names route ${_deeplink_vals[*]}"
      _deeplink_names topic; echo "names topic ${_deeplink_vals[*]}"
      for c in $DL_CONTEXTS; do _deeplink_options "$c"; echo "options $c ${_deeplink_opts[*]}"; done
      """,
    ],
    .zsh: [
      "zsh", "-f", "-c",
      """
      compdef() { : }
      source "$DL_SCRIPT" || exit 1
      for n in ${=DL_NAMES}; do _deeplink_kind $n; print -r -- "kind $n $REPLY"; done
      _deeplink_names route; words=(${reply%%:*}); print -r -- "names route $words"
      _deeplink_names command; words=(${reply%%:*}); print -r -- "names command $words"
      for c in ${=DL_CONTEXTS}; do _deeplink_options $c; words=(${reply%%:*}); print -r -- "options $c $words"; done
      """,
    ],
    .fish: [
      "fish", "--no-config", "-c",
      """
      source $DL_SCRIPT; or exit 1
      for n in (string split ' ' -- $DL_NAMES); set k (__deeplink_kind $n); echo "kind $n $k"; end
      echo "names route "(string join ' ' -- (__deeplink_names route | string replace -r '\t.*' ''))
      echo "names command "(string join ' ' -- (__deeplink_names command | string replace -r '\t.*' ''))
      for c in (string split ' ' -- $DL_CONTEXTS)
        echo "options $c "(string join ' ' -- (__deeplink_options $c | string replace -r '\t.*' ''))
      end
      """,
    ],
  ]

  @Test("a route added to a table is completed with no other edit")
  func newRoute() throws {
    let route = Route(
      "pantry", summary: "Show the pantry",
      parameters: [.choice("shelf", ["top", "it's $(bottom)"], help: "Which shelf")])
    let table = RouteTable(routes: RouteTable.builtIn.routes + [route])
    let model = CompletionModel(table: table, tool: .deeplink)
    #expect(model.context(named: "pantry")?.options.first?.value == .choices(["top", "it's $(bottom)"]))
    for shell in CompletionShell.allCases {
      #expect(CompletionScript.text(for: shell, table: table, tool: .deeplink).contains("pantry"))
    }
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
          == CompletionScript.text(for: shell, table: .builtIn, tool: .deeplink))
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
