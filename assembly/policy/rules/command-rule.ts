// system.command.execute: the passport's limits block -> CommandLimits, and
// the request's tool_input -> CommandInput. The parsing and the rules
// themselves live in ../command.ts and ../../shell/.

import { Json } from "../../json/reader";
import { ByteBuffer } from "../../util/bytes";
import { CommandLimits, CommandInput, checkCommand } from "../command";
import { LoadErrors } from "../load-errors";
import { RequestView } from "../request";
import { Verdict, Code } from "../verdict";
import { CapabilityRule, RuleContext } from "./rule";
import { LimitsReader } from "./limits-reader";

const KNOWN =
  "allowed_commands, blocked_patterns, max_execution_time, allowed_working_directories, blocked_env_vars, builtin_checks, approval_required";

export class CommandRule extends CapabilityRule {
  limits: CommandLimits = new CommandLimits();
  private input: CommandInput = new CommandInput();
  private command: ByteBuffer = new ByteBuffer(256);
  private alternate: ByteBuffer = new ByteBuffer(64);

  static compile(json: Json, block: i32, path: string, errors: LoadErrors): CommandRule {
    const rule = new CommandRule();
    const limits = rule.limits;
    const read = new LimitsReader(json, errors, path);
    let m = block < 0 ? -1 : json.firstMember(block);
    while (m >= 0) {
      const key = json.readString(m)!;
      const v = json.memberValue(m);
      if (key == "allowed_commands") limits.allowedCommands = read.strings(v, key);
      else if (key == "blocked_patterns") limits.blockedPatterns = read.strings(v, key);
      else if (key == "max_execution_time") limits.maxExecutionTime = read.positiveNumber(v, key);
      else if (key == "allowed_working_directories") limits.allowedWorkingDirectories = read.strings(v, key);
      else if (key == "blocked_env_vars") limits.blockedEnvVars = read.strings(v, key);
      else if (key == "builtin_checks") limits.builtinChecks = read.bool(v, key);
      else if (key == "approval_required") rule.approvalRequired = read.bool(v, key);
      else read.unknownKey(key, KNOWN);
      m = json.nextMember(m);
    }
    const problem = limits.compile();
    if (problem.length > 0) errors.add(path, problem);
    return rule;
  }

  check(request: RequestView, context: RuleContext, verdict: Verdict): bool {
    // APort reads `.command // .cmd`; a request carrying both, differently,
    // is ambiguous about what will run, so it is refused.
    const hasCommand = request.inputBytes("command", this.command, verdict);
    if (hasCommand < 0) return false;
    const hasCmd = request.inputBytes("cmd", this.alternate, verdict);
    if (hasCmd < 0) return false;
    let source = this.command;
    if (hasCommand == 0) {
      if (hasCmd == 0) return verdict.deny(Code.INVALID_CONTEXT, "tool_input.command is missing");
      source = this.alternate;
    } else if (hasCmd == 1) {
      const same = this.command.length == this.alternate.length &&
        memory.compare(this.command.ptr, this.alternate.ptr, <usize>this.command.length) == 0;
      if (!same) return verdict.deny(Code.INVALID_CONTEXT, "tool_input has both command and cmd, and they differ");
    }
    const input = this.input;
    input.commandPtr = source.ptr;
    input.commandLen = source.length;
    input.timeout = request.inputNumber("timeout", verdict);
    if (request.failed) return false;
    input.cwd = request.inputString("cwd", verdict);
    if (request.failed) return false;
    input.envKeys = request.inputKeys("env", verdict);
    if (request.failed) return false;
    input.workspaceRoot = context.workspaceRoot;
    input.home = context.home;
    return checkCommand(this.limits, input, verdict);
  }
}
