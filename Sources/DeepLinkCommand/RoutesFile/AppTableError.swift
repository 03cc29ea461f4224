package import DeepLinkWire

/// Why the table an app serves cannot be used: the app (its socket path) and the problem.
///
///     the app on /tmp/deeplink-1000/app.sock served a table deeplink refuses: routes[3].parameters[0].default: the default 0 is outside the range 1 to 99
///     The app's table is checked like a routes file ('deeplink help routes'); fix the route table the app declares, or give one with --routes FILE.
package struct AppTableError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The app's socket path.
  package var app: String
  package var problem: AppTableProblem

  package init(app: String, problem: AppTableProblem) {
    self.app = app
    self.problem = problem
  }

  /// One line naming the app and the problem.
  package var message: String {
    switch problem {
    case .socket(let error): error.message
    case .unsupported:
      "the app on \(app) does not serve its route table (its agent is older than the 'table' request)"
    case .rejected(let kind, let message):
      "the app on \(app) refused to send its route table: \(kind): \(message.messageExcerpt)"
    case .tooLarge, .tooManyRoutes, .notJSON, .notAReply, .noTable, .invalidTable, .versionMismatch,
      .versionsDisagree:
      "the app on \(app) served a table deeplink refuses: " + problem.message
    }
  }

  /// The second line: what to do.
  package var hint: String {
    switch problem {
    case .socket: "Start the app (or check --socket, DEEPLINK_SOCKET), or give its routes with --routes FILE."
    case .unsupported, .rejected:
      "Rebuild the app with a newer DeepLinkAgent, or give its routes with --routes FILE."
    case .tooLarge, .tooManyRoutes, .notJSON, .notAReply, .noTable, .invalidTable, .versionMismatch,
      .versionsDisagree:
      "The app's table is checked like a routes file ('deeplink help routes'); fix the route table "
        + "the app declares, or give one with --routes FILE."
    }
  }

  /// Whether a command should go on with the table it would use without the app (a routes
  /// file found, the built-in table): the app is an older agent that has no table to give.
  package var fallsBack: Bool { problem == .unsupported }

  /// The exit code of a command that needed the table: a socket's as any request's (69 no
  /// app, 75 no answer in time), else 70 (the app is wrong).
  package var exitCode: ExitCode {
    switch problem {
    case .socket(let error): ClientFailure.socket(error).exitCode
    default: .internalError
    }
  }

  package var description: String { message + "\n" + hint }
}

/// What is wrong with the table an app served.
package enum AppTableProblem: Error, Hashable, Sendable {
  /// Connecting, sending or reading failed (no app, a timeout, the connection closed).
  case socket(SocketError)
  /// The reply line is longer than `limit` bytes.
  case tooLarge(limit: Int)
  /// The table has `count` routes, more than `limit`.
  case tooManyRoutes(count: Int, limit: Int)
  /// The reply is not JSON (or nests deeper than the reader allows).
  case notJSON(JSONError)
  /// The reply has no `ok` and `version`: no agent of ours answered.
  case notAReply
  /// The app answered `unknown op 'table'`: an agent from before the request existed.
  case unsupported
  /// The app answered with an error.
  case rejected(kind: String, message: String)
  /// A successful reply without `table`.
  case noTable
  /// The table breaks a rule of the routes-file format at `place` (`routes[3].name`; empty for
  /// the table itself).
  case invalidTable(place: String, problem: RoutesFileProblem)
  /// The fingerprint of the declarations is `computed`, not the `claimed` version.
  case versionMismatch(claimed: String, computed: String)
  /// The reply's `version` and the table's own `version` differ.
  case versionsDisagree(reply: String, table: String)

  /// The problem alone, without the app.
  package var message: String {
    switch self {
    case .socket(let error): error.message
    case .tooLarge(let limit): "the reply is longer than \(limit >> 20) MiB"
    case .tooManyRoutes(let count, let limit): "the table has \(count) routes, more than \(limit)"
    case .notJSON(let error): "the reply is not JSON: " + RoutesFileProblem.describe(error)
    case .notAReply: "the reply has no \"ok\" and \"version\"; is an app's agent listening there?"
    case .unsupported: "the app does not serve its route table"
    case .rejected(let kind, let message): "\(kind): \(message.messageExcerpt)"
    case .noTable: "the reply has no \"table\""
    case .invalidTable(let place, let problem):
      "table" + (place.isEmpty ? "" : "." + place) + ": " + problem.message
    case .versionMismatch(let claimed, let computed):
      "its version is \(claimed.messageExcerpt), but its routes give \(computed): the table is not the one "
        + "the app checks links against"
    case .versionsDisagree(let reply, let table):
      "the reply's version \(reply.messageExcerpt) and the table's \(table.messageExcerpt) differ"
    }
  }
}
