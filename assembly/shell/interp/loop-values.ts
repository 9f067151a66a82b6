// The values a `for NAME in word…` loop's variable takes, for the file and web scopes: in the loop's body,
// `cat "$f"` reads each listed word in turn, so each is judged as if written out. Only when nothing else can
// give NAME a value: every word listed for NAME (in every loop of that name) is written out (plain text, a brace
// expansion, or a glob for a quoted use, judged as a glob), the use is in the
// body of such a loop (before it, NAME is whatever the environment holds), and the script writes NAME no other
// way — no assignment, `read`, `mapfile`, `printf -v`, `getopts`, `for NAME;` (the positional parameters),
// `${NAME:=…}`, nameref, arithmetic, `eval` or `source`. Anything else stays a value computed at run time.
//
// An unquoted use is split and globbed: its values must hold no blank or glob character, and the script must
// not set IFS (which would split them anywhere). A value starting with `-` (an option) or holding `~` is not
// resolved either.

import { ByteBuffer } from "../../util/bytes";
import { isNameChar, isNameStart } from "../syntax/chars";
import { IntList, Script } from "../syntax/nodes";
import { Attr, WordFlag } from "../syntax/tokens";
import { wordIs } from "../expand/argv";
import { writesIfs } from "../danger";
import { BraceExpander } from "../expand/target";

/** The most readings of one word (the product of its variables' value counts); more is refused. */
const MAX_READINGS: i32 = 64;
const MAX_REFS: i32 = 4;

/** The readings of part of a word whose only run-time parts are loop variables. */
@final export class LoopReadings {
  /** Reading i is text[start[i], start[i] + len[i]). */
  text: ByteBuffer = new ByteBuffer(256);
  start: IntList = new IntList(8);
  len: IntList = new IntList(8);
  /** Some value is a glob (`for f in src/*.ts`): the readings are patterns, judged as a glob is. */
  glob: bool = false;
  // The word's references: where each starts and ends, and its variable's values (the loop words).
  private refFrom: IntList = new IntList(MAX_REFS);
  private refTo: IntList = new IntList(MAX_REFS);
  private refValues: Array<IntList> = [new IntList(8), new IntList(8), new IntList(8), new IntList(8)];
  /** Every value found: value i is vals[valStart[i], valStart[i] + valLen[i]). */
  private vals: ByteBuffer = new ByteBuffer(128);
  private valStart: IntList = new IntList(8);
  private valLen: IntList = new IntList(8);

  /**
   * Every reading of word w's bytes [from, to) in command cmd; false when a run-time part is not a loop
   * variable whose values are all known (the caller refuses the word, as before).
   */
  read(s: Script, cmd: i32, w: i32, from: i32, to: i32): bool {
    this.text.reset(); this.start.reset(); this.len.reset();
    this.refFrom.reset(); this.refTo.reset();
    this.vals.reset(); this.valStart.reset(); this.valLen.reset();
    this.glob = false;
    const flags = s.wordFlags(w);
    if ((flags & WordFlag.BRACE) != 0 || s.forVar.length == 0) return false;
    const split = (flags & WordFlag.SPLITS) != 0;
    if (split && writesIfs(s)) return false;
    const p = s.wordPtr(w), a = s.attrPtr(w);
    let readings = 1;
    let i = from;
    while (i < to) {
      if (<u32>load<u8>(a + <usize>i) != Attr.EXPANSION) { i++; continue; }
      // `$NAME` or `${NAME}`, nothing else.
      const brace = i + 1 < to && load<u8>(p + <usize>(i + 1)) == 0x7b;
      const nameAt = brace ? i + 2 : i + 1;
      if (load<u8>(p + <usize>i) != 0x24 || nameAt >= to || !isNameStart(<u32>load<u8>(p + <usize>nameAt))) return false;
      let j = nameAt;
      while (j < to && isNameChar(<u32>load<u8>(p + <usize>j)) && <u32>load<u8>(a + <usize>j) == Attr.EXPANSION) j++;
      const nameEnd = j;
      if (brace) {
        if (j >= to || load<u8>(p + <usize>j) != 0x7d) return false;
        j++;
      }
      const k = this.refFrom.length;
      if (k >= MAX_REFS) return false;
      const values = this.refValues[k];
      if (!this.loopValues(s, cmd, p + <usize>nameAt, nameEnd - nameAt, split, values)) return false;
      readings *= max(values.length, 1);
      if (readings > MAX_READINGS) return false;
      this.refFrom.push(i); this.refTo.push(j);
      i = j;
    }
    // A variable with no values is never set in a body that runs: nothing to judge.
    for (let k = 0, m = this.refFrom.length; k < m; k++) if (this.refValues[k].length == 0) return true;
    for (let r = 0; r < readings; r++) this.write(s, w, from, to, r);
    return true;
  }

