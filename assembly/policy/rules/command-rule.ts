// system.command.execute: the passport's limits block -> CommandLimits, and
// the request's tool_input -> CommandInput. The parsing and the rules
// themselves live in ../command.ts and ../../shell/.

import { ByteBuffer } from "../../util/bytes";
import { CommandLimits, CommandInput, checkCommand } from "../command";
import { RequestView, InputKeys } from "../request";
import { Verdict, Code } from "../verdict";
import { CapabilityRule, RuleContext } from "./rule";
import { LimitsReader } from "./limits-reader";

export const COMMAND_KEYS: StaticArray<string> = [
  "allowed_commands", "blocked_patterns", "max_execution_time", "allowed_working_directories", "blocked_env_vars",
  "builtin_checks", "require_listed_builtins", "approval_required",
];

// The tool_input fields check reads, found in one pass (RequestView.findInput).
const INPUT = new InputKeys(["command", "cmd", "timeout", "cwd", "env"]);
const COMMAND = 0, CMD = 1, TIMEOUT = 2, CWD = 3, ENV = 4;

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
    const problem = limits.compile();
    if (problem.length > 0) read.errors.add(read.path, problem);
    return rule;
  }

  check(request: RequestView, context: RuleContext, verdict: Verdict): bool {
    // APort reads `.command // .cmd`; a request carrying both, differently,
    // is ambiguous about what will run, so it is refused.
    const found = this.found; // INPUT.keys.length slots: the constant indices below are in bounds
    request.findInput(INPUT, found);
    const hasCommand = request.bytesAt(unchecked(found[COMMAND]), "command", this.command, verdict);
    if (hasCommand < 0) return false;
    let plain = request.plainBytes;
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
    input.timeout = request.numberAt(unchecked(found[TIMEOUT]), "timeout", verdict);
    if (request.failed) return false;
    input.cwd = request.stringAt(unchecked(found[CWD]), "cwd", verdict);
    if (request.failed) return false;
    request.keysAt(unchecked(found[ENV]), "env", input.envKeys, verdict);
    if (request.failed) return false;
    input.workspaceRoot = context.workspaceRoot;
    input.home = context.home;
    return checkCommand(this.limits, input, verdict);
  }
}
