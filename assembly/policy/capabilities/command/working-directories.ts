// Step 6: allowed_working_directories, against the tool's cwd and every directory the command changes to.

import { utf8 } from "../../../util/bytes";
import { canonicalizePath, pathWithinBytes } from "../../../util/path";
import { Code, Verdict } from "../../verdict";
import { CdResult, showArgv, showBytes } from "../../../shell";
import { CommandInput, CommandLimits } from "./limits";
import { CommandRun } from "./run";

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
