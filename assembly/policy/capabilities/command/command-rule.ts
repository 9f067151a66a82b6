// system.command.execute: the passport's limits block -> CommandLimits, and
// the request's tool_input -> CommandInput. The parsing and the rules
// themselves live in ../command.ts and ../../shell/.

import { ByteBuffer } from "../../../util/bytes";
import { JsonType, DUPLICATE } from "../../../json/reader";
import { timeoutInMsBytes } from "../../tool-map";
import { argvToShellLine } from "./argv-line";
import { CommandLimits, CommandInput, TIMEOUT_IN_MS, TIMEOUT_MS_KEY, TIMEOUT_SECONDS, TIMEOUT_UNSTATED } from "./limits";
import { checkCommand } from "./check-command";
import { Unbound } from "./command-scopes";
import { RequestView, InputKeys } from "../../request";
import { Verdict, Code } from "../../verdict";
import { CapabilityRule, RuleContext } from "../rule";
import { LimitsReader } from "../limits-reader";

export const COMMAND_KEYS: StaticArray<string> = [
  "allowed_commands", "blocked_patterns", "max_execution_time", "allowed_working_directories", "blocked_env_vars",
  "builtin_checks", "require_listed_builtins", "approval_required", "enforcement", "bind_scopes", "unbound_programs",
];

// The tool_input fields check reads, found in one pass (RequestView.findInput).
// Spellings by agent: `command` (string, or Codex `shell`'s argv array),
// `cmd` (Codex `exec_command`); `timeout` (seconds, or ms for Claude Code
// `Bash`), `timeout_ms` (Codex); `cwd`, `workdir` (Codex), `directory` /
// `dir_path` (Gemini CLI); `run_in_background` (Claude Code), `isBackground`
// (VS Code's terminal tool), `is_background`, `background`; `shell` (Codex
// `exec_command`'s shell binary).
const INPUT = new InputKeys([
  "command", "cmd", "timeout", "cwd", "env", "timeout_ms", "workdir", "directory", "dir_path", "run_in_background", "shell",
  "isBackground", "is_background", "background",
]);
const COMMAND = 0, CMD = 1, TIMEOUT = 2, CWD = 3, ENV = 4, TIMEOUT_MS = 5, WORKDIR = 6, DIRECTORY = 7, DIR_PATH = 8,
  BACKGROUND = 9, SHELL = 10;
const CWD_SLOTS: StaticArray<i32> = [CWD, WORKDIR, DIRECTORY, DIR_PATH];
/** Every spelling of "run it in the background": any one true makes the command outlive the call. */
const BACKGROUND_SLOTS: StaticArray<i32> = [BACKGROUND, 11, 12, 13];

export class CommandRule extends CapabilityRule {
  limits: CommandLimits = new CommandLimits();
  private input: CommandInput = new CommandInput();
  private command: ByteBuffer = new ByteBuffer(256);
  private alternate: ByteBuffer = new ByteBuffer(64);
  private found: StaticArray<i32> = new StaticArray<i32>(INPUT.keys.length);

  static compile(read: LimitsReader): CommandRule {
    const rule = new CommandRule();
    const limits = rule.limits;
    limits.allowedCommands = read.strings("allowed_commands");
    limits.blockedPatterns = read.stringsOr("blocked_patterns", []);
    limits.maxExecutionTime = read.positiveNumber("max_execution_time");
    limits.allowedWorkingDirectories = read.strings("allowed_working_directories");
    limits.blockedEnvVars = read.stringsOr("blocked_env_vars", []);
    limits.builtinChecks = read.bool("builtin_checks", true);
    limits.requireListedBuiltins = read.bool("require_listed_builtins", false);
    limits.scopes.enabled = read.bool("bind_scopes", true);
    const unbound = read.string("unbound_programs");
    if (unbound == "ask") limits.scopes.unbound = Unbound.ASK;
    else if (unbound == "deny") limits.scopes.unbound = Unbound.DENY;
    else if (unbound != null && unbound != "allow") read.errors.add(read.keyPath("unbound_programs"), "expected 'allow', 'ask' or 'deny'");
    const problem = limits.compile();
    if (problem.length > 0) read.errors.add(read.path, problem);
    return rule;
  }

