# Asks a real interactive zsh what it offers for a command line, through its own completion
# system: `zsh -f zsh-complete.zsh FPATH_DIR LINE OUT [DUMP]`.
#
# Starts `zsh -f -i` under zsh/zpty, runs compinit with FPATH_DIR (the folder of `_deeplink`)
# first on fpath (from DUMP, a compinit dump made with the same fpath, if given), wraps compadd so that every match it is given (after zsh's own matching)
# is appended to OUT as `word<TAB>display`, then types LINE and a Tab.
zmodload zsh/zpty zsh/zselect || exit 2
setopt no_hist_subst_pattern
local dir=$1 line=$2 out=$3 dump=$4 buffer chunk
: >| $out
[[ -n $DL_DIR ]] && { cd $DL_DIR || exit 2 }

# Reads the child's output until it shows $1, or fails after 20 seconds.
await() {
  local deadline=$(( SECONDS + 20 ))
  while (( SECONDS < deadline )); do
    if zpty -rt z chunk 2>/dev/null; then
      buffer+=$chunk
      [[ $buffer == *$1* ]] && { buffer=''; return 0 }
    else
      zselect -t 1  # 10 ms, without starting a process
    fi
  done
  print -ru2 -- "zsh-complete: timed out waiting for $1; got: $buffer"
  return 1
}

zpty z 'zsh -f -i' || exit 2
zpty -w z "PS1='> ' PROMPT_EOL_MARK='' LISTMAX=100000; stty columns 1000 2>/dev/null; unsetopt auto_list auto_menu beep"
if [[ -n $dump ]]; then
  zpty -w z "fpath=(${(q)dir} \$fpath); autoload -Uz compinit; compinit -C -d ${(q)dump}"
else
  zpty -w z "fpath=(${(q)dir} \$fpath); autoload -Uz compinit; compinit -u -D"
fi
zpty -w z "DL_OUT=${(q)out}"
zpty -w z 'compadd() {
  if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return; fi
  local -a __hits __dscr
  local __i __name
  if (( $@[(I)-d] )); then __name=${@[$(( ${@[(i)-d]} + 1 ))]}; __dscr=("${(@P)__name}"); fi
  builtin compadd -A __hits -D __dscr "$@"
  for (( __i = 1; __i <= $#__hits; __i++ )); do
    print -r -- "$IPREFIX${__hits[__i]}"$'"'"'\t'"'"'"${__dscr[__i]}" >> $DL_OUT
  done
  builtin compadd "$@"
}'
zpty -w z 'print __RE""ADY__'
await __READY__ || exit 3
zpty -w -n z "$line"$'\t'
zpty -w z $'\C-uprint __DO""NE__'
await __DONE__ || exit 3
zpty -d z
