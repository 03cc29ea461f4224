#!/usr/bin/env bash
# `make bench`: each comparison against its baseline measured in the same run (BENCHMARKS.md).
#
#   BIN=<release bin dir> bench/run.sh        (the Makefile passes BIN)
#   BENCH_QUICK=1 ...                         smoke run: few repetitions, about a minute
#   BENCH_ROUNDS=N BENCH_RUNS=N ...           override the repetitions
#
# Every timing is a median; every ratio is ours divided by the baseline's, taken round by round
# (both measured back to back) and then the median over rounds, so a burst of noise from other
# work on the machine hits both sides of a ratio. Raw data lands in bench/out/.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common.sh

BIN=${BIN:?set BIN to the directory of the release binaries (make bench does)}
OUT=bench/out
mkdir -p "$OUT"
if [[ ${BENCH_QUICK:-0} == 1 ]]; then
  ROUNDS=${BENCH_ROUNDS:-1} RUNS=${BENCH_RUNS:-30} SEQUENTIAL=2000 BULK=20000 MICRO=--quick
else
  ROUNDS=${BENCH_ROUNDS:-5} RUNS=${BENCH_RUNS:-200} SEQUENTIAL=20000 BULK=200000 MICRO=
fi

needs hyperfine jq socat nc cc taskset
for helper in trivial client echo_server loadgen mcp_session; do
  cc -O2 -Wall -o "$OUT/$helper" "bench/c/$helper.c"
done
cc -O2 -static -o "$OUT/trivial-static" bench/c/trivial.c

DIR=$(scratch bench)
APP_SOCKET=$DIR/app.sock ECHO_SOCKET=$DIR/echo.sock SIZED_SOCKET=$DIR/sized.sock
# The tables apps serve are kept here, not in the user's cache.
export XDG_CACHE_HOME=$DIR/cache
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$DIR"
}
trap cleanup EXIT
# Time copies, as `make install` places them, not the files the linker just wrote: those start
# about 0.2 ms slower (a third of the C baseline) for as long as the linker's pages stay in the
# page cache, the same bytes copied do not (BENCHMARKS.md, "Start-up and the linker's pages").
mkdir "$DIR/bin"
for product in deeplink deeplink-app deeplink-bench transition-app; do
  install -m 755 "$BIN/$product" "$DIR/bin/$product"
done
BIN=$DIR/bin

"$BIN/deeplink-app" --socket "$APP_SOCKET" 2>/dev/null &
APP_PID=$!
PIDS+=("$APP_PID")
"$OUT/echo_server" "$ECHO_SOCKET" &
ECHO_PID=$!
PIDS+=("$ECHO_PID")
"$BIN/deeplink" wait --socket "$APP_SOCKET" --timeout 10 --quiet
for _ in $(seq 100); do [[ -S $ECHO_SOCKET ]] && break; sleep 0.05; done

SETTINGS=debug://settings
# The distinct-links workload's templates (section 3 says how they are used).
DISTINCT_LINES='debug://recipe?id={i} debug://login-error?message=Try%20again%20{i} debug://profile?id=user{i}'
DISTINCT=4096
VALUES='{"op":"values","route":"recipe","parameter":"id"}'
printf '%s\n' "$SETTINGS" >"$DIR/settings.line"
# Sanity: every client gets the app's real reply before anything is timed.
for reply in "$("$OUT/client" "$APP_SOCKET" "$SETTINGS")" \
  "$(socat "OPEN:$DIR/settings.line!!STDOUT" "UNIX-CONNECT:$APP_SOCKET")" \
  "$(nc -U -N "$APP_SOCKET" <"$DIR/settings.line")" "$("$OUT/client" "$APP_SOCKET" "$VALUES")"; do
  [[ $reply == '{"ok":true'* ]] || { echo "bench: unexpected reply: $reply" >&2; exit 70; }
done
"$BIN/deeplink" settings --socket "$APP_SOCKET" | grep -q '^Settings$'
# Each distinct template, filled in, is a link the app applies.
for template in $DISTINCT_LINES; do
  reply=$("$OUT/client" "$APP_SOCKET" "${template//\{i\}/7}")
  [[ $reply == '{"ok":true'*'"applied"'* ]] || { echo "bench: $template is not applied: $reply" >&2; exit 70; }
done
# For reference in 3.: an echo server whose replies are as long as the app's reply to the link.
REPLY_BYTES=$(printf '%s\n' "$SETTINGS" | socat - "UNIX-CONNECT:$APP_SOCKET" | wc -c)
"$OUT/echo_server" "$SIZED_SOCKET" "$REPLY_BYTES" &
SIZED_PID=$!
PIDS+=("$SIZED_PID")
for _ in $(seq 100); do [[ -S $SIZED_SOCKET ]] && break; sleep 0.05; done
[[ -S $SIZED_SOCKET ]] || { echo "bench: the sized echo server did not start (reply of '$REPLY_BYTES' bytes)" >&2; exit 70; }

fmt() { awk -v x="$1" -v d="${2:-3}" 'BEGIN { printf "%.*f", d, x }'; }

# hyperfine_rounds NAME COMMAND... : ROUNDS hyperfine runs of all COMMANDs (no shell); leaves
# "<round> <command index> <median seconds>" lines in $OUT/NAME.medians.
hyperfine_rounds() {
  local name=$1
  shift
  : >"$OUT/$name.medians"
  for round in $(seq "$ROUNDS"); do
    hyperfine -N --style none --warmup 20 --runs "$RUNS" --export-json "$OUT/$name.$round.json" "$@" \
      >/dev/null 2>&1
    jq -r --arg r "$round" '.results | to_entries[] | "\($r) \(.key) \(.value.median)"' \
      "$OUT/$name.$round.json" >>"$OUT/$name.medians"
  done
}
# ms NAME INDEX: median over rounds of command INDEX's medians, in milliseconds.
ms() { awk -v i="$2" '$2 == i { print $3 * 1000 }' "$OUT/$1.medians" | median; }
# ratio NAME A B: median over rounds of (A's median / B's median).
ratio() {
  awk -v a="$2" -v b="$3" '$2 == a { x[$1] = $3 } $2 == b { y[$1] = $3 } END { for (r in x) print x[r] / y[r] }' \
    "$OUT/$1.medians" | median
}

