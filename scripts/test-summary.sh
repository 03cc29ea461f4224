#!/usr/bin/env bash
# The summary at the end of `make test`: from a `swift test` output (FILE, or stdin), each entry
# of Tests/test-tools.txt that this machine lacks, the tests it skipped, and what installs it.
# Prints nothing when no test was skipped for want of a tool. Exit status 0.
#
# usage: scripts/test-summary.sh [FILE]
set -euo pipefail
list="$(dirname "$0")/../Tests/test-tools.txt"
# Swift Testing's skip lines: `➜ Test NAME skipped: "needs A, B (fix)"`; a skipped suite's tests
# have lines of their own.
{ grep -E '^[^A-Za-z[:space:]]+ Test .* skipped: "needs ' "${1:-/dev/stdin}" || true; } | awk -v list="$list" '
  BEGIN {
    while ((getline line < list) > 0) {
      if (line ~ /^#/) continue
      n = split(line, field, /[ \t]+/)
      if (n == 3) { package[field[1]] = field[3]; order[++count] = field[1] }
    }
  }
  {
    name = $0
    sub(/^[^A-Za-z[:space:]]+ Test /, "", name)
    sub(/ skipped: "needs .*$/, "", name)
    needs = $0
    sub(/^.* skipped: "needs /, "", needs)
    sub(/ \(.*$/, "", needs)
    sub(/"$/, "", needs)
    k = split(needs, tool, /, /)
    for (i = 1; i <= k; i++) {
      skipped[tool[i]] = skipped[tool[i]] "\n      " name
      tests[tool[i]]++
    }
  }
  END {
    if (length(tests) == 0) exit
    print ""
    print "Skipped: this machine lacks what these tests need (never counted as passed)."
    install = ""
    for (j = 1; j <= count; j++) {
      t = order[j]
      if (!(t in tests)) continue
      p = package[t]
      how = (p == "-") ? (t == "root" ? "run the tests as root" : "comes with the Swift toolchain") : "Debian package " p
      printf "  %s (%s): %d skipped%s\n", t, how, tests[t], skipped[t]
      if (p != "-" && index(" " install " ", " " p " ") == 0) install = install " " p
    }
    for (t in tests) if (!(t in package)) printf "  %s (not in Tests/test-tools.txt): %d skipped%s\n", t, tests[t], skipped[t]
    if (install != "") {
      print "Install them all with: make test-deps   (apt-get install" install "; then the MCP SDK)"
    }
  }'
