// Where each command of a script may run, for the file scopes
// (policy/capabilities/command/command-scopes.ts): a relative path is judged under every directory
// its command may be in.
//
// A `cd` may fail (the directory is missing or not searchable), and then the
// shell stays where it was: after `cd a; cat ../x` the cat may run in a or in
// the directory before. So the directories any command may run in are those of
// the cd flow (dir-flow.ts): each cd taken or failed (`cd missing; cd ../..`
// from /w/app may end in /w or in /).
//
// One directory exactly, when the script's own top-level pipelines say so:
// every cd of the script is a whole top-level pipeline that stays in the
// shell (not `!`-inverted, no `env -C`, not in a loop, function, subshell or
// payload), and every cd before the command's pipeline is joined to it by
// `&&` alone — `cd src && cat ../README.md` runs cat only after cd succeeded,
// so in src; `cd a && x || cat f` may run cat with cd failed, and so does
// `cd a; cat f`.

import { CdScope, Script, TopLink } from "../syntax/nodes";
import { CdResult, CwdTracker } from "./cwd";
import { PlaceSet } from "./places";
import { DirFlow, FlowProblem, soleCommand, topPipelineOf } from "./dir-flow";

/** exactFor: the command runs in the tool's working directory. */
export const EXACT_TOOL_CWD: i32 = -1;
/** exactFor: the command may run in more than one directory (use the closure). */
export const NOT_EXACT: i32 = -2;

export class CommandDirs {
  /** Every directory a command may run in (valid when `known`): the cd flow's (dir-flow.ts). */
  all: PlaceSet = new PlaceSet();
  /** False when some cd goes where the analysis cannot follow, or the tool's cwd is not known. */
  known: bool = false;
  /** Whether exactFor may answer: every cd is a whole top-level pipeline that stays in the shell. */
  private exactPossible: bool = false;
  private s: Script | null = null;
  private t: CwdTracker | null = null;

  /** `flow`: where commands may run when cds may fail, for the same script and cwd. `cdpath`: CDPATH is set. */
  run(s: Script, t: CwdTracker, flow: DirFlow, cwdLen: i32, cdpath: bool): void {
    this.s = s;
    this.t = t;
    this.all = flow.reached;
    this.known = cwdLen > 0 && flow.problem == FlowProblem.NONE;
    this.exactPossible = !cdpath;
    for (let i = 0, n = t.count; i < n; i++) {
      const cmd = s.cdCmds.get(i);
      if (t.result.get(i) != CdResult.OK || s.cdTransient.get(i) != CdScope.SHELL || topPipelineOf(s, cmd) < 0 ||
        !soleCommand(s, topPipelineOf(s, cmd), cmd)) { this.exactPossible = false; break; }
    }
  }

  /**
   * The one directory command c runs in: the tracker index of the cd that put it there, EXACT_TOOL_CWD, or
   * NOT_EXACT when it may run in more than one (or the script's cds are not all plain top-level ones).
   */
  exactFor(c: i32): i32 {
    const s = this.s!, t = this.t!;
    if (t.count == 0) return EXACT_TOOL_CWD;
    if (!this.exactPossible) return NOT_EXACT;
    const pc = topPipelineOf(s, c);
    if (pc < 0) return NOT_EXACT;
    let last = EXACT_TOOL_CWD;
    for (let i = 0, n = t.count; i < n; i++) {
      const k = topPipelineOf(s, s.cdCmds.get(i));
      if (k >= pc) continue; // runs after c's pipeline (or is c)
      // Every pipeline from the cd's to c's joined by && alone, and the cd's own status not inverted.
      if ((s.topLink.get(k) & TopLink.BANG) != 0) return NOT_EXACT;
      for (let j = k + 1; j <= pc; j++) if ((s.topLink.get(j) & ~TopLink.BANG) != TopLink.AND) return NOT_EXACT;
      last = i;
    }
    return last;
  }
}