SUMMARY=()
verdict() { awk -v x="$1" -v op="$2" -v t="$3" 'BEGIN { ok = (op == "<=") ? x <= t : x >= t; print ok ? "met" : "MISSED" }'; }

echo "deeplink bench: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'),"\
  "load $(cut -d' ' -f1-3 /proc/loadavg); $ROUNDS round(s) of $RUNS runs"
echo

echo "1. End to end: 'deeplink settings' against the running app (ms, median)"
hyperfine_rounds e2e \
  "$OUT/client $APP_SOCKET $SETTINGS" \
  "$BIN/deeplink settings --socket $APP_SOCKET" \
  "socat OPEN:$DIR/settings.line!!STDOUT UNIX-CONNECT:$APP_SOCKET"
# nc reads the line from stdin, so it needs a shell (hyperfine subtracts the shell's own cost).
: >"$OUT/e2e-nc.medians"
for round in $(seq "$ROUNDS"); do
  hyperfine --style none --warmup 20 --runs "$RUNS" --export-json "$OUT/e2e-nc.$round.json" \
    "nc -U -N $APP_SOCKET < $DIR/settings.line" >/dev/null 2>&1
  jq -r --arg r "$round" '.results[0] | "\($r) 0 \(.median)"' "$OUT/e2e-nc.$round.json" >>"$OUT/e2e-nc.medians"
done
E2E=$(ratio e2e 1 0)
printf '   C client %s   deeplink %s   socat %s   nc -U %s (through sh)\n' \
  "$(ms e2e 0)" "$(ms e2e 1)" "$(ms e2e 2)" "$(ms e2e-nc 0)"
printf '   deeplink / C client = %sx   (target <= 1.3x)\n\n' "$(fmt "$E2E" 2)"
SUMMARY+=("end to end, deeplink settings / C client|$(fmt "$E2E" 2)x|<= 1.3x|$(verdict "$E2E" '<=' 1.3)")

echo "2. Start-up: 'deeplink url recipe --id 42', no app (ms, median)"
hyperfine_rounds startup "$OUT/trivial" "$OUT/trivial-static" "$BIN/deeplink url recipe --id 42"
START=$(ratio startup 2 0)
START_STATIC=$(ratio startup 2 1)
printf '   trivial C %s   trivial C, static %s   deeplink %s\n' "$(ms startup 0)" "$(ms startup 1)" "$(ms startup 2)"
printf '   deeplink / trivial C = %sx   (target <= 1.5x); / static C = %sx\n\n' \
  "$(fmt "$START" 2)" "$(fmt "$START_STATIC" 2)"
SUMMARY+=("start-up, deeplink url / trivial C|$(fmt "$START" 2)x|<= 1.5x|$(verdict "$START" '<=' 1.5)")

