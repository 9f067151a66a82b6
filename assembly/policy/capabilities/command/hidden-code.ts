// Steps 8 and 9: code the command makes programs run without showing it. Variables that make programs load
// code (GIT_CONFIG_*, npm_config_*, LD_PRELOAD, PATH, BASH_ENV, …; shell/hidden-code.ts), set in the command
// or in tool_input.env alike; shell options and builtins that change how bash reads the rest
// (shell/interp/shell-modes.ts); a file the command writes and then runs or loads; HOME or XDG_CONFIG_HOME
// moved while git runs; arithmetic on values from outside the command (bash runs `$( )` in their array
// subscripts; shell/syntax/arith.ts).

import { Code, Verdict } from "../../verdict";
import {
  ArithTaint, arithTainted, codeVariableSet, commandVariableUnseen, gitConfigMoved, gitFileFromEnv, isCodeVariableName,
  isReadingVariableName, proxyFromEnv, shellModeChange, showWord, writtenThenRun,
} from "../../../shell";
import { trace } from "../../trace";
import { traceCommandStep } from "../../trace-command";
import { CommandInput } from "./limits";
import { CommandRun } from "./run";

const taint = new ArithTaint();

export function hiddenCodeStep(input: CommandInput, run: CommandRun, verdict: Verdict): bool {
  const s = run.s;
  const variable = codeVariableSet(s);
  if (variable.length > 0) {
    return verdict.deny(Code.COMMAND_INJECTION_DETECTED, "the command sets " + variable +
      ", which can make programs load code or configuration that cannot be checked against allowed_commands");
  }
  const command = commandVariableUnseen(s);
  if (command.length > 0) {
    return verdict.deny(Code.COMMAND_INJECTION_DETECTED, "the command gives " + command + " a value computed at run time " +
      "(a substitution, a variable, read, printf -v, mapfile, a loop or an append); programs run that value as a command line, which cannot be checked");
  }
  for (let i = 0; i < input.envKeys.length; i++) {
    if (isCodeVariableName(input.envKeys[i])) {
      return verdict.deny(Code.COMMAND_INJECTION_DETECTED, "tool_input.env sets " + input.envKeys[i] +
        ", which can make programs load code or configuration that cannot be checked against allowed_commands");
    }
  }
  for (let i = 0; i < input.envKeys.length; i++) {
    if (isReadingVariableName(input.envKeys[i])) {
      return verdict.deny(Code.COMMAND_INJECTION_DETECTED, "tool_input.env sets " + input.envKeys[i] +
        ", which changes how bash reads the command; its value is not seen (set it in the command)");
    }
  }
  const mode = shellModeChange(s);
  if (mode.length > 0) return verdict.deny(Code.COMMAND_INJECTION_DETECTED, mode + ", so the command is refused");
  const written = writtenThenRun(s);
  if (written.length > 0) return verdict.deny(Code.COMMAND_INJECTION_DETECTED, written);
  const config = gitConfigMoved(s, input.envKeys);
  if (config.length > 0) {
    return verdict.deny(Code.COMMAND_INJECTION_DETECTED, config + " while the command runs git, which then reads its configuration " +
      "(aliases, core.pager, core.sshCommand, hooks) from a place the command chooses");
  }
  const file = gitFileFromEnv(s, input.envKeys);
  if (file.length > 0) {
    return verdict.deny(Code.COMMAND_INJECTION_DETECTED, "tool_input.env sets " + file + " while the command runs git, " +
      "which then writes the file it names; its value is not seen, so data.file.write cannot check it (set it in the command)");
  }
  const proxy = proxyFromEnv(input.envKeys);
  if (proxy.length > 0) {
    return verdict.deny(Code.DOMAIN_NOT_ALLOWED, "tool_input.env sets " + proxy + ", a proxy every request of curl, wget, git " +
      "or npm goes through; its value is not seen, so web.fetch cannot check it (set it in the command)");
  }
  // Arithmetic on values from outside the command.
  if (trace.on) traceCommandStep(9, true, 0);
  if (arithTainted(s, taint)) {
    if (taint.nameref) {
      return verdict.deny(Code.COMMAND_INJECTION_DETECTED, "nameref '" + taint.name + "' gets a target that is not a plain name written in the command; " +
        "bash evaluates a subscript in it (running any $( ) inside) whenever the nameref is used, so it cannot be checked");
    }
    const what = taint.name.length == 0 ? "the output of a command substitution"
      : taint.name.startsWith("$") || taint.name.startsWith("${") ? taint.name : "'" + taint.name + "'";
    return verdict.deny(Code.COMMAND_INJECTION_DETECTED, "arithmetic '" + showWord(s, taint.word) + "' reads " + what +
      ", a value from outside the command; bash runs any $( ) in an array subscript inside it, so it cannot be checked (assign the value in the command, or compute it without shell arithmetic)");
  }
  return true;
}
