// Tool name -> OAP capability. Built-ins are exact names: APort's prefix/substring
// mapping misroutes names (`process_refund` -> shell, `lsof_tool` -> file read,
// the APort evaluator), and its default pack turns unknown tools into shell
// calls (§3.5 item 9). An unmapped tool is denied with oap.unknown_capability.

import { Bytes, utf8, equalsBytes } from "../util/bytes";

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

/**
 * Built-in names, by agent family (the versions targeted are listed in the
 * README's tool catalog). A name several families use (`read_file`,
 * `write_file`, `glob`, `web_fetch`, `shell`) maps to one capability, and
 * the rules read the union of the families' argument names.
 */
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
  // Codex CLI (`shell` is shared with OpenClaw; its argv-array form is read too).
  if (name == "exec_command") return CAP_COMMAND;
  if (name == "apply_patch") return CAP_FILE_WRITE;
  // Gemini CLI (`read_file`, `write_file`, `glob`, `web_fetch` are shared with DeerFlow).
  if (name == "run_shell_command") return CAP_COMMAND;
  if (name == "read_many_files" || name == "search_file_content" || name == "list_directory") return CAP_FILE_READ;
  if (name == "replace") return CAP_FILE_WRITE;
  if (name == "google_web_search") return CAP_WEB_FETCH;
  // Cline (`read_file` is shared).
  if (name == "execute_command") return CAP_COMMAND;
  if (name == "list_files" || name == "search_files") return CAP_FILE_READ;
  if (name == "write_to_file" || name == "replace_in_file") return CAP_FILE_WRITE;
  // OpenHands. str_replace_editor is a write here; its `view` command is
  // judged as a read (PassportPolicy, by tool_input.command).
  if (name == "execute_bash") return CAP_COMMAND;
  if (name == "str_replace_editor") return CAP_FILE_WRITE;
  // APort's own tool names (its tool-pack mapping, exact names only).
  if (name == "exec.run" || name == "system.command.execute") return CAP_COMMAND;
  if (name == "file.read" || name == "data.file.read") return CAP_FILE_READ;
  if (name == "file.write" || name == "file.edit" || name == "data.file.write") return CAP_FILE_WRITE;
  if (name == "web.fetch" || name == "web.search") return CAP_WEB_FETCH;
  if (name == "web.browser") return CAP_WEB_BROWSER;
  if (name == "mcp.tool") return CAP_MCP;
  if (name == "messaging.send" || name == "message.send") return CAP_MESSAGING;
  if (name == "session.create" || name == "agent.session.create") return CAP_SESSION;
  if (name == "payment.refund" || name == "finance.payment.refund") return CAP_REFUND;
  if (name == "payment.charge" || name == "payments.charge") return CAP_CHARGE;
  if (name == "data.export" || name == "database.export") return CAP_EXPORT;
  if (name == "git.create_pr") return "repo.pr.create";
  if (name == "git.merge") return "repo.merge";
  return null;
}

/**
 * Whether a tool's `timeout` argument counts milliseconds (Claude Code's
 * `Bash`: 120000 = two minutes). Every other name, user tool_map entries
 * included, states `timeout` in seconds (OAP, DeerFlow, APort, OpenHands);
 * `timeout_ms` (Codex) is milliseconds whatever the tool.
 */
export function timeoutInMs(name: string): bool {
  return name == MS_TIMEOUT_TOOL;
}

const MS_TIMEOUT_TOOL = "Bash";
const MS_TIMEOUT_TOOL_BYTES: Bytes = utf8(MS_TIMEOUT_TOOL);

/** timeoutInMs for a tool name's UTF-8 bytes (no string made per call). */
export function timeoutInMsBytes(ptr: usize, len: i32): bool {
  return equalsBytes(ptr, len, MS_TIMEOUT_TOOL_BYTES);
}

