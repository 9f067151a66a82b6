// Where each command of a script may run, for the file scopes
// (policy/capabilities/command/command-scopes.ts): a relative path is judged under every directory
// its command may be in.
//
// A `cd` may fail (the directory is missing or not searchable), and then the
// shell stays where it was: after `cd a; cat ../x` the cat may run in a or in
// the directory before. So the directories any command may run in are the
// closure of the tool's cwd under every cd, each taken or not, and a relative
// cd is resolved against each directory reached so far (`cd missing; cd ../..`
// from /w/app may end in /w or in /).
//
// One directory exactly, when the script's own top-level pipelines say so:
// every cd of the script is a whole top-level pipeline that stays in the
// shell (not `!`-inverted, no `env -C`, not in a loop, function, subshell or
// payload), and every cd before the command's pipeline is joined to it by
// `&&` alone — `cd src && cat ../README.md` runs cat only after cd succeeded,
// so in src; `cd a && x || cat f` may run cat with cd failed, and so does
// `cd a; cat f`.

import { ByteBuffer } from "../../util/bytes";
import { appendComponents } from "../../util/path";
import { CdScope, Script, TopLink } from "../syntax/nodes";
import { CdResult, CwdTracker } from "./cwd";
import { PlaceSet } from "./places";

/** More directories than this and the closure counts as not known (fail closed: relative paths are refused). */
const MAX_DIRS: i32 = 16;

/** exactFor: the command runs in the tool's working directory. */
export const EXACT_TOOL_CWD: i32 = -1;
/** exactFor: the command may run in more than one directory (use the closure). */
export const NOT_EXACT: i32 = -2;

export class CommandDirs {
  /** Every directory a command may run in (valid when `known`). */
  all: PlaceSet = new PlaceSet();
  /** False when some cd goes where the analysis cannot follow, or the tool's cwd is not known. */
  known: bool = false;
  /** Whether exactFor may answer: every cd is a whole top-level pipeline that stays in the shell. */
  private exactPossible: bool = false;
  private s: Script | null = null;
  private t: CwdTracker | null = null;
  private joined: ByteBuffer = new ByteBuffer(128);

  /** `cdpath`: CDPATH is set (tool_input.env or the script), so a relative cd may go below any of its entries. */
  run(s: Script, t: CwdTracker, cwd: usize, cwdLen: i32, cdpath: bool): void {
    this.s = s;
    this.t = t;
    const all = this.all;
    all.reset();
    this.known = cwdLen > 0;
    if (cwdLen > 0) all.add(cwd, cwdLen);
    this.exactPossible = !cdpath;
    for (let i = 0, n = t.count; i < n; i++) {
      const cmd = s.cdCmds.get(i);
      if (t.result.get(i) != CdResult.OK || s.cdTransient.get(i) != CdScope.SHELL || topPipelineOf(s, cmd) < 0 ||
        !soleCommand(s, topPipelineOf(s, cmd), cmd)) this.exactPossible = false;
      if (!this.known) continue;
      if (t.result.get(i) != CdResult.OK) { this.known = false; continue; }
      const w = s.cdWords.get(i);
      const dir = t.text.ptr + <usize>t.cdStart.get(i), dirLen = t.cdLen.get(i);
      if (w == -1 || isAbsolute(s, w)) { all.add(dir, dirLen); continue; }
      // `cd -` follows $OLDPWD, which a failed cd leaves where it was (even at a value from outside): not known.
      // With CDPATH set, a relative cd may go below any of its entries.
      if (w < 0 || isDash(s, w) || cdpath) { this.known = false; continue; }
      const wp = s.wordPtr(w), wn = s.wordLen(w);
      const before = all.count;
      for (let k = 0; k < before && this.known; k++) {
        const j = this.joined;
        j.reset();
        j.append(all.text.ptr + <usize>all.start.get(k), all.len.get(k));
        appendComponents(j, wp, wn);
        all.add(j.ptr, j.length);
        if (all.count > MAX_DIRS) this.known = false;
      }
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

/** The top-level pipeline holding command row c, or -1 (a payload's command, parsed after the script's own). */
export function topPipelineOf(s: Script, c: i32): i32 {
  if (c >= s.topEnd) return -1;
  const first = s.topFirst;
  let lo = 0, hi = first.length - 1, found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (first.get(mid) <= c) { found = mid; lo = mid + 1; } else hi = mid - 1;
  }
  return found;
}

/**
 * Is command row c the whole of top-level pipeline k, not inside a `{ }`, `( )` or other compound there
 * (`(cd a) && x` leaves the shell where it was; `{ ! cd a; } && x` runs x when cd failed)?
 */
export function soleCommand(s: Script, k: i32, c: i32): bool {
  const end = k + 1 < s.topFirst.length ? s.topFirst.get(k + 1) : s.topEnd;
  return s.topFirst.get(k) == c && end == c + 1 && s.sParent.get(s.cStage(c)) == -1 && s.sIndex.get(s.cStage(c)) == 0;
}

function isAbsolute(s: Script, w: i32): bool {
  const p = s.wordPtr(w), n = s.wordLen(w);
  if (n == 0) return false;
  const c = load<u8>(p);
  return c == 0x2f || (c == 0x7e && (n == 1 || load<u8>(p + 1) == 0x2f));
}

function isDash(s: Script, w: i32): bool {
  return s.wordLen(w) == 1 && load<u8>(s.wordPtr(w)) == 0x2d;
}
