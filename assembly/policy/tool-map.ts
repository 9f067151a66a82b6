// Tool name -> OAP capability. Exact names only: APort's prefix/substring
// mapping misroutes names (`process_refund` -> shell, `lsof_tool` -> file read,
// reference/oap.md §2.2), and its default pack turns unknown tools into shell
// calls (§3.5 item 9). An unmapped tool is denied with oap.unknown_capability.

export const CAP_COMMAND = "system.command.execute";
export const CAP_FILE_READ = "data.file.read";
export const CAP_FILE_WRITE = "data.file.write";
export const CAP_WEB_FETCH = "web.fetch";
export const CAP_WEB_BROWSER = "web.browser";
export const CAP_MCP = "mcp.tool.execute";
export const CAP_MESSAGING = "messaging.send";
export const CAP_SESSION = "agent.session.create";
export const CAP_REFUND = "finance.payment.refund";
export const CAP_CHARGE = "payments.charge";
export const CAP_EXPORT = "data.export";

/** Built-in names: DeerFlow, Claude Code and OpenClaw (oap.md §2.2). */
function builtinCapability(name: string): string | null {
  // DeerFlow 2.x
  if (name == "bash") return CAP_COMMAND;
  if (name == "write_file" || name == "str_replace") return CAP_FILE_WRITE;
  if (name == "read_file" || name == "ls" || name == "glob" || name == "grep") return CAP_FILE_READ;
  if (name == "present_files" || name == "present_file" || name == "view_image") return CAP_FILE_READ;
  if (name == "web_search" || name == "web_fetch" || name == "image_search" || name == "web_capture") return CAP_WEB_FETCH;
  if (name == "task" || name == "batch_task" || name == "ask_clarification") return CAP_SESSION;
  // Claude Code
  if (name == "Bash") return CAP_COMMAND;
  if (name == "Read" || name == "Glob" || name == "Grep" || name == "LS" || name == "NotebookRead") return CAP_FILE_READ;
  if (name == "Write" || name == "Edit" || name == "MultiEdit" || name == "NotebookEdit") return CAP_FILE_WRITE;
  if (name == "WebFetch" || name == "WebSearch") return CAP_WEB_FETCH;
  if (name == "Task" || name == "Agent") return CAP_SESSION;
  // OpenClaw. `powershell` is deliberately absent: our parser is POSIX, and
  // judging PowerShell with it would be a false sense of safety.
  if (name == "exec" || name == "shell" || name == "process") return CAP_COMMAND;
  if (name == "read" || name == "view") return CAP_FILE_READ;
  if (name == "write" || name == "edit" || name == "multiedit") return CAP_FILE_WRITE;
  if (name == "browser") return CAP_WEB_BROWSER;
  if (name == "message" || name == "send_message" || name == "SendMessage") return CAP_MESSAGING;
  if (name == "sessions_spawn" || name == "sessions_send") return CAP_SESSION;
  return null;
}

/** The server and tool an MCP tool name names. */
export class McpName {
  constructor(public server: string, public tool: string) {}
  /**
   * The separator occurs more than once (`mcp__github__read__delete_repo`,
   * `mcp.fs.read.dir`, `mcp__github___x`): a host whose server is named
   * `github__read` would run its `delete_repo` under this name, so which
   * server and tool it names cannot be known. The rule refuses it.
   */
  ambiguous: bool = false;
  /** The other reading: split at the last separator. */
  otherServer: string = "";
  otherTool: string = "";
}

/**
 * MCP tool names as hosts spell them: `mcp__server__tool` or
 * `mcp.server.tool`, split at the first separator; a name with more than one
 * separator is returned marked `ambiguous`. null for any other name.
 */
export function splitMcpToolName(name: string): McpName | null {
  let rest: string;
  let sep: string;
  if (name.startsWith("mcp__")) {
    rest = name.substring(5);
    sep = "__";
  } else if (name.startsWith("mcp.")) {
    rest = name.substring(4);
    sep = ".";
  } else {
    return null;
  }
  const at = rest.indexOf(sep);
  if (at <= 0 || at + sep.length >= rest.length) return null;
  const split = new McpName(rest.substring(0, at), rest.substring(at + sep.length));
  // Overlapping occurrences count too: `github___x` reads as `github_` + `x` as well.
  if (rest.indexOf(sep, at + 1) >= 0) {
    const last = rest.lastIndexOf(sep);
    split.ambiguous = true;
    split.otherServer = rest.substring(0, last);
    split.otherTool = rest.substring(last + sep.length);
  }
  return split;
}

export function isMcpToolName(name: string): bool {
  return splitMcpToolName(name) != null;
}

export class ToolMap {
  names: Array<string> = [];
  capabilities: Array<string> = [];

  add(name: string, capability: string): void {
    this.names.push(name);
    this.capabilities.push(capability);
  }

  /** User entries first, then built-ins, then the MCP naming convention. */
  resolve(name: string): string | null {
    for (let i = 0, n = this.names.length; i < n; i++) {
      // `unchecked` is safe: i < names.length == capabilities.length (add() pushes both).
      if (unchecked(this.names[i]) == name) return unchecked(this.capabilities[i]);
    }
    const builtin = builtinCapability(name);
    if (builtin != null) return builtin;
    if (isMcpToolName(name)) return CAP_MCP;
    return null;
  }
}

/** A capability id as OAP writes them: `^[a-z0-9]+(\.[a-z0-9_]+)*$`. */
export function isCapabilityId(id: string): bool {
  const n = id.length;
  if (n == 0 || n > 128) return false;
  let segmentStart = true;
  for (let i = 0; i < n; i++) {
    const c = id.charCodeAt(i);
    if (c == 0x2e) {
      if (segmentStart) return false;
      segmentStart = true;
      continue;
    }
    const ok = (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || (c == 0x5f && i > 0);
    if (!ok) return false;
    segmentStart = false;
  }
  return !segmentStart;
}

/** The OAP policy pack that governs a capability (reported as policy_id). */
export function packFor(capability: string): string {
  if (capability == CAP_COMMAND) return "system.command.execute.v1";
  if (capability == CAP_FILE_READ) return "data.file.read.v1";
  if (capability == CAP_FILE_WRITE) return "data.file.write.v1";
  if (capability == CAP_WEB_FETCH) return "web.fetch.v1";
  if (capability == CAP_WEB_BROWSER) return "web.browser.v1";
  if (capability == CAP_MCP) return "mcp.tool.execute.v1";
  if (capability == CAP_MESSAGING || capability == "messaging.message.send") return "messaging.message.send.v1";
  if (capability == CAP_SESSION) return "agent.session.create.v1";
  if (capability == CAP_REFUND) return "finance.payment.refund.v1";
  if (capability == CAP_CHARGE) return "finance.payment.charge.v1";
  if (capability == CAP_EXPORT) return "data.export.create.v1";
  if (capability == "repo.pr.create" || capability == "repo.merge") return "code.repository.merge.v1";
  return "";
}
