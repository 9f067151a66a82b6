// Every directory a command of a script may run in, for allowed_working_directories, counting that a `cd` may
// fail (the directory is missing or not searchable) and leave the shell where it was.
//
// The tracker (cwd.ts) resolves each cd as if every cd before it succeeded: for `cd missing; cd ../..; ls`
// from /w/app it says /w/app/missing, then /w. But when `missing` does not exist, bash stays in /w/app, the
// second cd takes it to /, and ls runs there. So the directories checked are those the shell may be in when
// each top-level pipeline starts, following every cd as taken or failed along `;`, `&&` and `||`:
//   `cd a && cd ..`   the second cd runs only where the first succeeded: /w/app;
//   `cd a; cd ..`     it may run in /w/app/a or /w/app: /w/app or /w;
//   `cd src; make; cd ..`   make may run in src or the tool's cwd; the last cd runs nothing after it, so where
//                     it may land is not a directory any command runs in (unless a trap runs at exit).
// A state is the pair ($PWD, $OLDPWD): `cd -` goes back to $OLDPWD, which after a failed cd is still the value
// from before the command (anything).
//
// That flow is followed only when every cd is a whole top-level pipeline that changes the shell's own
// directory. Otherwise (a cd inside `if`, `{ }`, a subshell, a function, `env -C`, a payload) the directories
// are the closure: each cd taken or not, a relative one resolved under every directory its shell may be in,
// or only where the cd before it went when it follows that cd by `&&` (`(cd a/b && cd ../..)`).

import { ByteBuffer } from "../../util/bytes";
import { appendComponents } from "../../util/path";
import { CdScope, IntList, Script, TopLink } from "../syntax/nodes";
import { CmdFlag } from "../syntax/tokens";
import { CdResult, CwdTracker, MAX_DIR, opaqueScope } from "./cwd";
import { Parser } from "../syntax/parser";
import { PlaceSet } from "./places";
import { searchesCdpath } from "../danger";
import { Cmd, cmdId } from "../programs";
import { spend } from "../../util/budget";

/** More (PWD, OLDPWD) states, or more directories, than this and where commands run counts as not known. */
const MAX_STATES: i32 = 64;
export const REACHED_BY_CLOSURE: i32 = -1;
export const REACHED_AT_EXIT: i32 = -2;
/** No $OLDPWD known: the one from before the command. */
const OUTSIDE: i32 = -1;
/** Closure tags: the tool's cwd, where every shell starts; a directory no shell stays in (`env -C a cmd`). */
const TOOL: i32 = -2;
const NO_SHELL: i32 = -3;

export const enum FlowProblem {
  NONE = 0,
  /** `cd -` where $OLDPWD may still be the value from before the command (or inside a compound). */
  OLDPWD_OUTSIDE = 1,
  /** CDPATH is set: a relative cd may go below any of its entries. */
  CDPATH = 2,
  /** More possible directories than the analysis follows. */
  TOO_MANY = 3,
  /** A cd that did not resolve (computed at run time, relative to an unknown directory, in a loop): see CdResult. */
  NOT_FOLLOWED = 4,
}

export class DirFlow {
  /**
   * Every directory a command may run in (valid when problem is NONE), and for each the top-level pipeline that
   * may start there first (REACHED_BY_CLOSURE, REACHED_AT_EXIT: a trap's command).
   */
  reached: PlaceSet = new PlaceSet();
  reachedBy: IntList = new IntList(8);
  problem: FlowProblem = FlowProblem.NONE;
  /** The command row of the cd behind the problem. */
  problemCmd: i32 = -1;

  // Interned directories; states are (pwd, oldpwd) indices into it (OUTSIDE for oldpwd unknown).
  private dirs: PlaceSet = new PlaceSet();
  private okPwd: IntList = new IntList(8);
  private okOld: IntList = new IntList(8);
  private failPwd: IntList = new IntList(8);
  private failOld: IntList = new IntList(8);
  private inPwd: IntList = new IntList(8);
  private inOld: IntList = new IntList(8);
  private resPwd: IntList = new IntList(8);
  private resOld: IntList = new IntList(8);
  private joined: ByteBuffer = new ByteBuffer(128);

  /** `cwd`: the canonical tool cwd (known). `cdpath`: CDPATH is set by tool_input.env or the script. */
  run(p: Parser, t: CwdTracker, cwd: usize, cwdLen: i32, cdpath: bool): void {
    const s = p.script;
    this.reached.reset();
    this.reachedBy.reset();
    this.dirs.reset();
    this.problem = FlowProblem.NONE;
    this.problemCmd = -1;
    if (cwdLen <= 0) { this.fail(FlowProblem.NOT_FOLLOWED, -1); return; }
    if (t.count == 0) { this.reach(cwd, cwdLen, 0); return; }
    if (followable(s, t)) this.follow(s, t, cwd, cwdLen, cdpath);
    else this.closure(p, t, cwd, cwdLen, cdpath);
  }

