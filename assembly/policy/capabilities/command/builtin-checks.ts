// Step 2: the built-in catastrophic checks (shell/danger.ts) over every directory the command may run in.

import { Bytes, utf8 } from "../../../util/bytes";
import { overBudget } from "../../../util/budget";
import { Code, Verdict } from "../../verdict";
import { CdResult, CdScope, FlowProblem, setsVariable } from "../../../shell";
import { CommandRun, dirFlow } from "./run";
import { overWorkBudget } from "./messages";

const ROOT_DIR: Bytes = utf8("/");

export function builtinChecksStep(run: CommandRun, verdict: Verdict): bool {
  const s = run.s, t = run.tracker, d = run.danger;
  const homeCanon = run.homeCanon, toolCwd = run.toolCwd, homeLen = run.homeLen;
  d.cls.home.reset();
  d.cls.home.append(homeCanon.ptr, homeCanon.length);
  d.cls.homeWritten = run.homeWritten;
  d.resetCwds();
  if (toolCwd.length > 0) d.addCwd(toolCwd.ptr, toolCwd.length);
  // With CDPATH set (tool_input.env, or the script), `cd etc/..` may enter $CDPATH/etc/.. (CDPATH=/: /).
  const cdpathAny = run.cdpath || setsVariable(s, "CDPATH");
  // A cd may fail and leave the shell where it was: `cd missing; cd ../..; rm -rf *` from /w/app deletes in /.
  // The cd flow says where later commands may run; where it cannot follow a cd that did not resolve (handled
  // below), each relative cd counts under every candidate so far too.
  const f = t.count > 0 && toolCwd.length > 0 ? dirFlow(run) : null;
  const problem = f === null ? FlowProblem.NONE : f.problem;
  if (problem == FlowProblem.OLDPWD_OUTSIDE || problem == FlowProblem.TOO_MANY) d.addCwd(changetype<usize>(ROOT_DIR), 1);
  else if (f !== null && problem == FlowProblem.NONE) {
    const reached = f.reached;
    for (let i = 0, n = reached.count; i < n; i++) d.addCwd(reached.text.ptr + <usize>reached.start.get(i), reached.len.get(i));
  }
  const underEach = problem == FlowProblem.NOT_FOLLOWED || problem == FlowProblem.CDPATH;
  for (let i = 0; i < t.count && !overBudget(); i++) {
    const r = t.result.get(i);
    if (cdpathAny && s.cdTransient.get(i) == CdScope.SHELL) d.addCdpath(s, s.cdWords.get(i)); // env -C does not search it
    if (r == CdResult.OK) {
      d.addCwd(t.text.ptr + <usize>t.cdStart.get(i), t.cdLen.get(i));
      const w = s.cdWords.get(i);
      if (underEach && w >= 0 && s.wordLen(w) > 0 && load<u8>(s.wordPtr(w)) != 0x2f && load<u8>(s.wordPtr(w)) != 0x7e) {
        d.addTarget(s.wordPtr(w), s.attrPtr(w), s.wordLen(w), homeCanon.ptr, homeLen);
      }
    }
    else if (r == CdResult.DYNAMIC) d.addWrittenCwds(s, s.cdWords.get(i), homeCanon.ptr, homeLen);
    else if (r == CdResult.UNRESOLVED || r == CdResult.REPEATED) {
      // Relative to a directory that is not tracked: under any candidate so far (`cd "$d"; cd ../..`);
      // `cd -` with $OLDPWD not known; `~…` with no home known, `~user`, `~+/..`.
      const w = s.cdWords.get(i);
      if (w == -1) d.addHome(homeCanon.ptr, homeLen); // a bare cd, home not known or set by the command
      else if (w >= 0 && s.wordLen(w) > 0 && s.isStatic(w)) {
        // In a loop, `cd ..` climbs as often as it runs: to `/` at worst.
        if (r == CdResult.REPEATED && hasDotDot(s.wordPtr(w), s.wordLen(w))) d.addCwd(changetype<usize>(ROOT_DIR), 1);
        else d.addTarget(s.wordPtr(w), s.attrPtr(w), s.wordLen(w), homeCanon.ptr, homeLen);
      }
    }
  }
  const dangerous = d.check(s);
  if (overBudget()) return overWorkBudget(verdict, "the built-in checks");
  if (dangerous) return verdict.deny(Code.DANGEROUS_OPERATION, d.message);
  return true;
}

/** Does the path (p, n) have a `..` segment? */
function hasDotDot(p: usize, n: i32): bool {
  for (let i = 0; i + 1 < n; i++) {
    if (load<u8>(p + <usize>i) != 0x2e || load<u8>(p + <usize>(i + 1)) != 0x2e) continue;
    if ((i == 0 || load<u8>(p + <usize>(i - 1)) == 0x2f) && (i + 2 == n || load<u8>(p + <usize>(i + 2)) == 0x2f)) return true;
  }
  return false;
}
