// Where each `cd` goes. Directories are tracked lexically per subshell scope:
// `cd a && cd ..` stays put, `(cd a/b); cd ../..` resolves against the outer
// directory, a `cd` in the background or in a pipeline stage does not leak.
// Used for allowed_working_directories (every `cd` target must be allowed)
// and for the built-in checks (`cd / && rm -rf *`).

import { ByteBuffer } from "../../util/bytes";
import { appendComponents, canonicalizeBytesInto } from "../../util/path";
import { containsZeroByte } from "../../util/swar";
import { CdScope, IntList, Script } from "../syntax/nodes";
import { Parser } from "../syntax/parser";
import { CmdFlag } from "../syntax/tokens";
import { envName } from "../expand/argv";
import { spend } from "../../util/budget";

/**
 * The longest directory tracked: a cd whose canonical path is longer resolves
 * to no known directory (UNRESOLVED, fail closed: allowed_working_directories
 * denies it, blocked patterns and the built-in checks take it as a directory
 * below an unknown one). Without a bound, `cd a;` repeated n times stores and
 * resolves paths of every length up to 2n (quadratic work and memory, for the
 * tracker and for each check that reads its directories); with it, a cd costs
 * at most this much.
 */
export const MAX_DIR: i32 = 1024;

export const enum CdResult {
  OK = 0,        // resolved: cdStart/cdLen hold the canonical path
  UNKNOWN = 1,   // `cd -`, `popd`, `pushd +1`: a directory visited before
  DYNAMIC = 2,   // the target is computed at run time
  UNRESOLVED = 3, // relative to an unknown directory, or `~` with no home
  REPEATED = 4,   // relative, in a loop or function body that may run any number of times
}

export class CwdTracker {
  text: ByteBuffer = new ByteBuffer(256);
  out: ByteBuffer = new ByteBuffer(128);
  // Per scope: -1 unset (inherit), -2 unknown, else an offset into text (length in scLen).
  scStart: IntList = new IntList(16);
  scLen: IntList = new IntList(16);
  // Per scope, the same for $OLDPWD (where `cd -` goes): the directory before the last cd.
  scOld: IntList = new IntList(16);
  scOldLen: IntList = new IntList(16);
  // Per cd, in order.
  result: IntList = new IntList(8);
  cdStart: IntList = new IntList(8);
  cdLen: IntList = new IntList(8);
  /** Per cd: the subshell scope it runs in (opaqueScope), and 1 when it moves that scope's shell (not `env -C`, not `cd a &`). */
  cdScope: IntList = new IntList(8);
  cdMoves: IntList = new IntList(8);
  toolStart: i32 = -1;
  toolLen: i32 = 0;