  /** The flow along the top-level pipelines. */
  private follow(s: Script, t: CwdTracker, cwd: usize, cwdLen: i32, cdpath: bool): void {
    this.okPwd.reset(); this.okOld.reset(); this.failPwd.reset(); this.failOld.reset();
    this.dirs.add(cwd, cwdLen);
    this.okPwd.push(0); this.okOld.push(OUTSIDE);
    let cd = 0; // the next tracker entry
    const pipelines = s.topFirst.length;
    for (let k = 0; k < pipelines; k++) {
      const link = s.topLink.get(k);
      const how = link & ~TopLink.BANG;
      // The states this pipeline may start in.
      this.inPwd.reset(); this.inOld.reset();
      if (k == 0 || how == TopLink.LIST) {
        addAll(this.inPwd, this.inOld, this.okPwd, this.okOld);
        addAll(this.inPwd, this.inOld, this.failPwd, this.failOld);
      } else if (how == TopLink.AND) addAll(this.inPwd, this.inOld, this.okPwd, this.okOld);
      else addAll(this.inPwd, this.inOld, this.failPwd, this.failOld);
      for (let i = 0, n = this.inPwd.length; i < n; i++) {
        const d = this.inPwd.get(i);
        this.reach(this.dirs.text.ptr + <usize>this.dirs.start.get(d), this.dirs.len.get(d), k);
      }
      // Its outcome: a cd moves the states where it succeeds; anything else leaves them.
      this.resPwd.reset(); this.resOld.reset();
      const isCd = cd < t.count && topPipelineOf(s, s.cdCmds.get(cd)) == k;
      if (isCd) {
        if (!this.step(s, t, cd, cdpath)) return;
        cd++;
      } else addAll(this.resPwd, this.resOld, this.inPwd, this.inOld);
      // ok/fail of this pipeline: (res, in) for a cd, (in, in) otherwise; `!` swaps them.
      const bang = (link & TopLink.BANG) != 0;
      const okP = bang ? this.inPwd : this.resPwd, okO = bang ? this.inOld : this.resOld;
      const failP = bang ? this.resPwd : this.inPwd, failO = bang ? this.resOld : this.inOld;
      if (k == 0 || how == TopLink.LIST) {
        copy(this.okPwd, this.okOld, okP, okO);
        copy(this.failPwd, this.failOld, failP, failO);
      } else if (how == TopLink.AND) {
        // `a && b`: ok when b ran and succeeded; failed when a failed (b skipped) or b failed.
        copy(this.okPwd, this.okOld, okP, okO);
        addAll(this.failPwd, this.failOld, failP, failO);
      } else {
        addAll(this.okPwd, this.okOld, okP, okO);
        copy(this.failPwd, this.failOld, failP, failO);
      }
      // Work: each state of this pipeline is compared with each kept (the sets are small lists).
      // Out of work budget: a problem, so no caller reads the directories found so far as complete.
      if (!spend(<i64>this.inPwd.length * <i64>(this.okPwd.length + this.failPwd.length + 1))) { this.fail(FlowProblem.TOO_MANY, s.cdCmds.get(cd > 0 ? cd - 1 : 0)); return; }
      if (this.okPwd.length + this.failPwd.length > MAX_STATES) { this.fail(FlowProblem.TOO_MANY, s.cdCmds.get(cd > 0 ? cd - 1 : 0)); return; }
    }
    // A trap may run its command at exit, in wherever the script ended.
    if (setsTrap(s)) {
      for (let i = 0, n = this.okPwd.length; i < n; i++) this.reachDir(this.okPwd.get(i), REACHED_AT_EXIT);
      for (let i = 0, n = this.failPwd.length; i < n; i++) this.reachDir(this.failPwd.get(i), REACHED_AT_EXIT);
    }
  }

