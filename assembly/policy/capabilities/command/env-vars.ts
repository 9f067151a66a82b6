// Step 7: blocked_env_vars, against tool_input.env and every variable the command sets for a program
// (`VAR=… cmd`, `env`, `export`, …).

import { utf8 } from "../../../util/bytes";
import { Code, Verdict } from "../../verdict";
import { envName, showBytes, showCommand } from "../../../shell";
import { CommandInput, CommandLimits } from "./limits";
import { CommandRun } from "./run";

export function envVarsStep(limits: CommandLimits, input: CommandInput, run: CommandRun, verdict: Verdict): bool {
  if (limits.envBlocked.length == 0) return true;
  const s = run.s;
  for (let i = 0; i < input.envKeys.length; i++) {
    const k = utf8(input.envKeys[i]);
    if (envBlocked(limits, changetype<usize>(k), k.length)) {
      return verdict.deny(Code.ENV_VAR_BLOCKED, "tool_input.env sets '" + input.envKeys[i] + "', which is in blocked_env_vars");
    }
  }
  for (let i = 0, n = s.envWords.length; i < n; i++) {
    const w = s.envWords.get(i), cmd = s.envCmds.get(i);
    const nameLen = envName(s, w);
    const by = cmd >= 0 ? "command '" + showCommand(s, cmd) + "'" : "the command";
    if (nameLen < 0) {
      return verdict.deny(Code.ENV_VAR_BLOCKED, by + " sets a variable whose name is computed at run time, so blocked_env_vars cannot be checked");
    }
    if (nameLen > 0 && envBlocked(limits, s.wordPtr(w), nameLen)) {
      return verdict.deny(Code.ENV_VAR_BLOCKED, by + " sets '" + showBytes(s.wordPtr(w), nameLen) + "', which is in blocked_env_vars");
    }
  }
  return true;
}

function envBlocked(limits: CommandLimits, p: usize, n: i32): bool {
  for (let i = 0; i < limits.envBlocked.length; i++) {
    const b = limits.envBlocked[i];
    // Variable names are case-sensitive; entries may use * and ? globs.
    if (globMatchExact(changetype<usize>(b), b.length, p, n)) return true;
  }
  return false;
}

function globMatchExact(pp: usize, pn: i32, t: usize, tn: i32): bool {
  let pi = 0, ti = 0, star = -1, mark = 0;
  while (ti < tn) {
    if (pi < pn) {
      const pc = load<u8>(pp + <usize>pi);
      if (pc == 0x2a) { star = pi++; mark = ti; continue; }
      if (pc == 0x3f || pc == load<u8>(t + <usize>ti)) { pi++; ti++; continue; }
    }
    if (star < 0) return false;
    pi = star + 1;
    ti = ++mark;
  }
  while (pi < pn && load<u8>(pp + <usize>pi) == 0x2a) pi++;
  return pi == pn;
}
