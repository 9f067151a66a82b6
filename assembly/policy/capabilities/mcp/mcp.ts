// mcp.tool.execute rules (OAP 1.0 pack mcp.tool.execute.v1).
//
// Order: server identity → allowed_servers → tool name → blocked_tools →
// allowed_tools / allowed_tool_prefixes → max_timeout → max_parameter_size;
// the first failure decides. max_calls_per_minute is a usage limit, judged
// after these (usage.ts).
//
// Where we are deliberately stricter than APort:
//   - A missing or empty allowed_servers allows no server (APort's local
//     evaluator allows every server then). `"*"` admits any named server and
//     any public URL; a private or loopback URL must be listed explicitly,
//     and cloud metadata is never a server.
//   - Server URLs are compared canonically (mcp-server.ts), not as strings.
//   - allowed_tool_prefixes match on a name boundary: `read` admits `read`,
//     `read_file` and `read.dir`, not `readonly_drop`; a prefix that already
//     ends in `_`, `.` or `-` is matched as written. The pack's
//     `startsWith` would let `get` admit `getaway_delete_all`.
//   - blocked_tools compare ASCII case-insensitively (deny lists err towards
//     matching); allowed_tools compare exactly.
//   - Server and tool names outside [A-Za-z0-9._-] are refused
//     (oap.invalid_tool_name): the pack's own tool pattern.
//   - `__` namespaces tools behind gateways (`read__delete_repo`): a prefix
//     never admits across one, and blocked_tools also match what follows one.

import { Verdict, Code } from "../../verdict";
import { ServerId, ServerKind, readServer, serverMatches, isValidName } from "./mcp-server";
import { isAlwaysDenied, describeSpecial } from "../../../net";
import { quote } from "../web/web";
import { equalsIgnoreAsciiCase } from "../../../util/bytes";

export class McpLimits {
  /** null or [] = no server allowed. */
  allowedServers: Array<string> | null = null;
  /** Both null = any tool of an allowed server; otherwise the tool must match one. */
  allowedTools: Array<string> | null = null;
  allowedToolPrefixes: Array<string> | null = null;
  blockedTools: Array<string> = [];
  /** Seconds; NaN = no limit. Applies to a gateway call's `timeout`. */
  maxTimeout: f64 = NaN;
  /** Bytes of the call's parameters as JSON; -1 = no limit. */
  maxParameterSize: i64 = -1;

  _servers: Array<ServerId> = [];
  _compileError: string = "";

  /** Validate and canonicalise the entries. Returns "" or an error naming the entry. */
  compile(): string {
    this._servers = [];
    this._compileError = "";
    const servers = this.allowedServers;
    if (servers !== null) {
      for (let i = 0; i < servers.length; i++) {
        const id = new ServerId();
        if (servers[i] == "*") {
          id.kind = ServerKind.Any;
          id.text = "*";
        } else if (!readServer(servers[i], true, id)) {
          return this.fail("allowed_servers[" + i.toString() + "] " + quote(servers[i]) + " " + id.error);
        }
        this._servers.push(id);
      }
    }
    const tools = this.allowedTools;
    if (tools !== null) {
      for (let i = 0; i < tools.length; i++) {
        if (tools[i] != "*" && !isValidName(tools[i])) return this.fail("allowed_tools[" + i.toString() + "] " + quote(tools[i]) + " is not a tool name");
      }
    }
    const prefixes = this.allowedToolPrefixes;
    if (prefixes !== null) {
      for (let i = 0; i < prefixes.length; i++) {
        if (!isValidName(prefixes[i])) return this.fail("allowed_tool_prefixes[" + i.toString() + "] " + quote(prefixes[i]) + " is not a tool-name prefix");
      }
    }
    for (let i = 0; i < this.blockedTools.length; i++) {
      if (!isValidName(this.blockedTools[i])) return this.fail("blocked_tools[" + i.toString() + "] " + quote(this.blockedTools[i]) + " is not a tool name");
    }
    return "";
  }

  private fail(message: string): string {
    this._compileError = message;
    return message;
  }
}

export class McpInput {
  /** A bare name or a URL, as the call names it. */
  server: string = "";
  /** True when server and tool come from the tool name (`mcp__server__tool`). */
  fromName: bool = false;
  tool: string = "";
  /** Seconds (gateway calls); NaN = absent. */
  timeout: f64 = NaN;
  /** Bytes of the parameters as JSON. */
  parameterBytes: i32 = 0;
}

const server = new ServerId();

