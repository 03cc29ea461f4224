#!/usr/bin/env bash
# The official MCP Python SDK in .build/mcp-venv, for the tests that drive `deeplink mcp` with it
# (Tests/EndToEndTests/McpSdkTests.swift). A test tool, not a dependency of deeplink. Without it
# those tests are skipped; .ci/run runs this script, so CI runs them.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/mcp-venv
if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c 'import mcp.client.client, jsonschema' 2>/dev/null; then
  exit 0
fi
rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check 'mcp>=2.3,<3'
"$venv/bin/python" -c 'import mcp.client.client, jsonschema'
echo "installed the MCP Python SDK in $venv"
