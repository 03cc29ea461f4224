#!/usr/bin/env bash
# make demo: build, start the app model on a temporary socket, drive it through the seed's
# links printing each screen, show what a mistake looks like, stop the app.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build >/dev/null
bin=$(swift build --show-bin-path)
dir=$(mktemp -d /tmp/deeplink-demo.XXXXXX)
socket="$dir/app.sock"
export DEEPLINK_SOCKET="$socket"

"$bin/deeplink-app" --socket "$socket" 2>"$dir/app.log" &
app=$!
cleanup() {
  kill -TERM "$app" 2>/dev/null && wait "$app" 2>/dev/null || true
  echo
  echo "── the app's log ──"
  cat "$dir/app.log"
  rm -rf "$dir"
}
trap cleanup EXIT

bold=""
plain=""
if [ -t 1 ] && [ -z "${NO_COLOR:-}" ]; then bold=$'\033[1m' plain=$'\033[0m'; fi

show() {
  local shown=""
  for word in "$@"; do
    case "$word" in *[!A-Za-z0-9_./=:-]*) shown+=" '${word//\'/\'\\\'\'}'" ;; *) shown+=" $word" ;; esac
  done
  printf '\n%s$ deeplink%s%s\n' "$bold" "$shown" "$plain"
  set +e
  "$bin/deeplink" "$@"
  local status=$?
  set -e
  [ "$status" -eq 0 ] || printf '(exit %d)\n' "$status"
}

"$bin/deeplink" wait --timeout 10 --quiet
while IFS= read -r line; do
  case "$line" in '' | '#'*) continue ;; esac
  read -r -a words <<<"$line"
  show "${words[@]}"
done <demo/seed.deeplinks

show recipe-edit --id 42 --unsaved --json
show state
show recipee --id 42
show recipe --id abc
show url login-error --message 'Wrong password & 2FA'
