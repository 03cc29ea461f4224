extension BashScript {
  /// The part of the bash script that does not depend on the table: reading the line,
  /// following it through the contexts, and offering candidates.
  static var helpers: [String] {
    #"""
    # REPLY: the shell word $1 without its quotes and backslashes. Nothing is expanded.
    _deeplink_dequote() {
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
    _deeplink_add() {
      local candidate
      _deeplink_dequote "$cur"
      for candidate; do
        [[ $candidate == "$REPLY"* ]] || continue
        printf -v candidate %q "$candidate"
        COMPREPLY+=("${candidate:keep}")
      done
    }

    # Adds the file names that complete the word at the cursor.
    _deeplink_path() {
      local -a files=()
      _deeplink_dequote "$typed"
      compopt -o filenames 2>/dev/null
      mapfile -t files < <(compgen -f -- "$REPLY")
      COMPREPLY+=("${files[@]}")
    }

    # Adds the values the running app offers for route $2, parameter $3, each prefixed by $1.
    # The callback's lines are only split, compared and quoted: never evaluated.
    _deeplink_live() {
      local command=${words[0]} line
      local -a candidates=()
      [[ $command == */* && -x $command ]] || command=deeplink
      while IFS= read -r line; do
        candidates+=("$1${line%%$'\t'*}")
      done < <(command "$command" \#(CompletionCallback.command) \#(CompletionCallback.values) "$2" "$3" ${socket:+"$socket"} 2>/dev/null)
      _deeplink_add "${candidates[@]}"
    }

    # Adds the --target values: the kinds, then the simulators and devices the callback finds.
    _deeplink_targets() {
      local command=${words[0]} line
      local -a candidates=()
      [[ $command == */* && -x $command ]] || command=deeplink
      while IFS= read -r line; do
        candidates+=("$1${line%%$'\t'*}")
      done < <(command "$command" \#(CompletionCallback.command) \#(CompletionCallback.targets) 2>/dev/null)
      _deeplink_add "${candidates[@]}"
    }

    """#.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// The rest of the fixed logic, after `_deeplink_other_table` (``ShellCaseFunctions``).
  static var logic: [String] {
    #"""
    # Adds what `deeplink \#(CompletionCallback.command) \#(CompletionCallback.words) WORD...` answers: a first line
    # `words<TAB>PREFIX` then `candidate<TAB>description` lines, or `path<TAB>PREFIX`. The
    # lines are only split, compared and quoted: never evaluated.
    _deeplink_ask() {
      local command=${words[0]} line head='' word
      local -a arguments=() candidates=()
      [[ $command == */* && -x $command ]] || command=deeplink
      for word in "${words[@]:1}"; do
        _deeplink_dequote "$word"
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
        words) _deeplink_add "${candidates[@]}" ;;
        path) _deeplink_path ;;
      esac
    }

    # Adds the values of the option whose kind _deeplink_value left in REPLY, prefixed by $1.
    _deeplink_values() {
      local value
      local -a candidates=()
      case $REPLY in
        boolean | choices)
          [[ $REPLY == boolean && -z $1 ]] && return
          for value in "${_deeplink_vals[@]}"; do candidates+=("$1$value"); done
          _deeplink_add "${candidates[@]}"
          ;;
        live) _deeplink_live "$1" "${_deeplink_vals[@]}" ;;
        targets) _deeplink_targets "$1" ;;
        path) _deeplink_path ;;
      esac
    }

    _deeplink() {
      local -a words=() _deeplink_opts=() _deeplink_vals=()
      local REPLY line word cur typed keep i last ctx=top argument=open expect='' socket='' given=' '
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
      if _deeplink_other_table; then
        _deeplink_ask
        return 0
      fi

      for ((i = 1; i < last; i++)); do
        word=${words[i]}
        if [[ -n $expect ]]; then
          if [[ $word != --* && $word != \#(CompletionScript.helpShortFlag) ]]; then
            if [[ $expect == \#(CompletionScript.socketFlag) ]]; then
              _deeplink_dequote "$word"
              socket=$REPLY
            fi
            expect=''
            continue
          fi
          expect=''
        fi
        case $word in
          \#(CompletionScript.finalFlags.joined(separator: " | "))) return 0 ;;
          --) ;;
          --*=*)
            given+="${word%%=*} "
            if [[ ${word%%=*} == \#(CompletionScript.socketFlag) ]]; then
              _deeplink_dequote "${word#*=}"
              socket=$REPLY
            fi
            ;;
          --*)
            given+="$word "
            _deeplink_value "$ctx" "$word"
            [[ $REPLY == none || $REPLY == boolean ]] || expect=$word
            ;;
          -*) ;;
          *)
            if [[ $ctx == top ]]; then
              _deeplink_kind "$word"
              [[ -n $REPLY && $REPLY != subcommand ]] || return 0
              ctx=$REPLY:$word
            elif [[ $argument == open ]]; then
              _deeplink_argument "$ctx"
              if [[ $REPLY == route ]]; then
                _deeplink_kind "$word"
                [[ $REPLY == route ]] || return 0
                ctx=route:$word
              elif [[ $REPLY == subcommands ]]; then
                _deeplink_kind "${ctx#*:}/$word"
                [[ $REPLY == subcommand ]] || return 0
                ctx=subcommand:${ctx#*:}/$word
              else
                argument=given
              fi
            fi
            ;;
        esac
      done

      if [[ -n $expect ]]; then
        _deeplink_value "$ctx" "$expect"
        _deeplink_values ""
        return 0
      fi
      if [[ $cur == --*=* ]]; then
        _deeplink_value "$ctx" "${cur%%=*}"
        _deeplink_values "${cur%%=*}="
        return 0
      fi
      if [[ $cur != -* && $argument == open ]]; then
        _deeplink_argument "$ctx"
        [[ $ctx == top ]] && REPLY=topic
        case $REPLY in
          topic | route)
            _deeplink_names "$REPLY"
            _deeplink_add "${_deeplink_vals[@]}"
            return 0
            ;;
          words | subcommands)
            _deeplink_add "${_deeplink_vals[@]}"
            return 0
            ;;
          path)
            _deeplink_path
            return 0
            ;;
          free) return 0 ;;
        esac
      fi
      _deeplink_options "$ctx"
      for word in "${_deeplink_opts[@]}"; do
        [[ $given == *" $word "* ]] || _deeplink_add "$word"
      done
      return 0
    }

    complete -F _deeplink deeplink
    """#.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
}
