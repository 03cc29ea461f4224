/// The bash shim (``CompletionScript``): it glues back the words bash split at `=`, unquotes
/// them, asks the tool, and quotes each candidate for the command line.
///
/// Self-contained (bash-completion is welcome but not needed).
struct BashScript {
  let shim: CompletionScript.Shim

  var lines: [String] {
    let f = shim.function
    return CompletionScript.header(shim, shell: .bash) + [""]
      + #"""
      # REPLY: the shell word $1 without its quotes and backslashes. Nothing is expanded.
      _\#(f)_dequote() {
        local word=$1 quote='' char i
        REPLY=''
        for ((i = 0; i < ${#word}; i++)); do
          char=${word:i:1}
          if [[ $quote == "'" ]]; then
            if [[ $char == "'" ]]; then quote=''; else REPLY+=$char; fi
          elif [[ $char == "\\" ]]; then
            i=$((i + 1))
            REPLY+=${word:i:1}
          elif [[ $char == "$quote" ]]; then
            quote=''
          elif [[ -z $quote && ($char == "'" || $char == '"') ]]; then
            quote=$char
          else
            REPLY+=$char
          fi
        done
      }

      # Adds to COMPREPLY each candidate (a whole word) that starts with the word at the cursor,
      # quoted for the command line, without the part bash keeps (up to a word break such as =).
      _\#(f)_add() {
        local candidate
        _\#(f)_dequote "$cur"
        for candidate; do
          [[ $candidate == "$REPLY"* ]] || continue
          printf -v candidate %q "$candidate"
          COMPREPLY+=("${candidate:keep}")
        done
      }

      # Adds the file names that complete the word at the cursor.
      _\#(f)_path() {
        local -a files=()
        _\#(f)_dequote "$typed"
        compopt -o filenames 2>/dev/null
        mapfile -t files < <(compgen -f -- "$REPLY")
        COMPREPLY+=("${files[@]}")
      }

      _\#(f)() {
        local -a words=() arguments=() candidates=()
        local REPLY line word cur typed keep i last command head=''
        COMPREPLY=()

        # The words as typed: bash splits --id=4 into three at the word breaks; glue back the
        # pieces that have no blank between them in the line.
        line=${COMP_LINE:0:COMP_POINT}
        for ((i = 0; i <= COMP_CWORD; i++)); do
          word=${COMP_WORDS[i]}
          if ((i == 0)) || [[ $line == [[:blank:]]* ]]; then
            line=${line#"${line%%[![:blank:]]*}"}
            ((i == COMP_CWORD)) && word=$line
            words+=("$word")
          else
            ((i == COMP_CWORD)) && word=$line
            words[${#words[@]} - 1]+=$word
          fi
          typed=$word
          line=${line#"$word"}
        done
        last=$((${#words[@]} - 1))
        cur=${words[last]}
        # What readline replaces: the word at the cursor after its last word break.
        [[ $typed == *[!=:@]* ]] || typed=''
        keep=$((${#cur} - ${#typed}))

        command=${words[0]}
        [[ $command == */* && -x $command ]] || command=\#(shim.name)
        for word in "${words[@]:1}"; do
          _\#(f)_dequote "$word"
          arguments+=("$REPLY")
        done
        while IFS= read -r line; do
          if [[ -z $head ]]; then
            head=$line
            continue
          fi
          candidates+=("${head#*$'\t'}${line%%$'\t'*}")
        done < <(command "$command" \#(CompletionCallback.command) \#(CompletionCallback.words) "${arguments[@]}" 2>/dev/null)
        case ${head%%$'\t'*} in
          words) _\#(f)_add "${candidates[@]}" ;;
          path) _\#(f)_path ;;
        esac
        return 0
      }

      complete -F _\#(f) \#(shim.name)
      """#.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
}