/** True = allowed; otherwise `verdict` holds the deny. */
export function checkMcp(limits: McpLimits, input: McpInput, verdict: Verdict): bool {
  if (limits._compileError.length > 0) return verdict.deny(Code.POLICY_ERROR, "mcp limits are invalid: " + limits._compileError);

  // 1. Server identity.
  if (!readServer(input.server, false, server, input.fromName)) {
    if (input.fromName) return verdict.deny(Code.INVALID_TOOL_NAME, "MCP server name " + quote(input.server) + " " + server.error);
    return verdict.deny(Code.INVALID_SERVER_URL, "MCP server " + quote(input.server) + " " + server.error);
  }
  if (server.kind == ServerKind.Url && isAlwaysDenied(server.special)) {
    return verdict.deny(Code.PRIVATE_IP_BLOCKED, "MCP server " + quote(server.display()) + " is " + describeSpecial(server.special) + "; never an MCP server");
  }

  // 2. allowed_servers (missing or empty = none).
  const entries = limits._servers;
  if (limits.allowedServers === null || entries.length == 0) {
    return verdict.deny(Code.SERVER_NOT_ALLOWED, "MCP server " + quote(server.display()) + " is not allowed: allowed_servers is " + (limits.allowedServers === null ? "missing" : "empty"));
  }
  let admitted = false;
  let privateRefused = false;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    if (!serverMatches(e, server)) continue;
    // A private or special host is admitted only by an entry that names it.
    if (server.kind == ServerKind.Url && server.special != 0 && e.kind == ServerKind.Any) {
      privateRefused = true;
      continue;
    }
    admitted = true;
    break;
  }
  if (!admitted) {
    if (privateRefused) {
      return verdict.deny(Code.PRIVATE_IP_BLOCKED, "MCP server " + quote(server.display()) + " is " + describeSpecial(server.special) + "; '*' admits public servers only, so list it in allowed_servers");
    }
    const kind = server.kind == ServerKind.Url ? "URL" : "name";
    return verdict.deny(Code.SERVER_NOT_ALLOWED, "MCP server " + kind + " " + quote(server.display()) + " is not in allowed_servers");
  }

  // 3. Tool name.
  const tool = input.tool;
  if (!isValidName(tool)) {
    return verdict.deny(Code.INVALID_TOOL_NAME, "MCP tool name " + quote(tool) + " must be 1-128 letters, digits, '.', '_' or '-'");
  }
  // 4. blocked_tools: the whole name, or what follows any '__' in it.
  for (let i = 0; i < limits.blockedTools.length; i++) {
    const blocked = limits.blockedTools[i];
    if (equalsIgnoreAsciiCase(tool, blocked)) {
      return verdict.deny(Code.TOOL_NOT_ALLOWED, "MCP tool " + quote(tool) + " matches blocked_tools entry " + quote(blocked));
    }
    if (blockedAfterNamespace(tool, blocked)) {
      return verdict.deny(
        Code.TOOL_NOT_ALLOWED,
        "MCP tool " + quote(tool) + " matches blocked_tools entry " + quote(blocked) + " after '__' (gateways and aggregators use '__' to namespace tools)",
      );
    }
  }
  // 5. allowed_tools / allowed_tool_prefixes.
  if (limits.allowedTools !== null || limits.allowedToolPrefixes !== null) {
    if (!toolAllowed(limits, tool)) {
      const hint = tool.indexOf("__") >= 0 ? " (a prefix never admits across '__', which namespaces tools: list the tool in allowed_tools)" : "";
      return verdict.deny(Code.TOOL_NOT_ALLOWED, "MCP tool " + quote(tool) + " is not in allowed_tools and matches no allowed_tool_prefixes entry" + hint);
    }
  }
  // 6. max_timeout.
  if (!isNaN(limits.maxTimeout) && !isNaN(input.timeout) && input.timeout > limits.maxTimeout) {
    return verdict.deny(Code.TIMEOUT_EXCEEDED, "timeout " + input.timeout.toString() + " s is above max_timeout " + limits.maxTimeout.toString() + " s");
  }
  // 7. max_parameter_size.
  if (limits.maxParameterSize >= 0 && <i64>input.parameterBytes > limits.maxParameterSize) {
    return verdict.deny(Code.PARAMETER_SIZE_EXCEEDED, "parameters are " + input.parameterBytes.toString() + " bytes of JSON; max_parameter_size is " + limits.maxParameterSize.toString());
  }
  return true;
}

function toolAllowed(limits: McpLimits, tool: string): bool {
  const tools = limits.allowedTools;
  if (tools !== null) {
    for (let i = 0; i < tools.length; i++) {
      if (tools[i] == "*" || tools[i] == tool) return true;
    }
  }
  const prefixes = limits.allowedToolPrefixes;
  if (prefixes !== null) {
    for (let i = 0; i < prefixes.length; i++) {
      if (prefixAdmits(prefixes[i], tool)) return true;
    }
  }
  return false;
}

/**
 * `__` namespaces tools behind gateways and aggregators (`read__delete_repo`
 * is server `read`'s `delete_repo`), so a blocked name also matches what
 * follows any `__` (overlapping: `x___delete_repo` too).
 */
function blockedAfterNamespace(tool: string, blocked: string): bool {
  let at = tool.indexOf("__");
  while (at >= 0) {
    if (equalsIgnoreAsciiCase(tool.substring(at + 2), blocked)) return true;
    at = tool.indexOf("__", at + 1);
  }
  return false;
}

/**
 * A name boundary: the prefix ends on a separator, or the tool continues with
 * one (or ends). A prefix never admits across a `__` it does not contain
 * itself: `read` admits `read_file`, not `read__delete_repo` (a namespace).
 */
function prefixAdmits(prefix: string, tool: string): bool {
  if (!tool.startsWith(prefix)) return false;
  const last = tool.lastIndexOf("__");
  if (last >= 0 && last + 2 > prefix.length) return false;
  if (tool.length == prefix.length || isSeparator(<u32>prefix.charCodeAt(prefix.length - 1))) return true;
  return isSeparator(<u32>tool.charCodeAt(prefix.length));
}

function isSeparator(c: u32): bool {
  return c == 0x5f || c == 0x2e || c == 0x2d;
}