  check(request: RequestView, context: RuleContext, verdict: Verdict): bool {
    // APort reads `.command // .cmd`; a request carrying both, differently,
    // is ambiguous about what will run, so it is refused.
    const found = this.found; // INPUT.keys.length slots: the constant indices below are in bounds
    request.findInput(INPUT, found);
    const json = request.json;
    let hasCommand: i32;
    let plain: bool;
    const commandPos = unchecked(found[COMMAND]);
    if (commandPos >= 0 && json.typeAt(commandPos) == JsonType.Array) {
      // Codex `shell`: an argv array, run without a shell. Judged as the
      // shell line that runs the same argv, so `["bash","-lc","…"]` has its
      // script parsed and checked like any `bash -c`.
      const problem = argvToShellLine(json, commandPos, this.command);
      if (problem.length > 0) return verdict.deny(Code.INVALID_CONTEXT, "tool_input.command " + problem);
      hasCommand = 1;
      plain = false;
    } else {
      hasCommand = request.bytesAt(commandPos, "command", this.command, verdict);
      if (hasCommand < 0) return false;
      plain = request.plainBytes;
    }
    const hasCmd = request.bytesAt(unchecked(found[CMD]), "cmd", this.alternate, verdict);
    if (hasCmd < 0) return false;
    let source = this.command;
    if (hasCommand == 0) {
      if (hasCmd == 0) return verdict.deny(Code.INVALID_CONTEXT, "tool_input.command is missing");
      source = this.alternate;
      plain = request.plainBytes;
    } else if (hasCmd == 1) {
      const same = this.command.length == this.alternate.length &&
        memory.compare(this.command.ptr, this.alternate.ptr, <usize>this.command.length) == 0;
      if (!same) return verdict.deny(Code.INVALID_CONTEXT, "tool_input has both command and cmd, and they differ");
    }
    const input = this.input;
    input.commandPtr = source.ptr;
    input.commandLen = source.length;
    input.knownUtf8WithoutNul = plain;
    if (!this.readTimeout(request, found, input, verdict)) return false;
    input.background = false;
    for (let i = 0; i < BACKGROUND_SLOTS.length; i++) {
      if (!readBackground(request, found[BACKGROUND_SLOTS[i]], INPUT.keys[BACKGROUND_SLOTS[i]], input, verdict)) return false;
    }
    if (!checkShell(request, unchecked(found[SHELL]), verdict)) return false;
    // Every spelling of the working directory must agree: the tool reads one of them.
    input.cwd = null;
    for (let i = 0; i < CWD_SLOTS.length; i++) {
      const key = INPUT.keys[CWD_SLOTS[i]];
      const dir = request.stringAt(found[CWD_SLOTS[i]], key, verdict);
      if (request.failed) return false;
      if (dir == null) continue;
      if (input.cwd != null && input.cwd != dir) return verdict.deny(Code.INVALID_CONTEXT, "tool_input carries two different working directories");
      input.cwd = dir;
    }
    request.keysAt(unchecked(found[ENV]), "env", input.envKeys, verdict);
    if (request.failed) return false;
    input.workspaceRoot = context.workspaceRoot;
    input.home = context.home;
    return checkCommand(this.limits, input, verdict);
  }

  /** The stated timeout in seconds: `timeout` in the tool's unit, `timeout_ms` in ms; the longer one when both. */
  private readTimeout(request: RequestView, found: StaticArray<i32>, input: CommandInput, verdict: Verdict): bool {
    input.timeout = NaN;
    input.timeoutForm = TIMEOUT_UNSTATED;
    input.timeoutGiven = NaN;
    const t = request.numberAt(unchecked(found[TIMEOUT]), "timeout", verdict);
    if (request.failed) return false;
    const ms = request.numberAt(unchecked(found[TIMEOUT_MS]), "timeout_ms", verdict);
    if (request.failed) return false;
    // Zero, negative or overflowing (a JSON number past f64 reads as Infinity, which exceeds any limit) is refused.
    if (t == t && !(t > 0)) return verdict.deny(Code.LIMIT_EXCEEDED, "tool_input.timeout must be a positive number", "builtin:request");
    if (ms == ms && !(ms > 0)) return verdict.deny(Code.LIMIT_EXCEEDED, "tool_input.timeout_ms must be a positive number", "builtin:request");
    if (t == t) {
      const inMs = timeoutInMsBytes(request.toolName.ptr, request.toolName.length);
      input.timeout = inMs ? t / 1000 : t;
      input.timeoutForm = inMs ? TIMEOUT_IN_MS : TIMEOUT_SECONDS;
      input.timeoutGiven = t;
    }
    if (ms == ms && !(ms / 1000 <= input.timeout)) {
      // `!(<=)`: also taken when no `timeout` was stated (NaN) or the value is negative.
      input.timeout = ms / 1000;
      input.timeoutForm = TIMEOUT_MS_KEY;
      input.timeoutGiven = ms;
    }
    return true;
  }
}

/** Claude Code `run_in_background` (and its other spellings): true or false; true sets input.background. */
function readBackground(request: RequestView, pos: i32, key: string, input: CommandInput, verdict: Verdict): bool {
  if (pos == DUPLICATE) return verdict.deny(Code.INVALID_CONTEXT, "duplicate key '" + key + "' in request");
  if (pos < 0) return true;
  const type = request.json.typeAt(pos);
  if (type == JsonType.Null || type == JsonType.False) return true;
  if (type != JsonType.True) return verdict.deny(Code.INVALID_CONTEXT, "tool_input." + key + " must be true or false");
  input.background = true;
  return true;
}

/**
 * Codex `exec_command` may name the shell that runs `cmd`. Commands are
 * parsed as POSIX shell, so any other interpreter (python, powershell, …)
 * would be judged by the wrong grammar: refused.
 */
function checkShell(request: RequestView, pos: i32, verdict: Verdict): bool {
  if (pos == DUPLICATE) return verdict.deny(Code.INVALID_CONTEXT, "duplicate key 'shell' in request");
  const type = request.json.typeAt(pos);
  // A boolean `shell` (a run-through-a-shell flag in some tools) names no interpreter.
  if (pos < 0 || type == JsonType.Null || type == JsonType.True || type == JsonType.False) return true;
  const shell = request.json.readString(pos);
  if (shell == null) return verdict.deny(Code.INVALID_CONTEXT, "tool_input.shell must be a string");
  const base = shell.substring(shell.lastIndexOf("/") + 1);
  if (base == "sh" || base == "bash" || base == "zsh" || base == "dash" || base == "ksh") return true;
  return verdict.deny(Code.INVALID_CONTEXT, "tool_input.shell '" + shell + "' is not a POSIX shell (sh, bash, zsh, dash, ksh); only shell commands can be checked");
}