  /** The loop words of the variable (p, n) into `out`, when they are all it can hold in command cmd; else false. */
  private loopValues(s: Script, cmd: i32, p: usize, n: i32, split: bool, out: IntList): bool {
    out.reset();
    // Writes we would have to follow: namerefs (`declare -n r=f; r=x`) and arithmetic (`(( f = 1 ))`, `$(( $g ))`).
    if (s.namerefs.length > 0 || s.arithWords.length > 0) return false;
    let inBody = false;
    for (let i = 0, m = s.forVar.length; i < m; i++) {
      if (!names(s, s.forVar.get(i), p, n) || s.wordLen(s.forVar.get(i)) != n) continue;
      if (cmd >= s.forFirst.get(i) && s.forEnd.get(i) > cmd) inBody = true;
    }
    if (!inBody) return false;
    // `read NAME`, `for NAME;`, `${NAME:=…}`… (a listed loop's variable is there for a list word that is not
    // plain text: its words are looked at below).
    for (let i = 0, m = s.dynNames.length; i < m; i++) {
      const w = s.dynNames.get(i);
      if (names(s, w, p, n) && s.forVar.indexOf(w) < 0) return false;
    }
    // Every other write: an assignment (also of export, declare, local, env), or a loop of the name with no list.
    for (let i = 0, m = s.envWords.length; i < m; i++) {
      const w = s.envWords.get(i);
      if (!names(s, w, p, n)) continue;
      if (s.wordLen(w) != n || s.envCmds.get(i) >= 0 || s.forVar.indexOf(w) < 0) return false;
    }
    for (let v = 0, m = s.viewCount; v < m; v++) {
      const argc = s.viewArgc(v);
      if (argc == 0) continue;
      const name = s.viewArg(v, 0);
      // Code that may set any variable, and builtins naming it as an operand (`wait -p NAME`, `unset NAME`).
      if (wordIs(s, name, "eval") || wordIs(s, name, "source") || wordIs(s, name, ".")) return false;
      for (let k = 1; k < argc; k++) {
        const w = s.viewArg(v, k);
        if (s.wordLen(w) == n && memory.compare(s.wordPtr(w), p, <usize>n) == 0) return false;
      }
    }
    for (let i = 0, m = s.loopWords.length; i < m; i++) {
      const name = s.loopVars.get(i);
      if (s.wordLen(name) != n || memory.compare(s.wordPtr(name), p, <usize>n) != 0) continue;
      const w = s.loopWords.get(i);
      // `for f in $x`: values known only at run time. `{a,b}.md` is each of its expansions.
      if ((s.wordFlags(w) & WordFlag.DYNAMIC) != 0) return false;
      if ((s.wordFlags(w) & WordFlag.GLOB) != 0) {
        // A glob stands for each name it matches (or itself): judged as a glob, as `cat src/*.ts` is. Unquoted,
        // a matched name would be split at its blanks: refused.
        if (split) return false;
        this.glob = true;
      }
      if ((s.wordFlags(w) & WordFlag.BRACE) == 0) {
        if (!this.addValue(s.wordPtr(w), s.wordLen(w), split, out)) return false;
        continue;
      }
      const alternatives = braces.expand(s.wordPtr(w), s.attrPtr(w), s.wordLen(w));
      if (braces.truncated) return false;
      for (let k = 0; k < alternatives; k++) {
        if (!this.addValue(braces.text.ptr + <usize>braces.start.get(k), braces.len.get(k), split, out)) return false;
      }
    }
    return true;
  }

  /** Add a value (when it stays one field, for an unquoted use); false when there are too many or it does not. */
  private addValue(p: usize, n: i32, split: bool, out: IntList): bool {
    // A value starting with `-` may be read as an option (`sort $f` with f=--output=x), and a `~` is home only
    // where the list wrote it unquoted: both stay unresolved.
    if (n > 0 && load<u8>(p) == 0x2d) return false;
    for (let i = 0; i < n; i++) if (load<u8>(p + <usize>i) == 0x7e) return false;
    if (split && !plainField(p, n)) return false;
    if (out.length >= MAX_READINGS) return false;
    out.push(this.valStart.length);
    this.valStart.push(this.vals.length);
    this.valLen.push(n);
    this.vals.append(p, n);
    return true;
  }

  get count(): i32 {
    return this.start.length;
  }

  /** Reading r: the word's text with reference k replaced by value (r / radix_k) % count_k. */
  private write(s: Script, w: i32, from: i32, to: i32, r: i32): void {
    const p = s.wordPtr(w);
    const b = this.text;
    this.start.push(b.length);
    let at = from, radix = 1;
    for (let k = 0, m = this.refFrom.length; k < m; k++) {
      b.append(p + <usize>at, this.refFrom.get(k) - at);
      const values = this.refValues[k];
      const v = values.get((r / radix) % values.length);
      radix *= values.length;
      b.append(this.vals.ptr + <usize>this.valStart.get(v), this.valLen.get(v));
      at = this.refTo.get(k);
    }
    b.append(p + <usize>at, to - at);
    this.len.push(b.length - this.start.get(this.start.length - 1));
  }
}

/** Does word w name the variable (p, n): `NAME`, or the name part of `NAME=…`, `NAME+=…`, `NAME[…]`? */
function names(s: Script, w: i32, p: usize, n: i32): bool {
  const q = s.wordPtr(w), m = s.wordLen(w);
  if (m < n || memory.compare(q, p, <usize>n) != 0) return false;
  if (m == n) return true;
  const c = load<u8>(q + <usize>n);
  return c == 0x3d || c == 0x2b || c == 0x5b;
}

const braces = new BraceExpander();

/** Does the value stay one field, as written, when unquoted (no blank, no glob character)? */
function plainField(p: usize, n: i32): bool {
  for (let i = 0; i < n; i++) {
    const c = load<u8>(p + <usize>i);
    if (c == 0x20 || c == 0x09 || c == 0x0a || c == 0x2a || c == 0x3f || c == 0x5b) return false;
  }
  return true;
}
