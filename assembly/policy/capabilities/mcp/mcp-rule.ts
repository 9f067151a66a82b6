// mcp.tool.execute: the limits block -> McpLimits, and the call -> McpInput.
// Two shapes of call:
//   - by name (`mcp__server__tool`, `mcp.server.tool`): server and tool come
//     from the tool name the host gave, never from tool_input — those are the
//     tool's own arguments, which the model writes (a `server` argument of
//     some tool must not pick the server that is judged). The parameters are
//     the whole tool_input.
//   - a gateway tool mapped to mcp.tool.execute (the pack's context):
//     tool_input `server`, `tool`, `parameters`, `timeout`.

import { McpLimits, McpInput, checkMcp } from "./mcp";
import { RequestView } from "../../request";
import { Verdict, Code } from "../../verdict";
import { CapabilityRule, RuleContext } from "../rule";
import { LimitsReader } from "../limits-reader";
import { splitMcpToolName } from "../../tool-map";
import { quote } from "../web/web";

export const MCP_KEYS: StaticArray<string> = [
  "allowed_servers", "allowed_tools", "allowed_tool_prefixes", "blocked_tools", "max_timeout", "max_parameter_size",
  "max_calls_per_minute", "require_session_tracking", "approval_required", "enforcement",
];

export class McpRule extends CapabilityRule {
  limits: McpLimits = new McpLimits();
  private input: McpInput = new McpInput();

  static compile(read: LimitsReader): McpRule {
    const rule = new McpRule();
    const limits = rule.limits;
    limits.allowedServers = read.strings("allowed_servers");
    limits.allowedTools = read.strings("allowed_tools");
    limits.allowedToolPrefixes = read.strings("allowed_tool_prefixes");
    limits.blockedTools = read.stringsOr("blocked_tools", []);
    limits.maxTimeout = read.positiveNumber("max_timeout");
    limits.maxParameterSize = read.count("max_parameter_size");
    rule.perMinute = read.count("max_calls_per_minute");
    rule.perMinuteKey = "max_calls_per_minute";
    if (read.bool("require_session_tracking", false)) {
      read.errors.add(read.keyPath("require_session_tracking"), "is not supported: the core sees no MCP session, so it cannot require one; remove the key or set it to false");
    }
    const problem = limits.compile();
    if (problem.length > 0) read.errors.add(read.path, problem);
    return rule;
  }

  check(request: RequestView, context: RuleContext, verdict: Verdict): bool {
    const input = this.input;
    input.timeout = NaN;
    const named = splitMcpToolName(request.toolNameString());
    if (named != null) {
      if (named.ambiguous) {
        const sep = request.toolNameString().startsWith("mcp__") ? "'__'" : "'.'";
        return verdict.deny(
          Code.INVALID_TOOL_NAME,
          "MCP tool name " + quote(request.toolNameString()) + " is ambiguous: " + sep + " separates server and tool and appears more than once, so it could be server " +
            quote(named.server) + " with tool " + quote(named.tool) + " or server " + quote(named.otherServer) + " with tool " + quote(named.otherTool) +
            "; rename the server or tool so that " + sep + " appears only between them",
        );
      }
      input.fromName = true;
      input.server = named.server;
      input.tool = named.tool;
      input.parameterBytes = request.toolInputPos < 0 ? 2 : request.rawLength(request.toolInputPos);
      return checkMcp(this.limits, input, verdict);
    }
    input.fromName = false;
    const server = request.inputString("server", verdict);
    if (request.failed) return false;
    const tool = request.inputString("tool", verdict);
    if (request.failed) return false;
    if (server == null || tool == null) {
      return verdict.deny(Code.INVALID_CONTEXT, "tool_input.server and tool_input.tool are required (or name the tool mcp__server__tool)");
    }
    input.server = server;
    input.tool = tool;
    input.parameterBytes = payloadBytes(request);
    input.timeout = request.inputNumber("timeout", verdict);
    if (request.failed) return false;
    return checkMcp(this.limits, input, verdict);
  }
}

/**
 * Bytes of every gateway field but `server`, `tool` and `timeout`: the pack
 * names the payload `parameters`, but gateways and MCP clients also send
 * `arguments`, `params`, `input`, `args`…, and whatever the gateway forwards
 * must count, so no field name carries a payload past max_parameter_size.
 */
function payloadBytes(request: RequestView): i32 {
  const json = request.json;
  const input = request.toolInputPos;
  if (input < 0) return 0;
  let bytes = 0;
  let m = json.firstMember(input);
  while (m >= 0) {
    const v = json.memberValue(m);
    if (!json.stringEquals(m, "server") && !json.stringEquals(m, "tool") && !json.stringEquals(m, "timeout")) {
      bytes += request.rawLength(v);
    }
    m = json.nextMemberAfterValue(v);
  }
  return bytes;
}
