#!/usr/bin/env bash
# `make bench-against BASE=<checkout>`: the numbers a user feels, this build beside another one
# (an earlier commit, built from a clean worktree), measured in the same run.
#
#   BIN=<release bin dir> BASE_BIN=<the other build's release bin dir> bench/against.sh
#   BENCH_QUICK=1 ...   smoke run: few repetitions
#
# Each row runs both builds' command back to back in one hyperfine call, ROUNDS times, and
# prints the median over rounds of (this build / the other): above 1.05 is "MISSED", a number a
# user feels got worse by more than 5%. Each build talks to its own deeplink-app. Last, the p99
# latency of 32 clients sending links one at a time (bench/c/loadgen.c), each build's app on one
# core and the load on the other: throughput is no target, and above 1.5 is "MISSED".
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common.sh

BIN=${BIN:?set BIN to the release binaries of this build (make bench-against does)}
BASE_BIN=${BASE_BIN:?set BASE_BIN to the release binaries of the other build}
OUT=bench/out
mkdir -p "$OUT"
if [[ ${BENCH_QUICK:-0} == 1 ]]; then ROUNDS=${BENCH_ROUNDS:-1} RUNS=${BENCH_RUNS:-30} CALLS=200; else
  ROUNDS=${BENCH_ROUNDS:-5} RUNS=${BENCH_RUNS:-200} CALLS=1000; fi
needs hyperfine jq cc
for helper in mcp_session loadgen; do cc -O2 -Wall -o "$OUT/$helper" "bench/c/$helper.c"; done

DIR=$(scratch against)
# A private cache of app tables, shared by both builds (each keys its app by its own socket).
export XDG_CACHE_HOME=$DIR/cache
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$DIR"
}
trap cleanup EXIT
# Copies, as `make install` places them (bench/run.sh says why), each build with its own app.
for side in new base; do
  from=$BIN
  [[ $side == base ]] && from=$BASE_BIN
  mkdir "$DIR/$side"
  for product in deeplink deeplink-app; do install -m 755 "$from/$product" "$DIR/$side/$product"; done
  "$DIR/$side/deeplink-app" --socket "$DIR/$side.sock" 2>/dev/null &
  PIDS+=("$!")
  "$DIR/$side/deeplink" wait --socket "$DIR/$side.sock" --timeout 10 --quiet
  (cd "$DIR" && "$DIR/$side/deeplink" routes --json >"$DIR/$side.routes.json")
  # An app with a table of its own (this build's transition-app, for both builds): the rows of
  # a cached table, first contact and a Tab with the app's table. A build that learns no table
  # sends it links from its own, which the app accepts for the routes both tables have.
  "$BIN/transition-app" --socket "$DIR/$side.table.sock" --transition 0 --extra-route wishlist >/dev/null 2>&1 &
  PIDS+=("$!")
  "$DIR/$side/deeplink" wait --socket "$DIR/$side.table.sock" --timeout 10 --quiet
done
STANDINS=$PWD/Tests/DeviceTests/StandIns
printf 'emulator-5554\tdevice product:sdk_gphone64_x86_64 model:Pixel_7 transport_id:1\n' >"$DIR/adb-devices"
export STANDIN_ADB_DEVICES=$DIR/adb-devices

