# shellcheck shell=bash
# What every bench script shares, sourced after `cd` to the package root.

# needs TOOL...: exits 69 naming the Debian package when a tool is missing.
needs() {
  local tool
  for tool in "$@"; do
    command -v "$tool" >/dev/null || { echo "bench: needs $tool (apt-get install $tool)" >&2; exit 69; }
  done
}

# median: the median of the numbers on standard input, one a line.
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# scratch NAME: a new private directory under /tmp for one run's sockets, apps and files.
scratch() {
  local dir
  dir=$(mktemp -d "/tmp/deeplink-$1.XXXXXX")
  chmod 700 "$dir"
  echo "$dir"
}