echo "3. The app vs a C line-echo server, same load generator (links/s; latency p50/p99 in µs)"
# Where the scheduler puts the server and the load generator moves these rates by 3x or more on
# a small VM: on one core there are no cross-core wake-ups, on two each side runs in parallel.
# Each mode is measured in three placements: both pinned to one core; server and load
# generator pinned to separate cores; and unpinned. Left to itself, the scheduler places them
# differently from run to run and from one server to the next (the same echo server unpinned:
# 1.3M and 5.9M lines/s in one session), so an unpinned ratio compares placements as much as
# servers: it is shown, and the verdict is the worse of the two pinned ones. "sized" is the
# echo server answering each line with as many bytes as the app's reply ($REPLY_BYTES): not a
# target, what the reply's length alone costs.
#
# The CPUs this process may use (a container's cpuset need not start at 0), one per word.
ALLOWED=$(awk '/^Cpus_allowed_list:/ { print $2 }' /proc/self/status)
read -r -a CPUS <<<"$(tr ',' '\n' <<<"$ALLOWED" | awk -F- '{ for (c = $1; c <= ($2 == "" ? $1 : $2); c++) printf "%d ", c }')"
declare -A PLACEMENTS=([one-core]="${CPUS[0]} ${CPUS[0]}" [unpinned]="$ALLOWED $ALLOWED")
((${#CPUS[@]} > 1)) && PLACEMENTS[two-cores]="${CPUS[1]} ${CPUS[0]}"
# MODE: clients, lines in flight per client, lines in all.
declare -A MODES=([one-at-a-time]="1 1 $SEQUENTIAL" [pipelined-16]="1 16 $BULK" [32-clients]="32 1 $BULK")
# Two workloads. "cached": every line is $SETTINGS, the same link again and again. "distinct":
# every line a different link, from the three templates below with {i} = 1...$DISTINCT
# (loadgen's sixth argument): 12,288 URLs cycled in order. Either way each line is parsed,
# applied, its state and screen rendered. The echo servers get the same lines.
# WORKLOAD/MODE measured, and the floor of its ratio to the echo server: throughput is not a
# target (a user feels a command's milliseconds, not links per second), only kept sane.
declare -A TARGETS=([cached/one-at-a-time]=0.3 [cached/pipelined-16]=0.3 [cached/32-clients]=0.3
  [distinct/pipelined-16]=0.2 [distinct/32-clients]=0.2)
# field LOG SERVER NAME: median over rounds of a loadgen figure (rate, p50_us, p99_us).
field() { grep " $2 " "$1" | tr ' ' '\n' | grep "^$3=" | cut -d= -f2 | median; }
# ratio_to LOG SERVER: median over rounds of the app's rate / SERVER's rate in the same round.
ratio_to() {
  awk -v s="$2" '{ v = ""; for (i = 3; i <= NF; i++) if ($i ~ /^rate=/) v = substr($i, 6)
      if (v == "") { print "bench: no rate in: " $0 > "/dev/stderr"; exit 70 }
      if ($2 == "app") a[$1] = v; else if ($2 == s) b[$1] = v } END { for (r in a) print a[r] / b[r] }' \
    "$1" | median
}
for workload_mode in cached/one-at-a-time cached/pipelined-16 cached/32-clients distinct/pipelined-16 \
  distinct/32-clients; do
  workload=${workload_mode%/*} mode=${workload_mode#*/}
  # The sized echo server answers with the length of the app's reply to $SETTINGS: cached only.
  if [[ $workload == cached ]]; then LINE=$SETTINGS EXTRA=() SERVERS=(app echo sized); else
    LINE=$DISTINCT_LINES EXTRA=("$DISTINCT") SERVERS=(app echo); fi
  WORST=
  for placement in one-core two-cores unpinned; do
    [[ -v PLACEMENTS[$placement] ]] || continue
    read -r server_cpus loadgen_cpus <<<"${PLACEMENTS[$placement]}"
    for pid in "$APP_PID" "$ECHO_PID" "$SIZED_PID"; do taskset -a -p -c "$server_cpus" "$pid" >/dev/null; done
    log=$OUT/load-$workload-$mode-$placement.txt
    : >"$log"
    for round in $(seq "$ROUNDS"); do
      for server in "${SERVERS[@]}"; do
        socket=$APP_SOCKET
        [[ $server == echo ]] && socket=$ECHO_SOCKET
        [[ $server == sized ]] && socket=$SIZED_SOCKET
        # shellcheck disable=SC2086
        result=$(taskset -c "$loadgen_cpus" "$OUT/loadgen" "$socket" "$LINE" ${MODES[$mode]} "${EXTRA[@]}")
        echo "$round $server $result" >>"$log"
      done
    done
    RATE=$(ratio_to "$log" echo)
    SIZED_RATIO=-
    [[ $workload == cached ]] && SIZED_RATIO=$(fmt "$(ratio_to "$log" sized)" 2)
    printf '   %-8s %-13s %-9s app %8.0f/s p50 %6s p99 %6s | echo %8.0f/s p50 %6s p99 %6s | app/echo %s, app/sized %s\n' \
      "$workload" "$mode" "$placement" "$(field "$log" app rate)" "$(field "$log" app p50_us)" \
      "$(field "$log" app p99_us)" "$(field "$log" echo rate)" "$(field "$log" echo p50_us)" \
      "$(field "$log" echo p99_us)" "$(fmt "$RATE" 2)" "$SIZED_RATIO"
    [[ $placement == unpinned ]] && continue
    if [[ -z $WORST ]] || awk -v a="$RATE" -v b="$WORST" 'BEGIN { exit !(a < b) }'; then
      WORST=$RATE WORST_PLACEMENT=$placement
    fi
  done
  target=${TARGETS[$workload_mode]}
  SUMMARY+=("app links/s, $workload $mode / echo ($WORST_PLACEMENT)|$(fmt "$WORST" 2)|>= $target|$(verdict "$WORST" '>=' "$target")")
done
for pid in "$APP_PID" "$ECHO_PID" "$SIZED_PID"; do taskset -a -p -c "$ALLOWED" "$pid" >/dev/null; done
echo

echo "4. Scale: built-in table vs a generated table of 10,000 routes (ns per operation)"
"$BIN/deeplink-bench" $MICRO | tee "$OUT/scale.txt" | sed 's/^/   /'
for name in parse build dispatch dispatch-cached unknown-60kb; do
  value=$(awk -v n="$name" '$1 == n { print $4 }' "$OUT/scale.txt")
  SUMMARY+=("$name, 10,000 routes / built-in|$(fmt "$value" 2)x|<= 1.1x|$(verdict "$value" '<=' 1.1)")
done
echo

echo "5. Completion callback: the app's answer to {\"op\":\"values\",…} for 'recipe --id <TAB>'"
"$OUT/loadgen" "$APP_SOCKET" "$VALUES" 1 1 "$SEQUENTIAL" >"$OUT/values-load.txt"
# The hidden callback the completion scripts run for `deeplink recipe --id <TAB>`; it prints
# nothing (and exits 0) on any failure, so check that it really answers before timing it.
CALLBACK=("$BIN/deeplink" __complete values recipe id "$APP_SOCKET")
CALLBACK_NAME="deeplink __complete values recipe id SOCKET"
if [ -z "$("${CALLBACK[@]}" | head -1)" ]; then
  echo "the completion callback printed no recipe id; is its argument form still '${CALLBACK_NAME}'?" >&2
  exit 1
fi
hyperfine_rounds callback "${CALLBACK[*]}"
VALUES_P50=$(tr ' ' '\n' <"$OUT/values-load.txt" | grep '^p50_us=' | cut -d= -f2)
VALUES_P99=$(tr ' ' '\n' <"$OUT/values-load.txt" | grep '^p99_us=' | cut -d= -f2)
printf '   request alone (loadgen, one at a time): p50 %s µs, p99 %s µs\n' "$VALUES_P50" "$VALUES_P99"
printf '   process, start to reply (%s): %s ms\n\n' "$CALLBACK_NAME" "$(ms callback 0)"
SUMMARY+=("completion callback, process start to reply|$(fmt "$(ms callback 0)" 2) ms|< 5 ms|$(verdict "$(ms callback 0)" '<=' 5)")

echo "6. Instructions per link in the app (callgrind, pipelined, 16 in flight; valgrind needed)"
# The app's own count, independent of the machine's load: it runs under callgrind twice per
# workload, serving SMALL and then LARGE links, and the difference over LARGE - SMALL is the
# cost of one link (start-up and shutdown cancel out). Cached: $SETTINGS; distinct: the
# templates of section 3; every link is parsed, applied and rendered.
# valgrind 3.19 cannot read the DWARF 5 debug info of the static release binary ("unhandled
# dwarf2 abbrev form code 0x25 ... I can't recover") and exits before the app starts, so it
# runs a copy without debug info: the symbol table stays, so callgrind_annotate still names
# functions. A valgrind that exits anyway is reported at once, with its last words, not
# waited for.
CALLGRIND_SKIPPED=
callgrind_skip() { # REASON: says the section is skipped, once, with why
  [[ -n $CALLGRIND_SKIPPED ]] && return
  CALLGRIND_SKIPPED=1
  printf '   skipped: %s\n' "$1"
}
if ! command -v valgrind >/dev/null; then
  callgrind_skip "valgrind is not installed (apt-get install valgrind)"
elif ! command -v objcopy >/dev/null; then
  callgrind_skip "objcopy is not installed (apt-get install binutils)"
else
  CALLGRIND_APP=$DIR/deeplink-app.callgrind
  objcopy --strip-debug "$BIN/deeplink-app" "$CALLGRIND_APP"
  # instructions WORKLOAD LINKS: prints the app's instruction count serving LINKS links, or
  # fails with a message on stderr when valgrind or the app did not run.
  instructions() {
    local socket=$DIR/callgrind.sock out=$DIR/callgrind.out log=$DIR/callgrind.log line extra=()
    if [[ $1 == cached ]]; then line=$SETTINGS; else line=$DISTINCT_LINES extra=("$DISTINCT"); fi
    rm -f "$socket" "$out"
    valgrind --tool=callgrind --callgrind-out-file="$out" "$CALLGRIND_APP" --socket "$socket" 2>"$log" &
    local pid=$! tries=0
    # Up to 60 s for the app to answer under valgrind, but no longer than valgrind lives.
    until "$BIN/deeplink" wait --socket "$socket" --timeout 1 --quiet 2>/dev/null; do
      if ! kill -0 "$pid" 2>/dev/null || ((++tries >= 60)); then
        kill -KILL "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
        echo "valgrind did not start the app (its last words: $(grep -v '^==[0-9]*== *$' "$log" | tail -2 | tr '\n' ' '))" >&2
        return 1
      fi
    done
    "$OUT/loadgen" "$socket" "$line" 1 16 "$2" "${extra[@]}" >/dev/null || { kill -KILL "$pid"; wait "$pid" 2>/dev/null; return 1; }
    kill -TERM "$pid"
    wait "$pid" || true
    local total
    total=$(awk '/^(summary|totals):/ { print $2; exit }' "$out" 2>/dev/null)
    [[ $total =~ ^[0-9]+$ ]] || { echo "callgrind wrote no instruction count to $out" >&2; return 1; }
    echo "$total"
  }
  for workload in cached distinct; do
    if [[ $workload == cached ]]; then SMALL=10000 LARGE=50000; else SMALL=2000 LARGE=6000; fi
    if ! small=$(instructions "$workload" "$SMALL" 2>"$DIR/callgrind.err") ||
      ! large=$(instructions "$workload" "$LARGE" 2>"$DIR/callgrind.err"); then
      callgrind_skip "$(tail -1 "$DIR/callgrind.err")"
      break
    fi
    per_link=$(awk -v a="$small" -v b="$large" -v n=$((LARGE - SMALL)) 'BEGIN { printf "%.0f", (b - a) / n }')
    printf '   %-8s %s instructions a link (%s links minus %s)\n' "$workload" "$per_link" "$LARGE" "$SMALL"
  done
fi
echo
echo "7. Routes file: 'deeplink --routes FILE url …' start-up, and a Tab with a routes file in effect"
# Two files as `routes --json` prints them: the built-in table (12 routes), and 10,000 routes of
# the same shape, the 12 repeated with numbered names (recipe-edit-4, …; about 2.8 MiB).
ROUTES12=$DIR/routes12.json ROUTES10K=$DIR/routes10k.json
(cd "$DIR" && "$BIN/deeplink" routes --json >"$ROUTES12")
jq '.routes as $r | {scheme, routes: [range(10000) as $i | $r[$i % ($r | length)] | .name = "\(.name)-\($i)"]}' \
  "$ROUTES12" >"$ROUTES10K"
for check in "$ROUTES12 url recipe --id 42:debug://recipe?id=42" "$ROUTES10K url recipe-edit-9988 --id 42:debug://recipe-edit-9988?id=42"; do
  # shellcheck disable=SC2086
  [[ $(cd "$DIR" && "$BIN/deeplink" --routes ${check%%:*}) == "${check#*:}" ]] ||
    { echo "bench: deeplink --routes ${check%%:*} did not print ${check#*:}" >&2; exit 70; }
done
hyperfine_rounds routesfile "$BIN/deeplink url recipe --id 42" \
  "$BIN/deeplink --routes $ROUTES12 url recipe --id 42" "$BIN/deeplink --routes $ROUTES10K url recipe-edit-9988 --id 42"
FILE12=$(ratio routesfile 1 0)
FILE10K=$(ms routesfile 2)
printf '   built-in %s   12-route file %s   10,000-route file (%s KiB) %s\n' "$(ms routesfile 0)" \
  "$(ms routesfile 1)" "$(($(wc -c <"$ROUTES10K") / 1024))" "$FILE10K"
printf '   12-route file / built-in = %sx   (target <= 1.3x); 10,000 routes: %s ms (target <= 20 ms)\n' \
  "$(fmt "$FILE12" 2)" "$(fmt "$FILE10K" 2)"
SUMMARY+=("start-up, --routes 12-route file / built-in|$(fmt "$FILE12" 2)x|<= 1.3x|$(verdict "$FILE12" '<=' 1.3)")
SUMMARY+=("start-up, --routes 10,000-route file, whole process|$(fmt "$FILE10K" 2) ms|<= 20 ms|$(verdict "$FILE10K" '<=' 20)")
# A Tab with a routes file in effect: the callback process alone, and the whole Tab in bash
# (its completion function, which runs the callback), over many Tabs.
ASK=("$BIN/deeplink" __complete words --routes "$ROUTES12" recipes --sort '')
[[ $("${ASK[@]}" | head -1) == words* ]] || { echo "bench: '${ASK[*]}' did not answer" >&2; exit 70; }
hyperfine_rounds ask "${ASK[*]}"
TABS=$((RUNS * 2))
BASH_SCRIPT=$PWD/completions/deeplink.bash
TAB_MS=$(cd "$DIR" && PATH="$BIN:$PATH" DEEPLINK_ROUTES=$ROUTES12 TABS=$TABS bash --norc --noprofile -c '
  source "$0"
  COMP_WORDS=(deeplink recipes --sort "") COMP_CWORD=3 COMP_LINE="deeplink recipes --sort " COMP_POINT=24
  _deeplink; [[ ${COMPREPLY[*]} == "name newest rating" ]] || { echo "bench: bash offered: ${COMPREPLY[*]}" >&2; exit 70; }
  start=$EPOCHREALTIME
  for ((i = 0; i < TABS; i++)); do _deeplink; done
  awk -v s="$start" -v e="$EPOCHREALTIME" -v n="$TABS" "BEGIN { printf \"%.3f\", (e - s) * 1000 / n }"
' "$BASH_SCRIPT")
printf '   callback process (deeplink __complete words --routes FILE recipes --sort ""): %s ms\n' "$(ms ask 0)"
printf '   a whole Tab in bash, routes file in effect (mean of %s): %s ms   (target < 5 ms)\n' "$TABS" "$TAB_MS"
SUMMARY+=("Tab with a 12-route file in effect, bash, whole|$TAB_MS ms|< 5 ms|$(verdict "$TAB_MS" '<=' 5)")
# A Tab with the table an app taught in effect (no routes file): the callback for a socket
# whose app served its table once and is gone (the cached table, read and checked), and for a
# running app whose table is cached too (a ping confirms it), each against the same callback
# for a socket with no app and nothing cached (the built-in table), in one private cache. Both
# apps serve a table of their own (the sample's and one route more): a table equal to the
# tool's own is never cached.
CACHE_DIR=$DIR/tab-cache GONE_SOCKET=$DIR/gone.sock NEVER_SOCKET=$DIR/never.sock
TABLE_SOCKET=$DIR/table.sock
"$BIN/transition-app" --socket "$GONE_SOCKET" --transition 0 --extra-route wishlist >/dev/null 2>&1 &
GONE_PID=$!
PIDS+=("$GONE_PID")
"$BIN/transition-app" --socket "$TABLE_SOCKET" --transition 0 --extra-route wishlist >/dev/null 2>&1 &
PIDS+=("$!")
for socket in "$GONE_SOCKET" "$TABLE_SOCKET"; do
  "$BIN/deeplink" wait --socket "$socket" --timeout 10 --quiet
  XDG_CACHE_HOME=$CACHE_DIR "$BIN/deeplink" --socket "$socket" help >/dev/null
done
kill "$GONE_PID"
wait "$GONE_PID" 2>/dev/null || true
[[ $(find "$CACHE_DIR/deeplink" -name 'table-*.json' | wc -l) == 2 ]] ||
  { echo "bench: deeplink help did not cache the two apps' tables in $CACHE_DIR" >&2; exit 70; }
for socket in "$NEVER_SOCKET" "$GONE_SOCKET" "$TABLE_SOCKET"; do
  [[ $(XDG_CACHE_HOME=$CACHE_DIR "$BIN/deeplink" __complete words --socket "$socket" recipes --sort '' | head -1) == words* ]] ||
    { echo "bench: the callback for $socket did not answer" >&2; exit 70; }
done
(
  export XDG_CACHE_HOME=$CACHE_DIR
  hyperfine_rounds asktable "$BIN/deeplink __complete words --socket $NEVER_SOCKET recipes --sort ''" \
    "$BIN/deeplink __complete words --socket $GONE_SOCKET recipes --sort ''" \
    "$BIN/deeplink __complete words --socket $TABLE_SOCKET recipes --sort ''"
)
CACHED_MS=$(ms asktable 1)
printf '   callback, built-in table %s   app gone, its table cached %s   app running, cached (one ping) %s\n' \
  "$(ms asktable 0)" "$CACHED_MS" "$(ms asktable 2)"
printf '   cached / built-in = %sx   running / built-in = %sx   (target: cached < 5 ms)\n\n' \
  "$(fmt "$(ratio asktable 1 0)" 2)" "$(fmt "$(ratio asktable 2 0)" 2)"
SUMMARY+=("Tab callback, the app's table cached, whole process|$(fmt "$CACHED_MS" 2) ms|< 5 ms|$(verdict "$CACHED_MS" '<=' 5)")

echo "8. Android target, stand-in adb: deeplink vs the adb command lines it runs (ms, median)"
# No phone here: adb is the stand-in of Tests/DeviceTests/StandIns (a dash script handing the
# shell string to sh -c, where an am script answers), one device attached. What is timed is
# deeplink's own cost around adb: start-up, choosing the device, spawning, reading the answer.
STANDINS=$PWD/Tests/DeviceTests/StandIns
printf 'emulator-5554\tdevice product:sdk_gphone64_x86_64 model:Pixel_7 transport_id:1\n' >"$DIR/adb-devices"
export STANDIN_ADB_DEVICES=$DIR/adb-devices
ADB_SHELL=$(PATH="$STANDINS/bin:$PATH" "$BIN/deeplink" --dry-run --target android:emulator-5554 recipe --id 42)
[[ $ADB_SHELL == "adb -s emulator-5554 shell "* ]] || { echo "bench: unexpected dry run: $ADB_SHELL" >&2; exit 70; }
PATH="$STANDINS/bin:$PATH" "$BIN/deeplink" --target android recipe --id 42 --quiet
(
  export PATH="$STANDINS/bin:$PATH"
  hyperfine_rounds android \
    "$ADB_SHELL" \
    "$BIN/deeplink --target android:emulator-5554 recipe --id 42" \
    "$BIN/deeplink --target android recipe --id 42"
  # `--target android` lists the devices first: its baseline is both command lines, run by a
  # shell (hyperfine subtracts the shell's own start-up).
  : >"$OUT/android-pair.medians"
  for round in $(seq "$ROUNDS"); do
    hyperfine --style none --warmup 20 --runs "$RUNS" --export-json "$OUT/android-pair.$round.json" \
      "adb devices -l >/dev/null; $ADB_SHELL >/dev/null" >/dev/null 2>&1
    jq -r --arg r "$round" '.results[0] | "\($r) 0 \(.median)"' "$OUT/android-pair.$round.json" \
      >>"$OUT/android-pair.medians"
  done
)
ANDROID_SERIAL_DIFF=$(awk -v a="$(ms android 1)" -v b="$(ms android 0)" 'BEGIN { print a - b }')
ANDROID_DIFF=$(awk -v a="$(ms android 2)" -v b="$(ms android-pair 0)" 'BEGIN { print a - b }')
printf '   adb -s emulator-5554 shell ... %s   deeplink --target android:emulator-5554 %s   (+%s ms, %sx)\n' \
  "$(ms android 0)" "$(ms android 1)" "$(fmt "$ANDROID_SERIAL_DIFF" 2)" "$(fmt "$(ratio android 1 0)" 2)"
printf '   adb devices -l; adb -s ... shell ... %s   deeplink --target android %s   (+%s ms)\n\n' \
  "$(ms android-pair 0)" "$(ms android 2)" "$(fmt "$ANDROID_DIFF" 2)"
SUMMARY+=("--target android:SERIAL, over its adb command|+$(fmt "$ANDROID_SERIAL_DIFF" 2) ms|<= 2 ms|$(verdict "$ANDROID_SERIAL_DIFF" '<=' 2)")
SUMMARY+=("--target android, over its two adb commands|+$(fmt "$ANDROID_DIFF" 2) ms|<= 2 ms|$(verdict "$ANDROID_DIFF" '<=' 2)")

echo "9. MCP: a tool call over one 'deeplink mcp' session vs the C client's round trip to the app"
# bench/c/mcp_session.c holds one session over pipes, as an agent's client does, and after each
# tools/call of 'settings' makes the C client's round trip (connect, write debug://settings,
# read the reply, close) without its process start, so that noise hits both. It also times the
# fresh server from fork to its answer to tools/list (initialize, initialized and tools/list
# sent at once, as a client does on connecting). Interleaved with these, the same link through
# the tool 'open' ({"route":"settings"}) in the same session, and through a second session of
# revision 2026-07-28 (each request carrying its _meta, no handshake).
MCP_CALLS=1000
[[ ${BENCH_QUICK:-0} == 1 ]] && MCP_CALLS=200
: >"$OUT/mcp.txt"
for round in $(seq "$ROUNDS"); do
  echo "$round $("$OUT/mcp_session" "$BIN/deeplink" "$APP_SOCKET" "$MCP_CALLS" all)" >>"$OUT/mcp.txt"
done
mcp_field() { tr ' ' '\n' <"$OUT/mcp.txt" | grep "^$1=" | cut -d= -f2 | median; }
MCP_RATIO=$(mcp_field ratio)
MCP_START=$(mcp_field startup_ms)
printf '   tools/call p50 %s µs   C round trip p50 %s µs   ratio %s   (%s calls a round; target <= 2x)\n' \
  "$(mcp_field call_p50_us)" "$(mcp_field raw_p50_us)" "$(fmt "$MCP_RATIO" 2)" "$MCP_CALLS"
printf '   fork to the tools/list reply, built-in table: %s ms   (target <= 5 ms)\n' "$(fmt "$MCP_START" 2)"
MCP_OPEN=$(mcp_field open_ratio)
MCP_STATELESS=$(mcp_field stateless_ratio)
printf '   open {"route":"settings"} p50 %s µs: %sx the settings tool   (target <= 1.05x)\n' \
  "$(mcp_field open_p50_us)" "$(fmt "$MCP_OPEN" 3)"
printf '   settings on a 2026-07-28 session p50 %s µs: %sx the handshake session   (target <= 1.05x)\n\n' \
  "$(mcp_field stateless_p50_us)" "$(fmt "$MCP_STATELESS" 3)"
SUMMARY+=("MCP tool call / C client round trip|$(fmt "$MCP_RATIO" 2)x|<= 2x|$(verdict "$MCP_RATIO" '<=' 2)")
SUMMARY+=("deeplink mcp, start to tools/list answered|$(fmt "$MCP_START" 2) ms|<= 5 ms|$(verdict "$MCP_START" '<=' 5)")
SUMMARY+=("MCP open / the route's own tool|$(fmt "$MCP_OPEN" 3)x|<= 1.05x|$(verdict "$MCP_OPEN" '<=' 1.05)")
SUMMARY+=("MCP call, 2026-07-28 / handshake session|$(fmt "$MCP_STATELESS" 3)x|<= 1.05x|$(verdict "$MCP_STATELESS" '<=' 1.05)")

echo "10. check-release: an app's whole executable scanned for the agent's marker (MB/s, median)"
# The executable of a 400 MiB .app: the release `deeplink` binary (machine code, no agent)
# repeated, beside a binary Info.plist naming it. check-release reads the Info.plist and every
# byte of the executable (the marker is not there); the baselines read the same file with
# `cat` (the page cache's pace) and search it for the marker with `grep -c -F`. Then the same
# executable deflated (level 1) in an .ipa: check-release inflates it a piece at a time as it
# scans, beside `unzip -p` inflating it to /dev/null. Each command runs 3 times a round, each
# file read once before (warm page cache); medians of wall time.
command -v unzip >/dev/null || { echo "bench: section 10 needs unzip (apt-get install unzip)" >&2; exit 69; }
SCAN_APP=$DIR/Big.app
mkdir -p "$SCAN_APP"
python3 - "$SCAN_APP" "$BIN/deeplink" "$DIR/Big.ipa" <<'PY'
import plistlib, sys, zipfile
app, tool, ipa = sys.argv[1:]
program = open(tool, 'rb').read()
with open(app + '/Big', 'wb') as f:
    for _ in range((400 << 20) // len(program) + 1): f.write(program)
with open(app + '/Info.plist', 'wb') as f:
    f.write(plistlib.dumps({'CFBundleExecutable': 'Big', 'CFBundleURLTypes': [{'CFBundleURLSchemes': ['recipes']}]}, fmt=plistlib.FMT_BINARY))
with zipfile.ZipFile(ipa, 'w', zipfile.ZIP_DEFLATED, compresslevel=1) as z:
    z.write(app + '/Info.plist', 'Payload/Big.app/Info.plist')
    z.write(app + '/Big', 'Payload/Big.app/Big')
PY
SCAN_BYTES=$(wc -c <"$SCAN_APP/Big")
MARKER='DeepLinkAgent release marker 1'
[[ $("$BIN/deeplink" check-release "$SCAN_APP" | tail -1) == "no agent in $SCAN_APP/Big ($SCAN_BYTES bytes read)" ]] ||
  { echo "bench: check-release did not read the whole executable" >&2; exit 70; }
[[ $(grep -c -F "$MARKER" "$SCAN_APP/Big") == 0 ]] || { echo "bench: the workload carries the marker" >&2; exit 70; }
cat "$SCAN_APP/Big" "$DIR/Big.ipa" >/dev/null
# scan_seconds COMMAND...: the median wall time, in seconds, of 3 runs.
scan_seconds() {
  local times=() start
  for _ in 1 2 3; do
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1 || true
    times+=("$(($(date +%s%N) - start))")
  done
  printf '%s\n' "${times[@]}" | sort -n | awk 'NR == 2 { print $1 / 1e9 }'
}
: >"$OUT/scan.rounds"
for round in $(seq "$ROUNDS"); do
  echo "$round $(scan_seconds "$BIN/deeplink" check-release "$SCAN_APP") $(scan_seconds cat "$SCAN_APP/Big")" \
    "$(scan_seconds grep -c -F "$MARKER" "$SCAN_APP/Big") $(scan_seconds "$BIN/deeplink" check-release "$DIR/Big.ipa")" \
    "$(scan_seconds unzip -p "$DIR/Big.ipa" Payload/Big.app/Big)" >>"$OUT/scan.rounds"
done
# scan_field N: median over rounds of field N; scan_mbs N: that, as MB/s of the executable.
scan_field() { awk -v n="$1" '{ print $n }' "$OUT/scan.rounds" | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
scan_mbs() { awk -v b="$SCAN_BYTES" -v s="$(scan_field "$1")" 'BEGIN { print b / s / 1e6 }'; }
scan_ratio() { awk -v a="$1" -v b="$2" '{ print $a / $b }' "$OUT/scan.rounds" | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
APP_MBS=$(scan_mbs 2)
IPA_MBS=$(scan_mbs 5)
IPA_RATIO=$(scan_ratio 5 6)
printf '   %s MB executable: check-release %s MB/s   cat %s MB/s   grep -c -F %s MB/s\n' "$((SCAN_BYTES / 1000000))" \
  "$(fmt "$APP_MBS" 0)" "$(fmt "$(scan_mbs 3)" 0)" "$(fmt "$(scan_mbs 4)" 0)"
printf '   in a %s MB .ipa: check-release %s MB/s   unzip -p %s MB/s   check-release / unzip -p = %sx\n' \
  "$(($(wc -c <"$DIR/Big.ipa") / 1000000))" "$(fmt "$IPA_MBS" 0)" "$(fmt "$(scan_mbs 6)" 0)" "$(fmt "$IPA_RATIO" 2)"
printf '   (targets: .app >= 200 MB/s; .ipa <= 1x unzip -p)\n\n'
SUMMARY+=("check-release of a 400 MiB executable, .app|$(fmt "$APP_MBS" 0) MB/s|>= 200 MB/s|$(verdict "$APP_MBS" '>=' 200)")
SUMMARY+=("check-release of a 400 MiB executable in an .ipa / unzip -p|$(fmt "$IPA_RATIO" 2)x|<= 1x|$(verdict "$IPA_RATIO" '<=' 1)")

echo "11. Tour: 'deeplink tour' of the 12 built-in routes vs 'deeplink batch' of the same 12 links (ms, median)"
# The links the tour visits (its --dry-run lists them, one 'name: send URL' a line) as a batch
# file, so both send exactly the same 12 links over one connection each. The tour also writes
# 26 files (12 screens, 12 states, tour.json, index.html), replacing its previous run's.
TOUR_LINKS=$DIR/tour-links.txt
"$BIN/deeplink" tour --dry-run --out "$DIR/tour" --socket "$APP_SOCKET" | sed 's/^[^:]*: send //' >"$TOUR_LINKS"
[[ $(wc -l <"$TOUR_LINKS") -eq 12 ]] || { echo "bench: the tour's dry run did not list 12 links" >&2; exit 70; }
"$BIN/deeplink" tour --out "$DIR/tour" --socket "$APP_SOCKET" --quiet
hyperfine_rounds tour "$BIN/deeplink batch $TOUR_LINKS --socket $APP_SOCKET --quiet" \
  "$BIN/deeplink tour --out $DIR/tour --socket $APP_SOCKET --quiet"
TOUR_RATIO=$(ratio tour 1 0)
TOUR_MS=$(ms tour 1)
# What users run today instead: each link on its own, then 'sleep 1' (the seed's simctl openurl
# && sleep 1). Computed, not slept: 12 times section 1's 'deeplink settings', plus 12 s.
SLEEP_MS=$(awk -v e="$(ms e2e 1)" 'BEGIN { print 12 * e + 12000 }')
printf '   batch of the 12 links %s   tour %s   12 links with sleep 1 after each (computed) %s\n' \
  "$(ms tour 0)" "$TOUR_MS" "$(fmt "$SLEEP_MS" 0)"
printf '   tour / batch = %sx   (target <= 3x); tour %s ms (target <= 100 ms); %sx faster than the sleeps\n\n' \
  "$(fmt "$TOUR_RATIO" 2)" "$(fmt "$TOUR_MS" 2)" "$(fmt "$(awk -v s="$SLEEP_MS" -v t="$TOUR_MS" 'BEGIN { print s / t }')" 0)"
SUMMARY+=("tour of 12 routes / batch of the same 12 links|$(fmt "$TOUR_RATIO" 2)x|<= 3x|$(verdict "$TOUR_RATIO" '<=' 3)")
SUMMARY+=("tour of 12 routes, whole process|$(fmt "$TOUR_MS" 2) ms|<= 100 ms|$(verdict "$TOUR_MS" '<=' 100)")

echo "12. A simulator app's agent: 'deeplink --target simulator:<UDID> --bundle-id ID settings' vs the app target (ms, median)"
# deeplink-app playing an app on a simulator, as the stand-in simctl launch starts one
# (SIMULATOR_UDID in its environment, --bundle-id): it listens on
# /tmp/deeplink-<uid>/<hash>.sock. With the UDID and the bundle id on the command line no xcrun
# runs: deeplink pings that socket (checking the reply names the app), then sends the link.
SIM_UDID=$(tr a-f A-F </proc/sys/kernel/random/uuid)
SIM_BUNDLE=com.example.Recipes.Bench
env -u DEEPLINK_SOCKET SIMULATOR_UDID="$SIM_UDID" "$BIN/deeplink-app" --bundle-id "$SIM_BUNDLE" 2>/dev/null &
PIDS+=("$!")
SIM=(--target "simulator:$SIM_UDID" --bundle-id "$SIM_BUNDLE")
"$BIN/deeplink" wait "${SIM[@]}" --timeout 10 --quiet
[[ $("$BIN/deeplink" "${SIM[@]}" settings --json | jq -r .applied) == "$SETTINGS" ]] ||
  { echo "bench: the simulator app's agent did not acknowledge the link" >&2; exit 70; }
hyperfine_rounds simagent "$BIN/deeplink settings --socket $APP_SOCKET" "$BIN/deeplink ${SIM[*]} settings"
SIM_RATIO=$(ratio simagent 1 0)
printf '   app target %s   simulator app'"'"'s agent %s\n' "$(ms simagent 0)" "$(ms simagent 1)"
printf '   simulator agent / app target = %sx   (target <= 1.3x)\n\n' "$(fmt "$SIM_RATIO" 2)"
SUMMARY+=("link to a simulator app's agent / app target|$(fmt "$SIM_RATIO" 2)x|<= 1.3x|$(verdict "$SIM_RATIO" '<=' 1.3)")

echo "13. --keep while it waits: CPU time of 'deeplink settings --keep' over 10 s, the app idle"
# Its CPU time (schedstat: nanoseconds on a CPU) once the link is applied, and 10 s later: on
# Linux it sleeps in poll(2) on an inotify watch and a signal pipe, so nothing should run.
"$BIN/deeplink" settings --keep --socket "$APP_SOCKET" >"$DIR/keep.out" 2>/dev/null &
KEEP_PID=$!
PIDS+=("$KEEP_PID")
for _ in $(seq 200); do grep -q Settings "$DIR/keep.out" 2>/dev/null && break; sleep 0.05; done
KEEP_BEFORE=$(cut -d' ' -f1 "/proc/$KEEP_PID/schedstat")
sleep 10
KEEP_AFTER=$(cut -d' ' -f1 "/proc/$KEEP_PID/schedstat")
kill -INT "$KEEP_PID"
KEEP_US=$(awk -v a="$KEEP_BEFORE" -v b="$KEEP_AFTER" 'BEGIN { print (b - a) / 1000 }')
printf '   CPU time over 10 s of waiting: %s µs   (target <= 1000 µs: no polling)\n\n' "$(fmt "$KEEP_US" 0)"
SUMMARY+=("--keep waiting 10 s, CPU time|$(fmt "$KEEP_US" 0) µs|<= 1000 µs|$(verdict "$KEEP_US" '<=' 1000)")

echo "14. Settled pictures: a tour of 12 still screens on the stand-in simulator, settled vs one screenshot each (ms, median)"
OUT="$OUT" ROUNDS="$ROUNDS" BIN="$BIN" bench/settle.sh
SUMMARY+=("$(cat "$OUT/settle.summary")")
echo

echo "15. The app's own table: a link to an app whose table deeplink learnt, against the built-in table (ms, median)"
OUT="$OUT" ROUNDS="$ROUNDS" RUNS="$RUNS" BIN="$BIN" bench/app-table.sh
while IFS= read -r line; do SUMMARY+=("$line"); done <"$OUT/app-table.summary"
echo

echo "Summary (ratios: ours / baseline, medians over rounds)"
printf '%s\n' "${SUMMARY[@]}" | awk -F'|' '{ printf "   %-58s %9s   target %-8s %s\n", $1, $2, $3, $4 }' |
  tee "$OUT/summary.txt"
