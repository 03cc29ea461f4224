/// `--json` and `--quiet` as given on a command line, found before it is parsed: they shape
/// how a usage error is reported (as JSON with `--json`), and they hold for help and the
/// version too, which replace the command before its options are read.
///
///     OutputFlags(["recipe", "--id", "abc", "--json"]).json  // true
///     OutputFlags(["open", "--", "--json"]).json  // false: after `--`, a plain word
struct OutputFlags {
  var json = false
  var quiet = false

  init(_ arguments: [String]) {
    for token in ArgumentTokenizer.tokenize(arguments) {
      switch token {
      case .terminator: return
      case .longOption(GlobalOption.json.rawValue, nil): json = true
      case .longOption(GlobalOption.quiet.rawValue, nil): quiet = true
      default: continue
      }
    }
  }
}
