/// The fish shim (``CompletionScript``): it asks the tool with the words fish has unquoted
/// and prints `candidate<TAB>description` lines, file names through `__fish_complete_path`.
struct FishScript {
  let shim: CompletionScript.Shim

  var lines: [String] {
    let f = shim.function
    return CompletionScript.header(shim, shell: .fish) + [""]
      + #"""
      function __\#(f)_complete
        set -l command (commandline -opc)[1]
        if not string match -q -- '*/*' $command; or not test -x $command
          set command \#(shim.name)
        end
        command -q $command; or return
        set -l cur (commandline -ct)
        set -l lines (command $command \#(CompletionCallback.command) \#(CompletionCallback.words) (commandline -opc)[2..-1] $cur 2>/dev/null)
        test (count $lines) -gt 0; or return
        set -l head (string split -m 1 \t -- $lines[1])
        switch $head[1]
          case path
            for path in (__fish_complete_path (string sub -s (math (string length -- "$head[2]") + 1) -- $cur))
              printf '%s%s\n' $head[2] $path
            end
          case words
            for line in $lines[2..-1]
              printf '%s%s\n' $head[2] $line
            end
        end
      end

      complete -c \#(shim.name) -e
      complete -c \#(shim.name) -f -a '(__\#(f)_complete)'
      """#.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
}