/**
 * MCP tools named like a shell (`mcp__dev__bash`) run commands: they are
 * judged by system.command.execute as well as mcp.tool.execute. Compared
 * case-insensitively, `-` read as `_`: a well-known name, or a name with a
 * word that says it runs commands (snake, kebab, dotted or camel case).
 */
export function isExecToolName(tool: string): bool {
  const t = tool.toLowerCase().replaceAll("-", "_");
  return t == "bash" || t == "sh" || t == "zsh" || t == "shell" || t == "exec" || t == "execute" || t == "run" ||
    t == "command" || t == "cmd" || t == "terminal" || t == "run_command" || t == "execute_command" ||
    t == "run_shell_command" || t == "shell_exec" || t == "exec_command" || t == "execute_bash" ||
    t == "run_terminal_cmd" || t == "run_in_terminal" || t == "terminal_exec" || t == "bash_exec" ||
    t == "shell_command" || t == "powershell" ||
    // Names MCP shell servers give their tools (mcp-shell-server, Desktop Commander, mcp-server-commands, ssh/docker servers).
    t == "shell_execute" || t == "execute_shell" || t == "shell_run" || t == "run_shell" || t == "exec_shell" ||
    t == "run_bash" || t == "bash_run" || t == "run_cmd" || t == "exec_cmd" || t == "execute_cmd" ||
    t == "start_process" || t == "run_process" || t == "spawn_process" || t == "execute_process" || t == "interact_with_process" ||
    t == "run_script" || t == "execute_script" || t == "write_to_terminal" || t == "send_to_terminal" ||
    t == "terminal_run" || t == "terminal_execute" || t == "ssh_exec" || t == "ssh_execute" || t == "ssh_run" ||
    t == "remote_exec" || t == "remote_command" || t == "docker_exec" || t == "container_exec" || t == "spawn" || t == "subprocess" ||
    namesShellWords(tool);
}

function setOf(words: string[]): Set<string> {
  const set = new Set<string>();
  for (let i = 0; i < words.length; i++) set.add(words[i]);
  return set;
}

/** A word that says the tool runs commands wherever it stands (`execute_shell_command`, `runCommand`, `pods_exec`). */
const SHELL_WORDS = setOf(["bash", "sh", "zsh", "fish", "ksh", "csh", "tcsh", "shell", "terminal", "powershell", "pwsh", "cmd", "command", "commands", "subprocess", "spawn", "exec", "repl"]);
/** Verbs that, with a CODE_WORDS word, say the tool runs code (`run_python`, `execute_code`). */
const RUN_WORDS = setOf(["run", "execute", "eval", "evaluate", "invoke", "start", "launch"]);
const CODE_WORDS = setOf(["code", "script", "python", "python3", "py", "javascript", "js", "ruby", "perl", "php", "lua", "snippet"]);
/** A tool that starts with one of these only looks at commands (`get_terminal_output`, `list_commands`, `kill_process`). */
const LOOK_WORDS = setOf(["list", "get", "read", "search", "find", "describe", "show", "view", "kill", "stop", "cancel", "close"]);
/** Words that say a tool runs something even after a LOOK_WORDS start. */
const RUNS_ANYWAY = setOf(["exec", "spawn", "subprocess"]);

/** The name's words, lower-cased: split at `_`, `-`, `.`, other non-letters and camelCase humps (`runHTTPCommand` → run, http, command). */
export function toolNameWords(name: string): string[] {
  const words: string[] = [];
  let start = -1;
  for (let i = 0; i <= name.length; i++) {
    const c = i < name.length ? name.charCodeAt(i) : 0;
    const upper = c >= 0x41 && c <= 0x5a;
    const lower = c >= 0x61 && c <= 0x7a;
    const digit = c >= 0x30 && c <= 0x39;
    if (!(upper || lower || digit)) {
      if (start >= 0) words.push(name.substring(start, i).toLowerCase());
      start = -1;
      continue;
    }
    if (start >= 0 && upper) {
      const prev = name.charCodeAt(i - 1);
      const prevLower = (prev >= 0x61 && prev <= 0x7a) || (prev >= 0x30 && prev <= 0x39);
      const next = i + 1 < name.length ? name.charCodeAt(i + 1) : 0;
      const nextLower = next >= 0x61 && next <= 0x7a;
      const prevUpper = prev >= 0x41 && prev <= 0x5a;
      if (prevLower || (prevUpper && nextLower)) {
        words.push(name.substring(start, i).toLowerCase());
        start = i;
      }
    }
    if (start < 0) start = i;
  }
  return words;
}

