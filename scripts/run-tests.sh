#!/usr/bin/env bash
# Runs the built tests (`swift build --build-tests` first) as several processes at once, one per
# test target, then prints the summary of tests skipped for want of a tool.
#
# Why processes: Swift Testing runs tests on the cooperative thread pool, one thread per core,
# and most of these tests block a thread while a real process (an app, a shell, a build) does
# the work. On two cores one test binary keeps two tests going and leaves the CPU mostly idle;
# four processes keep eight going. Each target's output is printed whole when it ends, so no
# two interleave; all of it is kept in .build/test-output.txt.
#
# usage: scripts/run-tests.sh [BIN_PATH]
#   BIN_PATH    where the test binary is (default: `swift build --show-bin-path`)
#   TEST_JOBS   processes at once (default 4)
#   TEST_FILTER a regular expression: only the tests whose identifier matches
# Exit status: 0 when every target passed, 1 otherwise.
set -uo pipefail
cd "$(dirname "$0")/.."

bin=${1:-$(swift build --show-bin-path)}
tests=$(find "$bin" -maxdepth 1 -name '*PackageTests.xctest' | head -1)
[ -x "$tests" ] || { echo "run-tests: no test binary in $bin: run swift build --build-tests first" >&2; exit 2; }
logs=.build/test-logs
rm -rf "$logs" && mkdir -p "$logs"

# Targets, the longest first (each waits on many processes), so that the last to start are short
# ones; a target not named here runs after these. HardeningTests and PackageTests are long only
# when they build (`make test` builds what they drive first: scripts/build-test-packages.sh).
order=(EndToEndTests DeviceTests CompletionTests PicturesTests HardeningTests PackageTests
  ReleaseInspectionTests DeepLinkRoutesTests DeepLinkWireTests DeepLinkCommandTests DeepLinkAgentTests
  RecipeSampleAppTests)
present=$(find Tests -mindepth 1 -maxdepth 1 -type d -name '*Tests' -exec basename {} \; | sort)
targets=()
for target in "${order[@]}"; do
  grep -qx "$target" <<<"$present" && targets+=("$target")
done
for target in $present; do
  [[ " ${targets[*]} " == *" $target "* ]] || targets+=("$target")
done

run_target() {
  local target=$1 log="$logs/$1.txt" filter="^$1\\."
  [ -n "${TEST_FILTER:-}" ] && filter="^$1\\..*(${TEST_FILTER})"
  "$tests" --testing-library swift-testing --filter "$filter" >"$log" 2>&1
  echo $? >"$logs/$target.status"
  cat "$log"
}
export -f run_target
export tests logs
start=$SECONDS
printf '%s\n' "${targets[@]}" | xargs -P "${TEST_JOBS:-4}" -I{} bash -c 'run_target {}'

failed=()
total=0
for target in "${targets[@]}"; do
  status=$(cat "$logs/$target.status" 2>/dev/null || echo 1)
  count=$(sed -nE 's/.*Test run with ([0-9]+) tests? .*/\1/p' "$logs/$target.txt" | tail -1)
  total=$((total + ${count:-0}))
  [ "$status" -eq 0 ] || failed+=("$target")
done
for target in "${targets[@]}"; do cat "$logs/$target.txt"; done >.build/test-output.txt
scripts/test-summary.sh .build/test-output.txt
echo
if [ ${#failed[@]} -eq 0 ]; then
  echo "All $total tests of ${#targets[@]} targets passed or were skipped, in $((SECONDS - start)) s."
else
  echo "Failed: ${failed[*]} (their output is above, and in $logs/). $total tests in $((SECONDS - start)) s."
  exit 1
fi
