#!/usr/bin/env bash
# `make bench` section 15, or on its own: what speaking the app's own table costs. The same app
# binary (transition-app, an agent with no transition) runs twice: once with the sample's
# table, which deeplink is built with, and once with one route more, a table deeplink learns
# from the app. Measured in the same run, as medians over rounds:
#
#   - a link to the app whose table is cached, against the same link to the app with the
#     built-in table (both ask the app's fingerprint first): target <= 1.1x;
#   - the first contact (the cache emptied before each run: ping, then the table), against the
#     same: target <= 2x;
#   - the ping every command line starts with: the link with the built-in table, against the
#     same link with that table named by --routes (which asks no app); no target, what it costs.
#
#   BIN=<release bin dir> bench/app-table.sh      (ROUNDS, RUNS as for bench/run.sh; OUT for raw data)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common.sh

BIN=${BIN:?set BIN to the directory of the release binaries (make bench does)}
OUT=${OUT:-bench/out}
ROUNDS=${ROUNDS:-3}
RUNS=${RUNS:-200}
mkdir -p "$OUT"
needs hyperfine jq
[[ -x $BIN/transition-app ]] || { echo "bench: needs $BIN/transition-app (make bench builds it)" >&2; exit 69; }

WORLD=$(scratch table-bench)
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$WORLD"
}
trap cleanup EXIT
export XDG_CACHE_HOME=$WORLD/cache
unset DEEPLINK_SOCKET DEEPLINK_ROUTES DEEPLINK_TARGET
"$BIN/transition-app" --socket "$WORLD/builtin.sock" --transition 0 &
PIDS+=("$!")
"$BIN/transition-app" --socket "$WORLD/own.sock" --transition 0 --extra-route wishlist &
PIDS+=("$!")
"$BIN/deeplink" wait --socket "$WORLD/builtin.sock" --timeout 10 --quiet
"$BIN/deeplink" wait --socket "$WORLD/own.sock" --timeout 10 --quiet
(cd "$WORLD" && "$BIN/deeplink" --socket "$WORLD/builtin.sock" routes --json >"$WORLD/builtin.routes.json")

# What each command does, checked once: the app's table is learnt, the built-in one is not
# fetched, and the named file asks no app.
"$BIN/deeplink" --socket "$WORLD/own.sock" wishlist --quiet
"$BIN/deeplink" --socket "$WORLD/own.sock" routes | head -1 | grep -q "served by the app on $WORLD/own.sock" ||
  { echo "bench: deeplink did not learn the app's table" >&2; exit 70; }
"$BIN/deeplink" --routes "$WORLD/builtin.routes.json" --socket "$WORLD/builtin.sock" routes | head -1 |
  grep -q "(--routes)" || { echo "bench: --routes did not win" >&2; exit 70; }

CACHED="$BIN/deeplink settings --socket $WORLD/own.sock --quiet"
BUILTIN="$BIN/deeplink settings --socket $WORLD/builtin.sock --quiet"
NAMED="$BIN/deeplink settings --socket $WORLD/builtin.sock --routes $WORLD/builtin.routes.json --quiet"
: >"$OUT/app-table.medians"
for round in $(seq "$ROUNDS"); do
  hyperfine -N --style none --warmup 20 --runs "$RUNS" --export-json "$OUT/app-table.$round.json" \
    "$BUILTIN" "$CACHED" "$NAMED" >/dev/null 2>&1
  jq -r --arg r "$round" '.results | to_entries[] | "\($r) \(.key) \(.value.median)"' \
    "$OUT/app-table.$round.json" >>"$OUT/app-table.medians"
  # First contact: no cache, so the ping finds a new table and fetches it.
  hyperfine -N --style none --warmup 5 --runs "$RUNS" --prepare "rm -rf $XDG_CACHE_HOME/deeplink" \
    --export-json "$OUT/app-table-first.$round.json" "$CACHED" >/dev/null 2>&1
  jq -r --arg r "$round" '.results[0] | "\($r) 3 \(.median)"' "$OUT/app-table-first.$round.json" \
    >>"$OUT/app-table.medians"
done
ms() { awk -v i="$1" '$2 == i { printf "%.3f\n", $3 * 1000 }' "$OUT/app-table.medians" | median; }
ratio() {
  awk -v a="$1" -v b="$2" '$2 == a { x[$1] = $3 } $2 == b { y[$1] = $3 } END { for (r in x) print x[r] / y[r] }' \
    "$OUT/app-table.medians" | median
}
CACHED_RATIO=$(ratio 1 0)
FIRST_RATIO=$(ratio 3 0)
PING_RATIO=$(ratio 0 2)
printf '   built-in table %s ms   app'"'"'s table, cached %s ms   first contact %s ms   --routes (no ping) %s ms\n' \
  "$(ms 0)" "$(ms 1)" "$(ms 3)" "$(ms 2)"
printf '   cached / built-in = %.2fx (target <= 1.1x)   first contact / built-in = %.2fx (target <= 2x)\n' \
  "$CACHED_RATIO" "$FIRST_RATIO"
printf '   the ping: built-in / --routes = %.2fx (no target)\n' "$PING_RATIO"
verdict() { awk -v x="$1" -v t="$2" 'BEGIN { print (x <= t) ? "met" : "MISSED" }'; }
{
  printf "link, the app's table cached / the built-in table|%.2fx|<= 1.1x|%s\n" "$CACHED_RATIO" "$(verdict "$CACHED_RATIO" 1.1)"
  printf "link, first contact with the app's table / built-in|%.2fx|<= 2x|%s\n" "$FIRST_RATIO" "$(verdict "$FIRST_RATIO" 2)"
  printf "link, asking the app's fingerprint / --routes (no ping)|%.2fx|-|-\n" "$PING_RATIO"
} >"$OUT/app-table.summary"