/**
 * A name whose words say it runs commands or code, unless it starts by saying it only looks at them and no later
 * word says it runs anything (`get_terminal_output` looks; `get_and_exec_command`, `list_then_run_shell` run).
 */
function namesShellWords(name: string): bool {
  const words = toolNameWords(name);
  if (words.length == 0) return false;
  const looks = LOOK_WORDS.has(words[0]);
  let run = false, code = false, shell = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (SHELL_WORDS.has(w)) shell = true;
    if (RUN_WORDS.has(w) || (i > 0 && RUNS_ANYWAY.has(w))) run = true;
    if (CODE_WORDS.has(w)) code = true;
  }
  if (looks && !run) return false;
  return shell || (run && code) || (looks && run);
}

/**
 * The arguments a shell-named MCP tool may carry: those the command rule
 * reads, whether it runs in the background (scheduling, not code), and text
 * that only explains the call. Any other (`stdin`, `input`,
 * `script`, `args`, `command_line`…) could change what runs where the rule
 * cannot see it — `python3` fed a script on stdin — so the call is refused.
 */
export function isJudgedExecArgument(key: string): bool {
  return key == "command" || key == "cmd" || key == "timeout" || key == "timeout_ms" || key == "cwd" || key == "workdir" ||
    key == "directory" || key == "dir_path" || key == "env" || key == "run_in_background" || key == "isBackground" ||
    key == "is_background" || key == "background" || key == "shell" ||
    key == "description" || key == "explanation" || key == "title";
}

/**
 * A tool_map glob: `*` any run of characters (none included), `?` one
 * character, everything else literal. Greedy with one backtrack point, so
 * O(name × pattern), never exponential.
 */
export function toolGlobMatch(pattern: string, name: string): bool {
  let p = 0, n = 0, star = -1, mark = 0;
  while (n < name.length) {
    if (p < pattern.length && pattern.charCodeAt(p) == 0x2a) {
      star = p++;
      mark = n;
    } else if (p < pattern.length && (pattern.charCodeAt(p) == 0x3f || pattern.charCodeAt(p) == name.charCodeAt(n))) {
      p++;
      n++;
    } else if (star >= 0) {
      p = star + 1;
      n = ++mark;
    } else {
      return false;
    }
  }
  while (p < pattern.length && pattern.charCodeAt(p) == 0x2a) p++;
  return p == pattern.length;
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

  /** Glob entries (a name with `*` or `?`), in the order given. */
  globs: Array<string> = [];
  globCapabilities: Array<string> = [];

  addGlob(pattern: string, capability: string): void {
    this.globs.push(pattern);
    this.globCapabilities.push(capability);
  }

  /** User exact entries first, then user globs (the first that matches), then built-ins, then the MCP naming convention. */
  resolve(name: string): string | null {
    for (let i = 0, n = this.names.length; i < n; i++) {
      // `unchecked` is safe: i < names.length == capabilities.length (add() pushes both).
      if (unchecked(this.names[i]) == name) return unchecked(this.capabilities[i]);
    }
    for (let i = 0, n = this.globs.length; i < n; i++) {
      // i < globs.length == globCapabilities.length (addGlob() pushes both).
      if (toolGlobMatch(unchecked(this.globs[i]), name)) return unchecked(this.globCapabilities[i]);
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