  /** Resolve every cd. `cwd` is the canonical tool cwd (cwdLen 0: unknown), `home` canonical or empty. */
  run(p: Parser, cwd: usize, cwdLen: i32, home: usize, homeLen: i32): void {
    const s = p.script;
    this.text.reset();
    this.result.reset(); this.cdStart.reset(); this.cdLen.reset(); this.cdScope.reset(); this.cdMoves.reset();
    // No directory change: nothing below records a result (most commands have none).
    if (s.cdCmds.length == 0) return;
    this.scStart.reset(); this.scLen.reset(); this.scOld.reset(); this.scOldLen.reset();
    for (let i = 0, n = p.scOpaque.length; i < n; i++) {
      this.scStart.push(-1); this.scLen.push(0); this.scOld.push(-1); this.scOldLen.push(0);
    }
    const oldpwdSet = setsVariable(s, "OLDPWD");
    const dirstackSet = setsVariable(s, "DIRSTACK");
    this.toolStart = -1;
    this.toolLen = 0;
    if (cwdLen > 0) { this.toolStart = this.text.length; this.toolLen = cwdLen; this.text.append(cwd, cwdLen); }
    for (let i = 0, n = s.cdCmds.length; i < n; i++) {
      const cmd = s.cdCmds.get(i), w = s.cdWords.get(i);
      const sc = opaqueScope(p, p.cScope.get(cmd));
      let baseStart = -1, baseLen = 0;
      // Work: the base and the word are read once, the result written once (no more than MAX_DIR).
      if (!spend(<i64>(w >= 0 ? s.wordLen(w) : 0) + 8)) return;
      for (let x = sc; x >= 0; x = opaqueScope(p, p.scParent.get(x))) {
        const st = this.scStart.get(x);
        if (st == -1) continue;
        baseStart = st;
        baseLen = this.scLen.get(x);
        break;
      }
      if (baseStart == -1 && this.toolStart >= 0) { baseStart = this.toolStart; baseLen = this.toolLen; }
      let r = CdResult.OK;
      let ok = false;
      if (w == -2) r = dirstackSet ? CdResult.UNRESOLVED : CdResult.UNKNOWN; // DIRSTACK[1]=/etc; pushd
      else if (w == -1) {
        ok = homeLen > 0;
        if (ok) { this.out.reset(); this.out.append(home, homeLen); }
        else r = CdResult.UNRESOLVED;
      } else if (!s.isStatic(w)) r = CdResult.DYNAMIC;
      // A relative cd in a loop or function body runs any number of times (`for i in 1 2 3; do cd ..; done`).
      else if (((s.cFlags(cmd) & CmdFlag.IN_LOOP) != 0 || s.cFunc(cmd) >= 0) && !isAbsoluteTarget(s, w)) {
        r = CdResult.REPEATED;
      } else if (s.cdTransient.get(i) == CdScope.COMMAND_UNTRACKED && !isAbsoluteTarget(s, w)) r = CdResult.UNRESOLVED;
      // `cd -` goes to $OLDPWD: known after a cd in this script; otherwise (or once assigned) anything.
      else if (s.wordLen(w) == 1 && load<u8>(s.wordPtr(w)) == 0x2d) {
        let oldStart = -1, oldLen = 0;
        for (let x = sc; x >= 0; x = opaqueScope(p, p.scParent.get(x))) {
          const st = this.scOld.get(x);
          if (st == -1) continue;
          oldStart = st;
          oldLen = this.scOldLen.get(x);
          break;
        }
        ok = oldStart >= 0 && !oldpwdSet;
        if (ok) { this.out.reset(); this.out.append(this.text.ptr + <usize>oldStart, oldLen); }
        else r = CdResult.UNRESOLVED;
      }
      else {
        const bp = baseStart >= 0 ? this.text.ptr + <usize>baseStart : 0;
        const wp = s.wordPtr(w), wn = s.wordLen(w);
        if (baseStart >= 0 && wn > 0 && load<u8>(wp) != 0x2f && load<u8>(wp) != 0x7e) {
          // Relative to a canonical base: copied whole, not re-read segment by segment (canonicalizeBytesInto).
          this.out.reset();
          this.out.append(bp, baseLen);
          ok = !containsZeroByte(wp, wn);
          if (ok) appendComponents(this.out, wp, wn);
        } else ok = canonicalizeBytesInto(this.out, wp, wn, bp, baseStart >= 0 ? baseLen : 0, home, homeLen);
        spend(<i64>this.out.length);
        if (ok && this.out.length > MAX_DIR) ok = false;
        if (!ok) r = CdResult.UNRESOLVED;
      }
      this.result.push(r);
      // `env -C dir cmd` moves only cmd: the shell stays where it was.
      const stays = (s.cFlags(cmd) & CmdFlag.ASYNC) != 0 || s.cdTransient.get(i) != CdScope.SHELL;
      this.cdScope.push(sc);
      this.cdMoves.push(stays ? 0 : 1);
      if (!stays && sc >= 0) {
        this.scOld.set(sc, baseStart >= 0 ? baseStart : -2);
        this.scOldLen.set(sc, baseLen);
      }
      if (ok) {
        const at = this.text.length;
        this.text.append(this.out.ptr, this.out.length);
        this.cdStart.push(at);
        this.cdLen.push(this.out.length);
        if (!stays) { this.scStart.set(sc, at); this.scLen.set(sc, this.out.length); }
      } else {
        this.cdStart.push(0);
        this.cdLen.push(0);
        if (!stays && sc >= 0) this.scStart.set(sc, -2);
      }
    }
  }

  // @ts-ignore: decorator
  @inline get count(): i32 {
    return this.result.length;
  }
}

/** `/…`, `~` or `~/…`: the same directory however often the cd runs. */
function isAbsoluteTarget(s: Script, w: i32): bool {
  const p = s.wordPtr(w), n = s.wordLen(w);
  if (n == 0) return false;
  const c = load<u8>(p);
  return c == 0x2f || (c == 0x7e && (n == 1 || load<u8>(p + 1) == 0x2f));
}

/** Does the script assign `name` (OLDPWD, which `cd -` follows; DIRSTACK, which pushd/popd follow)? A computed name might. */
export function setsVariable(s: Script, name: string): bool {
  for (let i = 0, n = s.envWords.length; i < n; i++) {
    const w = s.envWords.get(i);
    const len = envName(s, w);
    if (len < 0) return true;
    if (len == name.length && String.UTF8.decodeUnsafe(s.wordPtr(w), <usize>len, false) == name) return true;
  }
  return false;
}

/** The nearest scope at or above `sc` that is a real subshell (or the root). */
export function opaqueScope(p: Parser, sc: i32): i32 {
  while (sc > 0 && p.scOpaque.get(sc) == 0) sc = p.scParent.get(sc);
  return sc;
}
