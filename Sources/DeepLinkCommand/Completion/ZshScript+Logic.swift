extension ZshScript {
  /// The part of the zsh script that does not depend on the table.
  static var helpers: [String] {
    #"""
    # Offers the values the running app has for route $1, parameter $2, with their help. The
    # callback's lines are only split and handed to _describe: never evaluated.
    _deeplink_live() {
      local command=${words[1]} line
      local -a candidates
      [[ $command == */* && -x $command ]] || command=deeplink
      for line in "${(@f)$(command $command \#(CompletionCallback.command) \#(CompletionCallback.values) $1 $2 ${socket:+$socket} 2>/dev/null)}"; do
        [[ -n $line ]] || continue
        # _describe reads name:description with \ as an escape: double every \, escape : in the name.
        line=${line//\\/\\\\}
        candidates+=("${${line%%$'\t'*}//:/\\:}:${line#*$'\t'}")
      done
      _describe -t values "$2" candidates
    }

    # Offers the --target values with their help: the kinds, then the simulators and devices
    # the callback finds.
    _deeplink_targets() {
      local command=${words[1]} line
      local -a candidates
      [[ $command == */* && -x $command ]] || command=deeplink
      for line in "${(@f)$(command $command \#(CompletionCallback.command) \#(CompletionCallback.targets) 2>/dev/null)}"; do
        [[ -n $line ]] || continue
        line=${line//\\/\\\\}
        candidates+=("${${line%%$'\t'*}//:/\\:}:${line#*$'\t'}")
      done
      _describe -t targets target candidates
    }

    """#.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// The rest of the fixed logic, after `_deeplink_other_table` (``ShellCaseFunctions``).
  static var logic: [String] {
    #"""
    # Offers what `deeplink \#(CompletionCallback.command) \#(CompletionCallback.words) WORD...` answers: a first line
    # `words<TAB>PREFIX` then `candidate<TAB>description` lines, or `path<TAB>PREFIX`. The
    # lines are only split and handed to compadd and _describe: never evaluated.
    _deeplink_ask() {
      local command=${words[1]} line head='' name
      local -a lines described plain
      [[ $command == */* && -x $command ]] || command=deeplink
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

    # Offers the values of the option whose kind _deeplink_value left in REPLY; $1 is = after
    # --option=.
    _deeplink_values() {
      case $REPLY in
        (boolean) [[ -n $1 ]] && compadd -a reply ;;
        (choices) compadd -a reply ;;
        (live) _deeplink_live "${reply[@]}" ;;
        (targets) _deeplink_targets ;;
        (path) _files ;;
        (*) return 1 ;;
      esac
    }

    _deeplink() {
      local REPLY word entry ctx=top argument=open expect='' socket='' given=' ' ret=1
      local -a reply offered
      local -i i
      if _deeplink_other_table; then
        _deeplink_ask
        return
      fi
      for ((i = 2; i < CURRENT; i++)); do
        word=${words[i]}
        if [[ -n $expect ]]; then
          if [[ $word != --* && $word != \#(CompletionScript.helpShortFlag) ]]; then
            [[ $expect == \#(CompletionScript.socketFlag) ]] && socket=${(Q)word}
            expect=''
            continue
          fi
          expect=''
        fi
        case $word in
          (\#(CompletionScript.finalFlags.joined(separator: "|"))) return 1 ;;
          (--) ;;
          (--*=*)
            given+="${word%%=*} "
            [[ ${word%%=*} == \#(CompletionScript.socketFlag) ]] && socket=${(Q)word#*=}
            ;;
          (--*)
            given+="$word "
            _deeplink_value $ctx $word
            [[ $REPLY == none || $REPLY == boolean ]] || expect=$word
            ;;
          (-*) ;;
          (*)
            if [[ $ctx == top ]]; then
              _deeplink_kind $word
              [[ -n $REPLY && $REPLY != subcommand ]] || return 1
              ctx=$REPLY:$word
            elif [[ $argument == open ]]; then
              _deeplink_argument $ctx
              if [[ $REPLY == route ]]; then
                _deeplink_kind $word
                [[ $REPLY == route ]] || return 1
                ctx=route:$word
              elif [[ $REPLY == subcommands ]]; then
                _deeplink_kind ${ctx#*:}/$word
                [[ $REPLY == subcommand ]] || return 1
                ctx=subcommand:${ctx#*:}/$word
              else
                argument=given
              fi
            fi
            ;;
        esac
      done

      if [[ -n $expect ]]; then
        _deeplink_value $ctx $expect
        _deeplink_values
        return
      fi
      if [[ $PREFIX == --*=* ]]; then
        word=${PREFIX%%=*}
        compset -P "${(b)word}="
        _deeplink_value $ctx $word
        _deeplink_values =
        return
      fi
      if [[ $PREFIX != -* && $argument == open ]]; then
        _deeplink_argument $ctx
        [[ $ctx == top ]] && REPLY=topic
        local kind=$REPLY
        case $kind in
          (topic|route)
            _deeplink_names route
            _describe -t routes route reply && ret=0
            if [[ $kind == topic ]]; then
              _deeplink_names command
              _describe -t commands command reply && ret=0
            fi
            return ret
            ;;
          (words|subcommands) compadd -a reply; return ;;
          (path) _files; return ;;
          (free) return 1 ;;
        esac
      fi
      _deeplink_options $ctx
      for entry in $reply; do
        [[ $given == *" ${entry%%:*} "* ]] || offered+=("$entry")
      done
      _describe -t route-options option offered
    }

    if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then
      _deeplink "$@"
    else
      compdef _deeplink deeplink
    fi
    """#.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
}
