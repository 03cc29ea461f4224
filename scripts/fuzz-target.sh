#!/usr/bin/env bash
# Fuzzes one target of the fuzz build for SECONDS, seeded from Fuzz/corpus/TARGET and
# Fuzz/regressions/TARGET, and prints its statistics in one piece (`make fuzz` runs several of
# these at once). On a failure: the end of libFuzzer's log and where the crashing input is.
#
# usage: scripts/fuzz-target.sh BIN_PATH SECONDS TARGET
# Exit status: 0 when the run found nothing, 1 otherwise.
set -uo pipefail
cd "$(dirname "$0")/.."
bin=$1 seconds=$2 target=$3
mkdir -p .build/fuzz-corpus/"$target" .build/fuzz-artifacts/"$target" Fuzz/regressions/"$target"
log=.build/fuzz-artifacts/$target/last-run.log
SWIFT_BACKTRACE=enable=no "$bin/fuzz-$target" -max_total_time="$seconds" -print_final_stats=1 \
  -dict=Fuzz/dictionaries/"$target".dict \
  -artifact_prefix=.build/fuzz-artifacts/"$target"/ .build/fuzz-corpus/"$target" \
  Fuzz/corpus/"$target" Fuzz/regressions/"$target" >"$log" 2>&1
status=$?
report=$(
  echo "== fuzz-$target for $seconds s (seeds: Fuzz/corpus/$target, Fuzz/regressions/$target)"
  grep -E '^(stat::(number_of_executed_units|average_exec_per_sec|new_units_added)|Done)' "$log"
  if [ $status -ne 0 ]; then
    tail -40 "$log"
    echo "fuzz-$target failed: the input is in .build/fuzz-artifacts/$target/;"
    echo "keep it in Fuzz/regressions/$target/, fix the bug, and run make test"
  fi
)
printf '%s\n' "$report"
exit $((status != 0))
