// Step 6: allowed_working_directories, against the tool's cwd and every directory the command changes to.

import { utf8 } from "../../../util/bytes";
import { canonicalizePath, pathWithinBytes } from "../../../util/path";
import { Code, Verdict } from "../../verdict";
import { CdResult, FlowProblem, REACHED_AT_EXIT, showArgv, showBytes, showCommand } from "../../../shell";
import { CommandInput, CommandLimits } from "./limits";
import { CommandRun, dirFlow } from "./run";
import { overBudget } from "../../../util/budget";
import { overWorkBudget } from "./messages";

export function workingDirectoriesStep(limits: CommandLimits, input: CommandInput, run: CommandRun, verdict: Verdict): bool {
  if (limits.allowedWorkingDirectories === null) return true;
  const s = run.s, t = run.tracker, toolCwd = run.toolCwd, cwdOk = run.cwdOk, cwdString = run.cwdString;
  if (!cwdOk) {
    return verdict.deny(Code.DIRECTORY_NOT_ALLOWED, cwdString === null
      ? "the working directory is unknown (no cwd and no workspace root), so allowed_working_directories cannot be checked"
      : "working directory '" + cwdString + "' cannot be resolved to an absolute path");
  }
  if (!dirAllowed(limits, input, toolCwd.ptr, toolCwd.length)) {
    return verdict.deny(Code.DIRECTORY_NOT_ALLOWED, "working directory '" + toolCwd.toString() + "' is not in allowed_working_directories");
  }
  for (let i = 0; i < t.count; i++) {
    const r = t.result.get(i);
    const cmd = s.cdCmds.get(i);
    const shown = showArgv(s, cmd, 0, s.cArgc(cmd));
    if (r == CdResult.DYNAMIC) {
      return verdict.deny(Code.DIRECTORY_NOT_ALLOWED, "command '" + shown + "' changes to a directory computed at run time, so allowed_working_directories cannot be checked");
    }
    if (r == CdResult.REPEATED) {
      return verdict.deny(Code.DIRECTORY_NOT_ALLOWED, "command '" + shown + "' changes to a relative directory inside a loop or function, " +
        "which may run any number of times, so allowed_working_directories cannot be checked (use an absolute path)");
    }
    if (r == CdResult.UNRESOLVED) {
      return verdict.deny(Code.DIRECTORY_NOT_ALLOWED, "command '" + shown + "' changes to a directory that cannot be resolved");
    }
    if (r == CdResult.OK && !dirAllowed(limits, input, t.text.ptr + <usize>t.cdStart.get(i), t.cdLen.get(i))) {
      return verdict.deny(Code.DIRECTORY_NOT_ALLOWED, "command '" + shown + "' changes to '" +
        showBytes(t.text.ptr + <usize>t.cdStart.get(i), t.cdLen.get(i)) + "', which is not in allowed_working_directories");
    }
  }
  return t.count == 0 || whereCommandsRun(limits, input, run, verdict);
}

/**
 * The checks above take every cd as successful. A cd may fail and leave the shell where it was, so later
 * commands may run elsewhere: every directory any of them may start in must be allowed too.
 */
function whereCommandsRun(limits: CommandLimits, input: CommandInput, run: CommandRun, verdict: Verdict): bool {
  const f = dirFlow(run), s = run.s;
  if (overBudget()) return overWorkBudget(verdict, "following its directory changes");
  if (f.problem != FlowProblem.NONE) {
    const shown = showArgv(s, f.problemCmd, 0, s.cArgc(f.problemCmd));
    const why = f.problem == FlowProblem.OLDPWD_OUTSIDE
      ? "goes back to $OLDPWD, which is still the directory from before the command if an earlier cd failed"
      : f.problem == FlowProblem.CDPATH
        ? "may go below any directory in CDPATH"
        : f.problem == FlowProblem.TOO_MANY
          ? "makes more possible directories (each earlier cd taken or failed) than are followed"
          : "cannot be followed when earlier cds may fail";
    return verdict.deny(Code.DIRECTORY_NOT_ALLOWED, "command '" + shown + "' " + why + ", so allowed_working_directories cannot be checked");
  }
  const reached = f.reached;
  for (let i = 0, n = reached.count; i < n; i++) {
    const p = reached.text.ptr + <usize>reached.start.get(i), len = reached.len.get(i);
    if (dirAllowed(limits, input, p, len)) continue;
    const k = f.reachedBy.get(i);
    const where = k >= 0 ? "command '" + showCommand(s, s.topFirst.get(k)) + "' may run in '"
      : k == REACHED_AT_EXIT ? "the trap's command may run at exit in '" : "a command may run in '";
    return verdict.deny(Code.DIRECTORY_NOT_ALLOWED, where + showBytes(p, len) +
      "' if an earlier cd fails (the shell then stays where it was), which is not in allowed_working_directories " +
      "(join each cd to the commands it is for with &&, or run them in a subshell: (cd dir && …))");
  }
  return true;
}

function dirAllowed(limits: CommandLimits, input: CommandInput, p: usize, n: i32): bool {
  for (let i = 0; i < limits.dirs.length; i++) {
    const d = limits.dirs[i];
    if (pathWithinBytes(p, n, changetype<usize>(d), d.length)) return true;
  }
  for (let i = 0; i < limits.dirsRaw.length; i++) {
    const c = canonicalizePath(limits.dirsRaw[i], input.workspaceRoot, input.home);
    if (c === null) continue;
    const d = utf8(c);
    if (pathWithinBytes(p, n, changetype<usize>(d), d.length)) return true;
  }
  return false;
}
