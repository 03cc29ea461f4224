"""One session of the official MCP Python SDK's Client against `deeplink mcp`.

Run by Tests/EndToEndTests/McpSdkTests.swift with the interpreter of the virtual environment
that .ci/run makes (scripts/mcp-venv.sh): the SDK is a test tool, not a dependency of deeplink.

    python session.py DEEPLINK SOCKET MODE CALLS_JSON [SERVER_ARGS_JSON]

MODE is the Client's connection mode: "2026-07-28" (stateless requests, no handshake), "auto"
(probes server/discover, falls back to the initialize handshake) or "legacy" (the handshake).
CALLS_JSON is a list of {"tool": name, "arguments": {...}}; SERVER_ARGS_JSON a list of more
arguments for `deeplink mcp`. Prints one JSON report on stdout: the negotiated revision, how
the connection began, the server's identity, every tool as the SDK parsed it, whether each
tool's schemas are valid JSON Schema (2020-12), ping (handshake only: 2026-07-28 removed it),
a subscriptions/listen stream's acknowledgement (2026-07-28 only), and each call's result or
error; the SDK itself refuses a result whose structured content its tool's outputSchema does
not accept.
"""

import json
import sys

import anyio
import jsonschema
from mcp.client.client import Client
from mcp.client.stdio import StdioServerParameters
from mcp.shared.exceptions import MCPError


async def session(deeplink, socket, mode, calls, server_args):
    server = StdioServerParameters(command=deeplink, args=["mcp", "--socket", socket] + server_args)
    report = {"mode": mode}
    async with Client(server, mode=mode) as client:
        report["protocolVersion"] = client.protocol_version
        # "auto" probes server/discover first; a fallback leaves only the handshake's result; a
        # pinned 2026-07-28 sends no probe at all.
        if client.session.initialize_result is not None:
            report["handshake"] = "initialize"
        else:
            report["handshake"] = "discover" if mode == "auto" else "none"
        if client.server_info is not None:
            report["serverInfo"] = client.server_info.model_dump(by_alias=True, exclude_none=True)
        report["capabilities"] = client.server_capabilities.model_dump(by_alias=True, exclude_none=True)
        listed = await client.list_tools()
        report["tools"] = [tool.model_dump(by_alias=True, exclude_none=True) for tool in listed.tools]
        report["schemaErrors"] = {}
        for tool in listed.tools:
            for key, schema in (("inputSchema", tool.input_schema), ("outputSchema", tool.output_schema)):
                if schema is None:
                    continue
                try:
                    jsonschema.Draft202012Validator.check_schema(schema)
                except jsonschema.SchemaError as error:
                    report["schemaErrors"][f"{tool.name}.{key}"] = error.message
        if report["handshake"] == "initialize":
            try:
                await client.session.send_ping()
                report["ping"] = "ok"
            except MCPError as error:
                report["ping"] = f"error {error.code}"
        else:
            async with client.listen(tools_list_changed=True) as subscription:
                report["listen"] = subscription.honored.model_dump(by_alias=True, exclude_none=True)
        report["calls"] = []
        for call in calls:
            entry = {"tool": call["tool"]}
            try:
                result = await client.call_tool(call["tool"], call.get("arguments"))
                entry["isError"] = bool(result.is_error)
                entry["text"] = [block.text for block in result.content if block.type == "text"]
                entry["structured"] = result.structured_content
                tool = next((t for t in listed.tools if t.name == call["tool"]), None)
                if tool is not None and tool.output_schema is not None and not result.is_error:
                    jsonschema.validate(result.structured_content, tool.output_schema)
                if tool is not None:
                    arguments = call.get("arguments") or {}
                    try:
                        jsonschema.validate(arguments, tool.input_schema)
                        entry["argumentsMatchSchema"] = True
                    except jsonschema.ValidationError:
                        entry["argumentsMatchSchema"] = False
            except MCPError as error:
                entry["error"] = {"code": error.code, "message": error.error.message}
            report["calls"].append(entry)
    return report


def main():
    deeplink, socket, mode, calls = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
    server_args = json.loads(sys.argv[5]) if len(sys.argv) > 5 else []
    report = anyio.run(session, deeplink, socket, mode, calls, server_args)
    json.dump(report, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
