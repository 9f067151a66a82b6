// Step 3: allowed_commands, per command the script runs, and code that cannot be inspected (a payload
// computed at run time, options a glob or xargs may add, a shell reading an unknown pipe, an option that
// names a program).

import { spend } from "../../../util/budget";
import { Code, Verdict } from "../../verdict";
import { ViewFlag, isFunctionCall, isStateBuiltin, programOption, showWord } from "../../../shell";
import { CommandLimits } from "./limits";
import { CommandRun } from "./run";
import { overWorkBudget, runBy, showView } from "./messages";

/** View flags that deny on their own, after the allowlist. */
const UNINSPECTABLE = ViewFlag.PAYLOAD_DYNAMIC | ViewFlag.GLOB_OPTION | ViewFlag.XARGS_OPTION | ViewFlag.STDIN_UNKNOWN;

export function allowedCommandsStep(limits: CommandLimits, run: CommandRun, verdict: Verdict): bool {
  const s = run.s, scratch = run.scratch;
  const functions = s.fName.length > 0;
  // Read once, not per view.
  const allowAny = limits.allowAny, allowNone = limits.allow.size == 0;
  // An empty list still allows nothing at all, builtins included.
  const stateBuiltins = !limits.requireListedBuiltins && !allowNone;
  for (let v = 0, n = s.viewCount; v < n; v++) {
    // A call is looked up among the functions defined before it: views × functions (util/budget.ts).
    if (functions && !spend(<i64>s.fName.length)) return overWorkBudget(verdict, "allowed_commands");
    const flags = s.vFlags(v);
    if ((flags & ViewFlag.NAME_DYNAMIC) != 0) {
      return verdict.deny(Code.COMMAND_NOT_ALLOWED, "command '" + showView(s, v) + "'" + runBy(s, v) +
        " has a name computed at run time (variable, substitution, glob or brace expansion), so it cannot be checked against allowed_commands");
    }
    if (!allowAny && !(functions && s.vParent(v) < 0 && isFunctionCall(s, v))) {
      if (allowNone) {
        return verdict.deny(Code.COMMAND_NOT_ALLOWED, "command '" + showView(s, v) + "'" + runBy(s, v) +
          " is not allowed: allowed_commands is empty or missing, so no command is allowed");
      }
      // The list first: most views are listed programs, and both checks only read the view (either admits it).
      if (!limits.allow.matches(s, v, scratch) && !(stateBuiltins && isStateBuiltin(s, v))) {
        return verdict.deny(Code.COMMAND_NOT_ALLOWED, "command '" + showView(s, v) + "'" + runBy(s, v) + " is not in allowed_commands");
      }
    }
    if ((flags & UNINSPECTABLE) != 0) {
      if ((flags & ViewFlag.PAYLOAD_DYNAMIC) != 0) {
        return verdict.deny(Code.COMMAND_INJECTION_DETECTED, "command '" + showView(s, v) + "' runs code computed at run time, which cannot be inspected");
      }
      if ((flags & ViewFlag.GLOB_OPTION) != 0) {
        return verdict.deny(Code.COMMAND_INJECTION_DETECTED, "command '" + showView(s, v) + "' has a glob or a value computed at run time that can be one of its options, " +
          "and some of them run programs (a file named like an option would be read as one): put -- before it, or write ./*");
      }
      if ((flags & ViewFlag.XARGS_OPTION) != 0) {
        return verdict.deny(Code.COMMAND_INJECTION_DETECTED, "command '" + showView(s, v) + "'" + runBy(s, v) +
          " gets words from xargs that it could read as options, and some of them run programs: end its options with -- before them");
      }
      if ((flags & ViewFlag.STDIN_UNKNOWN) != 0) {
        return verdict.deny(Code.COMMAND_INJECTION_DETECTED, "command '" + showView(s, v) + "' reads commands from a pipe or a descriptor whose content cannot be inspected");
      }
    }
    const option = programOption(s, v);
    if (option >= 0) {
      return verdict.deny(Code.COMMAND_INJECTION_DETECTED, "command '" + showView(s, v) + "' passes " + showWord(s, option) +
        ", which makes it run a program that cannot be checked against allowed_commands");
    }
  }
  return true;
}
