#!/usr/bin/env bash
# Installs what the tests need beyond the Swift toolchain, gcc and python3: every Debian package
# Tests/test-tools.txt names (through sudo when not root), then the MCP Python SDK into
# .build/mcp-venv (scripts/mcp-venv.sh, as the user who runs this). Debian and Ubuntu only;
# elsewhere it prints the list and exits 2.
#
# usage: scripts/test-deps.sh        (make test-deps)
set -euo pipefail
cd "$(dirname "$0")/.."

packages=$(awk '!/^#/ && NF == 3 && $3 != "-" { print $3 }' Tests/test-tools.txt | sort -u)
if ! command -v apt-get >/dev/null || ! command -v dpkg >/dev/null; then
  echo "test-deps: no apt-get here; install these (Debian names) with your package manager:" >&2
  echo "$packages" | tr '\n' ' ' >&2
  echo >&2
  exit 2
fi
need=()
for package in $packages; do
  dpkg -s "$package" >/dev/null 2>&1 || need+=("$package")
done
if [ ${#need[@]} -gt 0 ]; then
  sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  echo "test-deps: installing ${need[*]}"
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
scripts/mcp-venv.sh
echo "test-deps: every test tool is installed"
