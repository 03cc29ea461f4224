#!/usr/bin/env bash
# `make bench` section 14, or on its own: what waiting for the screen to settle costs a tour
# whose screens are still at once, against the same tour taking one screenshot per entry
# (--settle-timeout 0, the behaviour before pictures waited), measured in the same run.
#
#   BIN=<release bin dir> bench/settle.sh      (ROUNDS, RUNS as for bench/run.sh; OUT for raw data)
#
# No simulator here: xcrun is the stand-in of Tests/DeviceTests/StandIns, whose `simctl io
# screenshot` reads the front app's screen through its agent (a deeplink process) and draws it
# with python3 (render-screen); deeplink-app plays the app, started by the stand-in `simctl
# launch` as CoreSimulator starts one. A real `simctl io` costs another amount of time, so the
# ratio, not the milliseconds, is what carries over: settling a still screen costs one
# screenshot more per picture, and the pixels' decoding and comparison.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common.sh

BIN=${BIN:?set BIN to the directory of the release binaries (make bench does)}
OUT=${OUT:-bench/out}
ROUNDS=${ROUNDS:-3}
RUNS=${SETTLE_RUNS:-5}
mkdir -p "$OUT"
needs hyperfine jq python3

WORLD=$(scratch settle-bench)
cleanup() {
  for record in "$WORLD"/running/*.pid; do
    if [[ -f $record ]]; then kill "$(cat "$record")" 2>/dev/null || true; fi
  done
  rm -rf "$WORLD"
}
trap cleanup EXIT
STANDINS=$PWD/Tests/DeviceTests/StandIns
UDID=$(tr a-f A-F </proc/sys/kernel/random/uuid)
BUNDLE=com.example.Recipes.SettleBench
mkdir -p "$WORLD/bin" "$WORLD/running"
ln -s "$STANDINS/bin/xcrun" "$WORLD/bin/xcrun"
cat >"$WORLD/simulators.json" <<JSON
{
  "devices" : {
    "com.apple.CoreSimulator.SimRuntime.iOS-17-2" : [
      {
        "udid" : "$UDID",
        "isAvailable" : true,
        "state" : "Booted",
        "name" : "iPhone 15"
      }
    ]
  }
}
JSON
echo "$BUNDLE $BIN/deeplink-app" >"$WORLD/apps"
export PATH="$WORLD/bin:$PATH" STANDIN_SIMULATORS="$WORLD/simulators.json" STANDIN_APPS="$WORLD/apps" \
  STANDIN_RUNNING="$WORLD/running" STANDIN_SIMULATOR_BIN="$STANDINS/simulator" STANDIN_DEEPLINK="$BIN/deeplink" \
  STANDIN_RENDER=1 STANDIN_LOG="$WORLD/log"
unset DEEPLINK_SOCKET DEEPLINK_TARGET STANDIN_ANIMATION_FRAMES
xcrun simctl launch "$UDID" "$BUNDLE" >/dev/null
TARGET=(--target "simulator:$UDID" --bundle-id "$BUNDLE")
"$BIN/deeplink" wait "${TARGET[@]}" --timeout 10 --quiet

# Both tours once, to check what each does: 12 pictures each, the settled one with two
# screenshots apiece, every screen settled at once.
screenshots() { grep -ac screenshot "$WORLD/log" || true; }
: >"$WORLD/log"
"$BIN/deeplink" "${TARGET[@]}" tour --out "$WORLD/single" --settle-timeout 0 --quiet
SINGLE_SHOTS=$(screenshots)
: >"$WORLD/log"
"$BIN/deeplink" "${TARGET[@]}" tour --out "$WORLD/settled" --quiet
SETTLED_SHOTS=$(screenshots)
[[ $SINGLE_SHOTS -eq 12 && $SETTLED_SHOTS -eq 24 ]] ||
  { echo "bench: expected 12 and 24 screenshots, got $SINGLE_SHOTS and $SETTLED_SHOTS" >&2; exit 70; }
[[ $(jq '[.entries[] | select(.settled == true and .screenshots == 2)] | length' "$WORLD/settled/tour.json") -eq 12 ]] ||
  { echo "bench: not every screen settled at once" >&2; exit 70; }

: >"$OUT/settle.medians"
for round in $(seq "$ROUNDS"); do
  hyperfine -N --style none --warmup 1 --runs "$RUNS" --export-json "$OUT/settle.$round.json" \
    "$BIN/deeplink ${TARGET[*]} tour --out $WORLD/single --settle-timeout 0 --quiet" \
    "$BIN/deeplink ${TARGET[*]} tour --out $WORLD/settled --quiet" >/dev/null 2>&1
  jq -r --arg r "$round" '.results | to_entries[] | "\($r) \(.key) \(.value.median)"' \
    "$OUT/settle.$round.json" >>"$OUT/settle.medians"
done
ms() { awk -v i="$1" '$2 == i { print $3 * 1000 }' "$OUT/settle.medians" | median; }
RATIO=$(awk '$2 == 1 { x[$1] = $3 } $2 == 0 { y[$1] = $3 } END { for (r in x) print x[r] / y[r] }' \
  "$OUT/settle.medians" | median)
SINGLE_MS=$(ms 0)
SETTLED_MS=$(ms 1)
PER_PICTURE=$(awk -v a="$SETTLED_MS" -v b="$SINGLE_MS" 'BEGIN { printf "%.1f", (a - b) / 12 }')
SCREENSHOT=$(awk -v b="$SINGLE_MS" 'BEGIN { printf "%.1f", b / 12 }')
printf '   one screenshot each (--settle-timeout 0) %.1f ms   settled (two each) %.1f ms\n' "$SINGLE_MS" "$SETTLED_MS"
printf '   settled / single = %.2fx   (target <= 2.2x: one screenshot more per picture, ~%s ms of which each here);\n' \
  "$RATIO" "$SCREENSHOT"
printf '   settling costs %s ms a picture\n' "$PER_PICTURE"
awk -v r="$RATIO" 'BEGIN { print (r <= 2.2) ? "met" : "MISSED" }' >"$OUT/settle.verdict"
printf 'tour of 12 still screens, settled / one screenshot each|%.2fx (%.0f ms / %.0f ms)|<= 2.2x|%s\n' \
  "$RATIO" "$SETTLED_MS" "$SINGLE_MS" "$(cat "$OUT/settle.verdict")" >"$OUT/settle.summary"