fmt() { awk -v x="$1" -v d="${2:-3}" 'BEGIN { printf "%.*f", d, x }'; }
ROWS=()
# A row: NAME|other ms|this ms|ratio|the ratio's limit (1.05 unless given; "none" for a row
# that is measured, not judged).
# row NAME COMMAND [LIMIT [PREPARE]]: COMMAND has {bin} for a build's directory, {sock} for its
# app's socket and {tsock} for its app with a table of its own; PREPARE runs before each run,
# unmeasured. A command the other build cannot run (a feature it lacks) gets "n/a".
row() {
  local name=$1 template=$2 limit=${3:-} prepare=${4:-true} new base
  new=${template//\{bin\}/$DIR/new} new=${new//\{sock\}/$DIR/new.sock}
  base=${template//\{bin\}/$DIR/base} base=${base//\{sock\}/$DIR/base.sock}
  base=${base//\{routes\}/$DIR/base.routes.json} new=${new//\{routes\}/$DIR/new.routes.json}
  base=${base//\{tsock\}/$DIR/base.table.sock} new=${new//\{tsock\}/$DIR/new.table.sock}
  if [[ -z $(eval "$base" 2>/dev/null) ]]; then
    ROWS+=("$name|n/a|n/a|n/a|none")
    return
  fi
  : >"$OUT/against.medians"
  for round in $(seq "$ROUNDS"); do
    hyperfine -N --style none --warmup 20 --runs "$RUNS" --prepare "$prepare" --export-json "$OUT/against.json" \
      "$new" "$base" >/dev/null 2>&1 || { echo "bench: failed: $new / $base" >&2; exit 70; }
    jq -r --arg r "$round" '.results | "\($r) \(.[0].median) \(.[1].median)"' "$OUT/against.json" \
      >>"$OUT/against.medians"
  done
  local ratio new_ms base_ms
  ratio=$(awk '{ print $2 / $3 }' "$OUT/against.medians" | median)
  new_ms=$(awk '{ print $2 * 1000 }' "$OUT/against.medians" | median)
  base_ms=$(awk '{ print $3 * 1000 }' "$OUT/against.medians" | median)
  ROWS+=("$name|$(fmt "$base_ms" 3)|$(fmt "$new_ms" 3)|$(fmt "$ratio" 3)|$limit")
}

echo "deeplink bench-against: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); $ROUNDS round(s) of $RUNS runs"
row "deeplink settings, against the running app" "{bin}/deeplink settings --socket {sock}"
row "start-up, deeplink url recipe --id 42" "{bin}/deeplink url recipe --id 42"
row "completion callback, recipe --id values" "{bin}/deeplink __complete values recipe id {sock}"
row "Tab, __complete words recipe --i" "{bin}/deeplink __complete words --socket {sock}.none recipe --i"
row "12-route routes file, url recipe --id 42" "{bin}/deeplink --routes {routes} url recipe --id 42"
row "start-up with an app, url recipe --id 42" "{bin}/deeplink url recipe --id 42 --socket {sock}"
# The rows the app's table brought: a link to an app with a table of its own, kept in the cache
# (hyperfine's warm-up caches it); first contact, the cache emptied before each run (measured,
# not judged: the table comes once, by design); a Tab that completes the app's own routes.
row "cached app table, deeplink settings" "{bin}/deeplink settings --socket {tsock}"
row "first contact with an app's table, settings" "{bin}/deeplink settings --socket {tsock}" none \
  "rm -rf $XDG_CACHE_HOME"
row "Tab with the app's table, __complete words" "{bin}/deeplink __complete words --socket {tsock} wish"
(
  export PATH="$STANDINS/bin:$PATH"
  row "device delivery, --target android:SERIAL" "{bin}/deeplink --target android:emulator-5554 recipe --id 42"
  printf '%s\n' "${ROWS[@]: -1}" >"$DIR/android.row"
)
ROWS+=("$(cat "$DIR/android.row")")
# An MCP tool call over one session (bench/c/mcp_session.c): its p50, rounds alternating builds.
: >"$OUT/against-mcp.txt"
for round in $(seq "$ROUNDS"); do
  for side in new base; do
    p50=$("$OUT/mcp_session" "$DIR/$side/deeplink" "$DIR/$side.sock" "$CALLS" | tr ' ' '\n' | grep '^call_p50_us=' | cut -d= -f2)
    echo "$round $side $p50" >>"$OUT/against-mcp.txt"
  done
done
MCP_NEW=$(awk '$2 == "new" { print $3 }' "$OUT/against-mcp.txt" | median)
MCP_BASE=$(awk '$2 == "base" { print $3 }' "$OUT/against-mcp.txt" | median)
MCP_RATIO=$(awk '$2 == "new" { n[$1] = $3 } $2 == "base" { b[$1] = $3 } END { for (r in n) print n[r] / b[r] }' \
  "$OUT/against-mcp.txt" | median)
ROWS+=("MCP tool call over one session (p50)|$(fmt "$(awk -v x="$MCP_BASE" 'BEGIN { print x / 1000 }')" 3)|$(fmt "$(awk -v x="$MCP_NEW" 'BEGIN { print x / 1000 }')" 3)|$(fmt "$MCP_RATIO" 3)")

# The p99 under 32 clients, one link at a time each: the same link again and again, and the
# distinct links of `make bench` (4,096 of each of three templates, cycled), rounds alternating.
ALLOWED=$(awk '/^Cpus_allowed_list:/ { print $2 }' /proc/self/status)
read -r -a CPUS <<<"$(tr ',' '\n' <<<"$ALLOWED" | awk -F- '{ for (c = $1; c <= ($2 == "" ? $1 : $2); c++) printf "%d ", c }')"
LOAD_CPUS=$ALLOWED
if ((${#CPUS[@]} > 1)); then
  for pid in "${PIDS[@]}"; do taskset -a -p -c "${CPUS[1]}" "$pid" >/dev/null; done
  LOAD_CPUS=${CPUS[0]}
fi
LOAD_LINKS=$((CALLS * 50))
for workload in same distinct; do
  line=debug://settings extra=()
  [[ $workload == distinct ]] &&
    line='debug://recipe?id={i} debug://login-error?message=Try%20again%20{i} debug://profile?id=user{i}' extra=(4096)
  : >"$OUT/against-p99.txt"
  for round in $(seq "$ROUNDS"); do
    for side in new base; do
      p99=$(taskset -c "$LOAD_CPUS" "$OUT/loadgen" "$DIR/$side.sock" "$line" 32 1 "$LOAD_LINKS" "${extra[@]}" |
        tr ' ' '\n' | grep '^p99_us=' | cut -d= -f2)
      echo "$round $side $p99" >>"$OUT/against-p99.txt"
    done
  done
  P99_NEW=$(awk '$2 == "new" { print $3 }' "$OUT/against-p99.txt" | median)
  P99_BASE=$(awk '$2 == "base" { print $3 }' "$OUT/against-p99.txt" | median)
  P99_RATIO=$(awk '$2 == "new" { n[$1] = $3 } $2 == "base" { b[$1] = $3 } END { for (r in n) print n[r] / b[r] }' \
    "$OUT/against-p99.txt" | median)
  label="the same link"
  [[ $workload == distinct ]] && label="distinct links"
  ROWS+=("p99 of 32 clients, $label|$(fmt "$(awk -v x="$P99_BASE" 'BEGIN { print x / 1000 }')" 3)|$(fmt "$(awk -v x="$P99_NEW" 'BEGIN { print x / 1000 }')" 3)|$(fmt "$P99_RATIO" 3)|1.5")
done

printf '   %-46s %10s %10s %8s\n' "" "other ms" "this ms" "ratio"
printf '%s\n' "${ROWS[@]}" | awk -F'|' '{ limit = ($5 == "" ? 1.05 : $5)
  verdict = (limit == "none" ? "" : ($4 <= limit + 0 ? "met" : "MISSED (limit " limit ")"))
  printf "   %-46s %10s %10s %8s   %s\n", $1, $2, $3, $4, verdict }'
