/// The zsh shim (``CompletionScript``), a `#compdef` file: it asks the tool with the words
/// unquoted (`(Q)`) and offers the candidates with their help through `_describe`, file names
/// through `_files`.
struct ZshScript {
  let shim: CompletionScript.Shim

  var lines: [String] {
    let f = shim.function
    return ["#compdef \(shim.name)"] + CompletionScript.header(shim, shell: .zsh) + [""]
      + #"""
      _\#(f)() {
        local command=${words[1]} line head='' name
        local -a lines described plain
        [[ $command == */* && -x $command ]] || command=\#(shim.name)
        lines=("${(@f)$(command $command \#(CompletionCallback.command) \#(CompletionCallback.words) "${(@Q)words[2,CURRENT]}" 2>/dev/null)}")
        head=${lines[1]}
        [[ -n ${head#*$'\t'} ]] && compset -P "${(b)head#*$'\t'}"
        case ${head%%$'\t'*} in
          (path) _files ;;
          (words)
            for line in "${(@)lines[2,-1]}"; do
              [[ -n $line ]] || continue
              name=${line%%$'\t'*}
              if [[ $line == *$'\t' ]]; then
                plain+=("$name")
              else
                # _describe reads name:description with \ as an escape: double every \, escape : in the name.
                line=${line//\\/\\\\}
                described+=("${${line%%$'\t'*}//:/\\:}:${line#*$'\t'}")
              fi
            done
            (( $#plain )) && compadd -a plain
            (( $#described )) && _describe -t values value described
            ;;
          (*) return 1 ;;
        esac
      }

      if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then
        _\#(f) "$@"
      else
        compdef _\#(f) \#(shim.name)
      fi
      """#.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
}