  /** Cd entry `cd` run from every state in `in`: where it succeeds, into `res`. False on a problem. */
  private step(s: Script, t: CwdTracker, cd: i32, cdpath: bool): bool {
    const cmd = s.cdCmds.get(cd), w = s.cdWords.get(cd);
    for (let i = 0, n = this.inPwd.length; i < n; i++) {
      const pwd = this.inPwd.get(i), old = this.inOld.get(i);
      if (w == -2) {
        // popd, bare pushd, pushd +N: a directory on the stack, which holds only directories this shell was in.
        for (let d = 0, m = this.dirs.count; d < m; d++) addState(this.resPwd, this.resOld, d, pwd);
        continue;
      }
      let to: i32;
      if (w >= 0 && isDash(s, w)) {
        if (old == OUTSIDE) return this.fail(FlowProblem.OLDPWD_OUTSIDE, cmd);
        to = old;
      } else if (w == -1 || isAbsolute(s, w)) {
        // Absolute, `~…` or a bare cd: where the tracker resolved it, whatever the shell's directory.
        if (t.result.get(cd) != CdResult.OK) return this.fail(FlowProblem.NOT_FOLLOWED, cmd);
        to = this.intern(t.text.ptr + <usize>t.cdStart.get(cd), t.cdLen.get(cd));
      } else {
        if (cdpath && searchesCdpath(s.wordPtr(w), s.wordLen(w))) return this.fail(FlowProblem.CDPATH, cmd);
        if (t.result.get(cd) != CdResult.OK) return this.fail(FlowProblem.NOT_FOLLOWED, cmd);
        const j = this.joined;
        j.reset();
        j.append(this.dirs.text.ptr + <usize>this.dirs.start.get(pwd), this.dirs.len.get(pwd));
        if (!spend(<i64>j.length + <i64>s.wordLen(w))) return this.fail(FlowProblem.TOO_MANY, cmd);
        appendComponents(j, s.wordPtr(w), s.wordLen(w));
        if (j.length > MAX_DIR) return this.fail(FlowProblem.NOT_FOLLOWED, cmd);
        to = this.intern(j.ptr, j.length);
      }
      if (to < 0) return this.fail(FlowProblem.TOO_MANY, cmd);
      addState(this.resPwd, this.resOld, to, pwd);
    }
    return true;
  }

  /**
   * Each cd taken or not, in order; a relative one under every directory its shell may be in so far: the tool's
   * cwd and where earlier cds of the same subshell or an enclosing one went (`(cd a); (cd b)` never reaches a/b).
   */
  private closure(p: Parser, t: CwdTracker, cwd: usize, cwdLen: i32, cdpath: bool): void {
    const s = p.script;
    const entDir = this.okPwd, entTag = this.okOld; // reused: (directory, scope whose shell is there)
    entDir.reset(); entTag.reset();
    entDir.push(this.intern(cwd, cwdLen)); entTag.push(TOOL);
    this.reach(cwd, cwdLen, REACHED_BY_CLOSURE);
    let prevOut = this.failPwd, out = this.failOld; // reused: where the previous cd went, and this one
    prevOut.reset();
    let chainable = false; // prevOut is where the previous cd took its shell
    for (let i = 0, n = t.count; i < n; i++) {
      const cmd = s.cdCmds.get(i), w = s.cdWords.get(i);
      // `cd a && cd ..`: the second cd runs only where the first succeeded, in the same shell.
      const chained = chainable && (s.cFlags(cmd) & CmdFlag.AFTER_AND_SIMPLE) != 0 && s.cdCmds.get(i - 1) == cmd - 1 &&
        t.cdScope.get(i - 1) == t.cdScope.get(i);
      chainable = false;
      out.reset();
      if (w == -2) continue; // back to a directory already reached
      if (w >= 0 && isDash(s, w)) { this.fail(FlowProblem.OLDPWD_OUTSIDE, cmd); return; }
      if (t.result.get(i) != CdResult.OK) { this.fail(FlowProblem.NOT_FOLLOWED, cmd); return; }
      const sc = t.cdScope.get(i), tag = t.cdMoves.get(i) != 0 ? sc : NO_SHELL;
      if (w == -1 || isAbsolute(s, w)) {
        const d = this.enter(entDir, entTag, t.text.ptr + <usize>t.cdStart.get(i), t.cdLen.get(i), tag);
        if (d < 0) { this.fail(FlowProblem.TOO_MANY, cmd); return; }
        out.push(d);
      } else {
        if (cdpath && searchesCdpath(s.wordPtr(w), s.wordLen(w))) { this.fail(FlowProblem.CDPATH, cmd); return; }
        const bases = chained ? prevOut.length : entDir.length;
        for (let k = 0; k < bases; k++) {
          if (!chained && !within(p, entTag.get(k), sc)) continue;
          const base = chained ? prevOut.get(k) : entDir.get(k);
          const j = this.joined;
          j.reset();
          j.append(this.dirs.text.ptr + <usize>this.dirs.start.get(base), this.dirs.len.get(base));
          if (!spend(<i64>j.length + <i64>s.wordLen(w) + <i64>entDir.length)) { this.fail(FlowProblem.TOO_MANY, cmd); return; }
          appendComponents(j, s.wordPtr(w), s.wordLen(w));
          if (j.length > MAX_DIR) { this.fail(FlowProblem.NOT_FOLLOWED, cmd); return; }
          const d = this.enter(entDir, entTag, j.ptr, j.length, tag);
          if (d < 0) { this.fail(FlowProblem.TOO_MANY, cmd); return; }
          out.push(d);
        }
      }
      chainable = t.cdMoves.get(i) != 0;
      const swap = prevOut; prevOut = out; out = swap;
    }
  }

