# Asks bash what it offers for a command line, through the function the completion script
# registers: `bash --norc --noprofile bash-complete.bash SCRIPT LINE`.
#
# Sources bash-completion (when installed) and SCRIPT, splits LINE into COMP_WORDS the way
# readline does (blanks between words outside quotes; runs of the word-break characters
# = : @ as words of their own), sets COMP_LINE, COMP_POINT and COMP_CWORD with the cursor
# at the end, calls the function `complete -p deeplink` names, and prints COMPREPLY, one
# entry per line.
# shellcheck source=/dev/null
[[ -r /usr/share/bash-completion/bash_completion ]] && source /usr/share/bash-completion/bash_completion
# shellcheck source=/dev/null
source "$1" || exit 2
[[ -n $DL_DIR ]] && { cd "$DL_DIR" || exit 2; }
line=$2

COMP_WORDS=()
word='' kind='' quote=''
for ((i = 0; i < ${#line}; i++)); do
  char=${line:i:1}
  if [[ -n $quote ]]; then
    word+=$char
    [[ $char == "$quote" ]] && quote=''
    continue
  fi
  case $char in
    ' ' | $'\t')
      [[ -n $kind ]] && COMP_WORDS+=("$word")
      word='' kind=''
      ;;
    = | : | @)
      [[ $kind == text ]] && { COMP_WORDS+=("$word"); word=''; }
      word+=$char kind=break
      ;;
    *)
      [[ $kind == break ]] && { COMP_WORDS+=("$word"); word=''; }
      if [[ $char == \\ ]]; then
        i=$((i + 1))
        char+=${line:i:1}
      elif [[ $char == \' || $char == \" ]]; then
        quote=$char
      fi
      word+=$char kind=text
      ;;
  esac
done
COMP_WORDS+=("$word")
COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
COMP_LINE=$line
COMP_POINT=${#line}

spec=$(complete -p deeplink) || exit 3
function=${spec##*-F }
function=${function%% *}
COMPREPLY=()
"$function" deeplink "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
((${#COMPREPLY[@]} == 0)) || printf '%s\n' "${COMPREPLY[@]}"