  /** Directory (p, n), reached by a cd whose shell is `tag`'s: its index, or -1 past MAX_STATES. */
  private enter(entDir: IntList, entTag: IntList, p: usize, n: i32, tag: i32): i32 {
    const d = this.intern(p, n);
    if (d < 0) return -1;
    this.reach(p, n, REACHED_BY_CLOSURE);
    addState(entDir, entTag, d, tag);
    return entDir.length <= MAX_STATES ? d : -1;
  }

  private reach(p: usize, n: i32, pipeline: i32): void {
    const before = this.reached.count;
    this.reached.add(p, n);
    if (this.reached.count > before) this.reachedBy.push(pipeline);
  }

  private reachDir(d: i32, pipeline: i32): void {
    this.reach(this.dirs.text.ptr + <usize>this.dirs.start.get(d), this.dirs.len.get(d), pipeline);
  }

  /** The index of (p, n) among the interned directories, or -1 past MAX_STATES. */
  private intern(p: usize, n: i32): i32 {
    const d = this.dirs.add(p, n);
    return this.dirs.count > MAX_STATES ? -1 : d;
  }

  private fail(problem: FlowProblem, cmd: i32): bool {
    this.problem = problem;
    this.problemCmd = cmd;
    return false;
  }
}

/** Is every cd a whole top-level pipeline that changes the shell's own directory (and resolved by the tracker)? */
function followable(s: Script, t: CwdTracker): bool {
  let last = -1;
  for (let i = 0, n = t.count; i < n; i++) {
    const cmd = s.cdCmds.get(i);
    if (s.cdTransient.get(i) != CdScope.SHELL) return false;
    const k = topPipelineOf(s, cmd);
    // In order, one cd per pipeline: the flow walks the pipelines and the tracker's entries together.
    if (k < 0 || k <= last || !soleCommand(s, k, cmd)) return false;
    last = k;
  }
  return true;
}

/** May a cd in subshell scope `sc` start from a directory tagged `tag` (its shell's, or an enclosing one's)? */
function within(p: Parser, tag: i32, sc: i32): bool {
  if (tag == TOOL) return true;
  if (tag == NO_SHELL) return false;
  for (let x = sc; x >= 0; x = opaqueScope(p, p.scParent.get(x))) if (x == tag) return true;
  return false;
}

/** Does the script set a trap (its command runs later: at exit, on a signal or error, before each command)? */
function setsTrap(s: Script): bool {
  for (let v = 0, n = s.viewCount; v < n; v++) if (cmdId(s.vInfo(v)) == Cmd.TRAP) return true;
  return false;
}

function addState(pwds: IntList, olds: IntList, pwd: i32, old: i32): void {
  for (let i = 0, n = pwds.length; i < n; i++) if (pwds.get(i) == pwd && olds.get(i) == old) return;
  pwds.push(pwd);
  olds.push(old);
}

function addAll(pwds: IntList, olds: IntList, fromPwds: IntList, fromOlds: IntList): void {
  for (let i = 0, n = fromPwds.length; i < n; i++) addState(pwds, olds, fromPwds.get(i), fromOlds.get(i));
}

function copy(pwds: IntList, olds: IntList, fromPwds: IntList, fromOlds: IntList): void {
  pwds.reset();
  olds.reset();
  addAll(pwds, olds, fromPwds, fromOlds);
}

/** `/…` or `~…` (`~`, `~/x`, `~user/x`): not resolved against the shell's directory. */
function isAbsolute(s: Script, w: i32): bool {
  const n = s.wordLen(w);
  if (n == 0) return false;
  const c = load<u8>(s.wordPtr(w));
  return c == 0x2f || c == 0x7e;
}

function isDash(s: Script, w: i32): bool {
  return s.wordLen(w) == 1 && load<u8>(s.wordPtr(w)) == 0x2d;
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
