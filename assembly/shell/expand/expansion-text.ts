// The source text of run-time expansions, read for what it may become. The
// lexer keeps each expansion's source (`${x:-/etc/shadow}`) in the word with
// Attr.EXPANSION. Rules treat an expansion as any text, which names nothing in
// particular; WrittenReading adds the word as it reads with the values the
// command itself writes: the word of a `${NAME-word}` family operator
// (`rm -rf ${x:-/}`) and the value of a variable assigned once to written text
// (`d=/; rm -rf $d`).

import { ByteBuffer } from "../../util/bytes";
import { Attr, Ch } from "../syntax/tokens";
import { isNameChar, isNameStart } from "../syntax/chars";
import { IntList, Script, WordBuilder, scanWordFlags } from "../syntax/nodes";
import { WordFlag } from "../syntax/tokens";
import { isFunctionCall } from "../allow";
import { indexOf, wordIs } from "./argv";
import { Kind } from "../programs";

const MAX_OPERAND_DEPTH: i32 = 8;

/** The most readings of one word tried; a word with more counts as matching whatever is checked (fail closed). */
export const MAX_READINGS: i32 = 64;

/** The most readings made for one script (per reader); past it every word with written values counts as too many. */
const READ_BUDGET: i32 = 4096;
/** The most bytes of readings made for one script (per reader), likewise. */
const READ_BYTES: i32 = 1 << 22;

/**
 * At k, `${NAME op word}` with op one of `-` `:-` `=` `:=` `+` `:+` (the
 * operators whose value may be `word`): returns where `word` starts (its
 * closing `}` is operandClose's), or -1 for any other expansion.
 */
export function defaultOperand(p: usize, k: i32, end: i32): i32 {
  if (k + 3 >= end || at(p, k) != Ch.DOLLAR || at(p, k + 1) != Ch.LBRACE || !isNameStart(at(p, k + 2))) return -1;
  let j = k + 3;
  while (j < end && isNameChar(at(p, j))) j++;
  if (j < end && at(p, j) == Ch.COLON) j++;
  if (j >= end) return -1;
  const op = at(p, j);
  if (op != Ch.MINUS && op != Ch.EQ && op != Ch.PLUS) return -1;
  return j + 1;
}

/** The closing `}` of the operand defaultOperand found starting at `start`, or -1 when it is not closed before end. */
export function operandClose(p: usize, start: i32, end: i32): i32 {
  const close = closeOf(p, start, end, Ch.RBRACE);
  return close < end ? close : -1;
}

/** The index just past the expansion at k (`$name`, `$1`, `${…}`, `$(…)`, `$((…))`, `` `…` ``, `<(…)`), at most end. */
export function expansionEnd(p: usize, k: i32, end: i32): i32 {
  const c = at(p, k);
  if (c == Ch.BACKTICK) {
    let j = k + 1;
    while (j < end && at(p, j) != Ch.BACKTICK) j += at(p, j) == Ch.BACKSLASH ? 2 : 1;
    return min(j + 1, end);
  }
  if (k + 1 >= end) return end;
  const n = at(p, k + 1);
  if (c == Ch.DOLLAR && n == Ch.LBRACE) return min(closeOf(p, k + 2, end, Ch.RBRACE) + 1, end);
  if (n == Ch.LPAREN) return min(closeOf(p, k + 2, end, Ch.RPAREN) + 1, end); // $( <( >(
  if (isNameStart(n)) {
    let j = k + 2;
    while (j < end && isNameChar(at(p, j))) j++;
    return j;
  }
  return k + 2; // $1 $@ $? $$ …
}

/**
 * A word with each `${NAME-word}` family expansion replaced by its word (the
 * value when NAME is unset, or for `+` set) and each variable the command
 * writes — `$NAME`, `${NAME}`, a positional parameter, or an operation on one
 * (`${f%/*}`, `${f:0:1}`, `${f/x/y}`, `${f^^}`) — by one of its written values
 * (unquoted: the expansion is split and globbed). Other expansions keep their
 * source text with Attr.EXPANSION.
 */
@final export class WrittenReading {
  word: WordBuilder = new WordBuilder();
  private values: WrittenValues = new WrittenValues();
  private generation: i32 = -1;
  private spent: i32 = 0;
  private spentBytes: i32 = 0;
  flags: i32 = 0;
  /**
   * The last read took a `${x:-word}` as its word: the reading where x is set, to a value from outside
   * the command, is not among the readings (the word as written stands for it). Other parts with no
   * written value stay in the readings as run-time parts.
   */
  unresolved: bool = false;

  /**
   * How many readings the last read found: the product, over its variables, of how many written values
   * each has (`d=/; …; d=/tmp`: either may be current). Past MAX_READINGS the caller cannot try them all.
   */
  readings: i32 = 0;

  /**
   * Reading number `choice` (0 ≤ choice < readings) of (t, a, n) of script s; false when nothing in it has a
   * written value (nothing to add to the word as written).
   */
  read(s: Script, t: usize, a: usize, n: i32, choice: i32 = 0): bool {
    const vals = this.values;
    vals.prepare(s);
    const b = this.word;
    b.reset();
    const radix = vals.expand(b, s, t, a, n, choice);
    // Past MAX_READINGS the caller cannot try them all: say so without reading further.
    if (radix > MAX_READINGS) { this.readings = MAX_READINGS + 1; return true; }
    this.readings = radix;
    if (!vals.found) return false;
    // One command's readings share a budget (in readings and in bytes), so 64 KiB of `$a$b` words, or of
    // words reading a long value, stays in milliseconds.
    if (this.generation != s.generation) { this.generation = s.generation; this.spent = 0; this.spentBytes = 0; }
    this.spentBytes += b.length;
    if (++this.spent > READ_BUDGET || this.spentBytes > READ_BYTES) { this.readings = MAX_READINGS + 1; return true; }
    this.flags = scanWordFlags(b.text.ptr, b.attr.ptr, b.length);
    this.unresolved = vals.defaulted;
    return true;
  }
}

/**
 * The operand (from, to) as the shell writes it out, into b: quotes removed
 * (what they held is QUOTED), escapes taken, a nested `${y:-word}` as its word
 * (to a depth of 8). Unquoted text stays UNQUOTED, so `${x:-/*}` is a glob —
 * also when the whole expansion was quoted, which only adds denials.
 */
function writeOperand(b: WordBuilder, t: usize, from: i32, to: i32, depth: i32): void {
  let i = from;
  while (i < to) {
    const c = at(t, i);
    if (c == Ch.SQUOTE) {
      let j = i + 1;
      while (j < to && at(t, j) != Ch.SQUOTE) j++;
      b.append(t + <usize>(i + 1), j - i - 1, Attr.QUOTED);
      i = j + 1;
      continue;
    }
    if (c == Ch.DQUOTE) { i++; continue; }
    if (c == Ch.BACKSLASH && i + 1 < to) { b.push(at(t, i + 1), Attr.QUOTED); i += 2; continue; }
    const start = depth < MAX_OPERAND_DEPTH ? defaultOperand(t, i, to) : -1;
    const close = start >= 0 ? operandClose(t, start, to) : -1;
    if (close >= 0) {
      writeOperand(b, t, start, close, depth + 1);
      i = close + 1;
      continue;
    }
    if ((c == Ch.DOLLAR && i + 1 < to && isExpansionStart(at(t, i + 1))) || c == Ch.BACKTICK) {
      const next = max(expansionEnd(t, i, to), i + 1);
      b.append(t + <usize>i, next - i, Attr.EXPANSION);
      i = next;
      continue;
    }
    b.push(c, Attr.UNQUOTED);
    i++;
  }
}

// What `reference` found after the name: a plain use, or an operation on the value (Op), and where its
// argument is (the text up to the closing `}`).
const enum Op { NONE, PREFIX, LONG_PREFIX, SUFFIX, LONG_SUFFIX, SLICE, UPPER, UPPER_ALL, LOWER, LOWER_ALL, REPLACE }
let refEnd: i32 = 0;
let refOp: i32 = Op.NONE;
let refArg: i32 = 0;
let refArgEnd: i32 = 0;

/**
 * The variable referred to by the expansion at k: its name (refName, refLen; length 0 for a positional
 * parameter) and the operation on it (refOp, refArg…refArgEnd), ending at refEnd. False for any other
 * expansion (`$?`, `$(…)`, `${#x}`, `${!x}`, `${a[0]}`, `${x:?e}`, …).
 */
let refName: i32 = 0;
let refLen: i32 = 0;
/** `${!NAME}`: the value names the variable meant. */
let refIndirect: bool = false;
function reference(p: usize, k: i32, end: i32): bool {
  if (k + 1 >= end || at(p, k) != Ch.DOLLAR) return false;
  const brace = at(p, k + 1) == Ch.LBRACE;
  let j = brace ? k + 2 : k + 1;
  refIndirect = brace && j < end && at(p, j) == Ch.BANG;
  if (refIndirect) j++;
  if (j >= end) return false;
  const c = at(p, j);
  refName = j;
  refOp = Op.NONE;
  let list = false; // `$@`, `${a[*]}`: every value, where `:off:len` picks values, not characters
  if (c == Ch.AT || c == Ch.STAR || c - 0x30 < 10) { // $1 $@ $* ${10}
    refLen = 0;
    list = c == Ch.AT || c == Ch.STAR;
    j++;
    if (brace && c - 0x30 < 10) while (j < end && at(p, j) - 0x30 < 10) j++;
  } else {
    while (j < end && isNameChar(at(p, j))) j++;
    if (j == refName || at(p, refName) - 0x30 < 10) return false;
    refLen = j - refName;
    // `${a[i]}`, `${a[@]}`: any element (every element is a value of the name).
    if (brace && j < end && at(p, j) == Ch.LBRACKET) {
      list = j + 2 < end && (at(p, j + 1) == Ch.AT || at(p, j + 1) == Ch.STAR) && at(p, j + 2) == Ch.RBRACKET;
      while (j < end && at(p, j) != Ch.RBRACKET) j++;
      if (j++ >= end) return false;
    }
  }
  if (!brace) { refEnd = j; return true; }
  if (j >= end) return false;
  const close = closeOf(p, j, end, Ch.RBRACE);
  if (close >= end) return false;
  refEnd = close + 1;
  if (j == close) return true;
  if (refIndirect) return false; // ${!x*}, ${!a[@]}: names, not a value
  const op = at(p, j), twice = j + 1 < close && at(p, j + 1) == op;
  refArgEnd = close;
  refArg = twice ? j + 2 : j + 1;
  if (op == Ch.HASH) refOp = twice ? Op.LONG_PREFIX : Op.PREFIX;
  else if (op == Ch.PERCENT) refOp = twice ? Op.LONG_SUFFIX : Op.SUFFIX;
  else if (op == 0x5e) refOp = twice ? Op.UPPER_ALL : Op.UPPER;
  else if (op == Ch.COMMA) refOp = twice ? Op.LOWER_ALL : Op.LOWER;
  else if (op == Ch.SLASH) { refOp = Op.REPLACE; refArg = j + 1; }
  else if (op == Ch.COLON) { refOp = list ? Op.NONE : Op.SLICE; refArg = j + 1; } // `${@:2}`: some of the values
  else return false;
  return true;
}

/**
 * The written values a script gives each variable name, found once per script (a word with many `$d`
 * would otherwise rescan every assignment for each): assignments (`d=/`, also as arguments of
 * export/local/declare/readonly and env), the words of `for d in / /tmp`, the value `+=` appends build in
 * order, and — as one name — the positional parameters: arguments of `set`, of a call of a function the
 * script defines, and of a shell (`bash -c '…' _ /`). A value that uses variables stands for each of their
 * values in turn (`g=/; f=$g`), to a depth of MAX_CHAIN; values are flattened so, once per name.
 */
@final class WrittenValues {
  private generation: i32 = -1;
  private envSeen: i32 = -1;
  private loopSeen: i32 = -1;
  private viewSeen: i32 = -1;
  private buckets: StaticArray<i32> = new StaticArray<i32>(BUCKETS);
  // Per distinct name: its text (an offset into the script's text and a length), the next name in its
  // bucket, its raw values' chain, whether any is `+=`, and its flattened values (first and count, or
  // PENDING / BUSY).
  private nameAt: IntList = new IntList(16);
  private nameLen: IntList = new IntList(16);
  private nameNext: IntList = new IntList(16);
  private nameFirst: IntList = new IntList(16);
  private nameLast: IntList = new IntList(16);
  private nameAppends: IntList = new IntList(16);
  private flatFirst: IntList = new IntList(16);
  private flatCount: IntList = new IntList(16);
  private nameRef: IntList = new IntList(16); // 1: a `declare -n` nameref (its value names the variable)
  private positional: i32 = -1;
  // Per raw value, in script order: its word (-1: the `+=` build, in `built`), where it starts, its end,
  // the next value of the same name.
  private valWord: IntList = new IntList(16);
  private valStart: IntList = new IntList(16);
  private valEnd: IntList = new IntList(16);
  private valNext: IntList = new IntList(16);
  private built: WordBuilder = new WordBuilder();
  // Flattened values: text and Attr, where each starts and how long it is.
  private flat: WordBuilder = new WordBuilder();
  private fStart: IntList = new IntList(16);
  private fLen: IntList = new IntList(16);
  private fDyn: IntList = new IntList(16); // the value still holds an unknown part (Attr.EXPANSION)
  /** The word each reading of a value is built in while flattening. */
  private fb: WordBuilder = new WordBuilder();
  /**
   * 1 for a name flattened while a name it uses was still being flattened (a cycle through another name,
   * `a=$b; a=/; b=$a`): its values lack that name's, so it is flattened again once the outer one is done.
   */
  private partial: IntList = new IntList(16);
  private partialIds: IntList = new IntList(8);
  /** Set by `expand`: some part of the word had a written value. */
  found: bool = false;
  /** Set by `expand`: a `${x:-word}` was read as its word (the reading where x is set is not among them). */
  defaulted: bool = false;
  /** Bytes read and written flattening this script's values, against FLAT_WORK. */
  private work: i32 = 0;

  /** Index the script's assignments (again, when it has changed). */
  prepare(s: Script): void {
    if (this.generation != s.generation || this.envSeen != s.envWords.length || this.loopSeen != s.loopWords.length ||
        this.viewSeen != s.viewCount) this.build(s);
  }

  /**
   * Reading number `choice` of (t, a, n) into b; returns how many readings there are (over MAX_READINGS:
   * too many to try). Sets `found`.
   */
  expand(b: WordBuilder, s: Script, t: usize, a: usize, n: i32, choice: i32): i32 {
    let found = false;
    this.defaulted = false;
    let radix = 1;
    let i = 0;
    while (i < n) {
      if (<u32>load<u8>(a + <usize>i) != Attr.EXPANSION) {
        b.push(at(t, i), <Attr>load<u8>(a + <usize>i));
        i++;
        continue;
      }
      let end = i;
      while (end < n && <u32>load<u8>(a + <usize>end) == Attr.EXPANSION) end++;
      while (i < end) {
        const start = defaultOperand(t, i, end);
        const close = start >= 0 ? operandClose(t, start, end) : -1;
        if (close >= 0) {
          writeOperand(b, t, start, close, 0);
          found = true;
          this.defaulted = true;
          i = close + 1;
          continue;
        }
        if (reference(t, i, end)) {
          const id = refLen == 0 ? this.positional : this.find(s, t + <usize>refName, refLen);
          const indirect = refIndirect || (id >= 0 && this.nameRef.get(id) != 0);
          const from = i, to = refEnd;
          const count = id < 0 ? 0 : indirect ? this.indirect(s, id, b, -1) : this.values(s, id, b);
          if (count > MAX_READINGS) { this.found = true; return MAX_READINGS + 1; }
          if (count > 0) {
            if (radix * count > MAX_READINGS) { this.found = true; return MAX_READINGS + 1; }
            const pick = (choice / radix) % count;
            const f = indirect ? this.indirect(s, id, b, pick) : this.flatFirst.get(id) + pick;
            radix *= count;
            i = to;
            found = true;
            if (f < 0) { b.append(t + <usize>from, to - from, Attr.EXPANSION); continue; } // names no variable with values
            const vs = this.fStart.get(f), vn = this.fLen.get(f);
            // A reading longer than any command (`a=$b$b`, `b=$c$c`, …) is too much to follow: fail closed.
            if (b.length + vn > FLAT_BYTES) { this.found = true; return MAX_READINGS + 1; }
            const dyn = this.fDyn.get(f) != 0;
            if (refOp == Op.NONE) {
              if (dyn) appendValue(b, this.flat.text.ptr + <usize>vs, this.flat.attr.ptr + <usize>vs, vn);
              else b.append(this.flat.text.ptr + <usize>vs, vn, Attr.UNQUOTED);
              continue;
            }
            const applied = dyn ? 0 : applyOp(b, t, this.flat.text.ptr + <usize>vs, vn);
            if (applied < 0) { this.found = true; return MAX_READINGS + 1; }
            if (applied > 0) continue;
            b.append(t + <usize>from, to - from, Attr.EXPANSION); // an operation we cannot apply: any text
            continue;
          }
        }
        const next = max(expansionEnd(t, i, end), i + 1);
        b.append(t + <usize>i, next - i, Attr.EXPANSION);
        i = next;
      }
    }
    this.found = found;
    return radix;
  }

  /** How many flattened values name `id` has (flattening it first when b is not a flattening's own word). */
  private values(s: Script, id: i32, b: WordBuilder): i32 {
    let count = this.flatCount.get(id);
    if (count == PENDING && b !== this.fb) {
      this.flatten(s, id, 0);
      count = this.flatCount.get(id);
    }
    return count < 0 ? 0 : count; // BUSY (a value that uses itself: `PATH=$PATH:/x`) or not reached
  }

  /**
   * `${!y}`, or `$r` for a nameref r: each value of y names a variable, whose values it stands for. With
   * pick < 0, how many readings that gives (a value naming no variable with values is one unknown
   * reading); else the flattened value for reading `pick`, or -1 for an unknown one.
   */
  private indirect(s: Script, id: i32, b: WordBuilder, pick: i32): i32 {
    const count = this.values(s, id, b);
    let total = 0;
    for (let k = 0; k < count; k++) {
      const f = this.flatFirst.get(id) + k;
      const target = this.namedBy(s, f);
      const c = target >= 0 ? this.values(s, target, b) : 0;
      if (c > MAX_READINGS) return pick < 0 ? MAX_READINGS + 1 : -1;
      const m = c > 0 ? c : 1;
      if (pick >= total && pick < total + m) return c > 0 ? this.flatFirst.get(target) + (pick - total) : -1;
      total += m;
    }
    return pick < 0 ? total : -1;
  }

  /** The name whose text is flattened value f (a plain name), or -1. */
  private namedBy(s: Script, f: i32): i32 {
    const p = this.flat.text.ptr + <usize>this.fStart.get(f), a = this.flat.attr.ptr + <usize>this.fStart.get(f);
    const n = this.fLen.get(f);
    if (n == 0 || !isNameStart(at(p, 0))) return -1;
    for (let i = 0; i < n; i++) if (!isNameChar(at(p, i)) || <u32>load<u8>(a + <usize>i) == Attr.EXPANSION) return -1;
    return this.find(s, p, n);
  }

  /**
   * Flatten name `id`: first every name its values use (so its own values are written contiguously), then
   * every reading of each value. Past MAX_READINGS values, or a chain deeper than MAX_CHAIN, the name has
   * MAX_READINGS + 1 values: callers fail closed.
   */
  private flatten(s: Script, id: i32, depth: i32): void {
    this.flatCount.set(id, BUSY);
    this.partial.set(id, 0);
    let tooMany = false;
    for (let v = this.nameFirst.get(id); v >= 0; v = this.valNext.get(v)) {
      if (!this.rawUses(s, v)) continue;
      // Which names it uses: each is flattened before any value of this one is written.
      const t = this.rawText(s, v), a = this.rawAttr(s, v), n = this.rawLen(v);
      let i = 0;
      while (i < n) {
        if (<u32>load<u8>(a + <usize>i) != Attr.EXPANSION) { i++; continue; }
        if (reference(t, i, n)) {
          const dep = refLen == 0 ? this.positional : this.find(s, t + <usize>refName, refLen);
          const indirect = refIndirect || (dep >= 0 && this.nameRef.get(dep) != 0);
          i = refEnd;
          if (dep < 0) continue;
          if (depth >= MAX_CHAIN) { tooMany = true; continue; }
          this.use(s, id, dep, depth);
          if (!indirect) continue;
          // `${!y}`: the variables y's values name are used too.
          for (let k = 0, m = max(this.flatCount.get(dep), 0); k < m; k++) {
            const target = this.namedBy(s, this.flatFirst.get(dep) + k);
            if (target >= 0) this.use(s, id, target, depth);
          }
          continue;
        }
        i = max(expansionEnd(t, i, n), i + 1);
      }
    }
    const first = this.fStart.length;
    let count = 0;
    for (let v = this.nameFirst.get(id); v >= 0 && !tooMany; v = this.valNext.get(v)) {
      if (this.valWord.get(v) >= 0 && isAppend(s, this.valWord.get(v), this.valStart.get(v))) continue;
      const t = this.rawText(s, v), a = this.rawAttr(s, v), n = this.rawLen(v);
      const b = this.fb;
      let readings = 1;
      for (let k = 0; k < readings; k++) {
        b.reset();
        if (this.work > FLAT_WORK) { tooMany = true; break; }
        readings = this.expand(b, s, t, a, n, k);
        this.work += b.length + n;
        if (readings > MAX_READINGS || count >= MAX_READINGS || this.flat.length + b.length > FLAT_BYTES) { tooMany = true; break; }
        this.fStart.push(this.flat.length);
        this.fLen.push(b.length);
        this.fDyn.push(scanWordFlags(b.text.ptr, b.attr.ptr, b.length) & WordFlag.DYNAMIC);
        this.flat.text.append(b.text.ptr, b.length);
        this.flat.attr.append(b.attr.ptr, b.length);
        count++;
      }
    }
    this.flatFirst.set(id, first);
    this.flatCount.set(id, tooMany ? MAX_READINGS + 1 : count);
    // The outermost name is complete (a cycle only leads back to values it lists); the partial ones under
    // it are flattened again when next read.
    if (depth == 0) {
      for (let k = 0, m = this.partialIds.length; k < m; k++) {
        const p = this.partialIds.get(k);
        this.partial.set(p, 0);
        if (p != id) this.flatCount.set(p, PENDING);
      }
      this.partialIds.reset();
    }
  }

  /** Name `id` uses `dep`: flatten it first; a dep still BUSY (or itself partial) makes `id` partial. */
  private use(s: Script, id: i32, dep: i32, depth: i32): void {
    if (this.flatCount.get(dep) == PENDING) this.flatten(s, dep, depth + 1);
    if (dep != id && this.partial.get(id) == 0 && (this.flatCount.get(dep) == BUSY || this.partial.get(dep) != 0)) {
      this.partial.set(id, 1);
      this.partialIds.push(id);
    }
  }

  /** Does raw value v hold an expansion (so flattening must look at the names it uses)? */
  private rawUses(s: Script, v: i32): bool {
    const w = this.valWord.get(v);
    if (w < 0) return scanWordFlags(this.built.text.ptr + <usize>this.valStart.get(v), this.built.attr.ptr + <usize>this.valStart.get(v), this.rawLen(v)) != 0;
    return (s.wordFlags(w) & WordFlag.DYNAMIC) != 0;
  }

  private rawText(s: Script, v: i32): usize {
    const w = this.valWord.get(v);
    return (w < 0 ? this.built.text.ptr : s.wordPtr(w)) + <usize>this.valStart.get(v);
  }

  private rawAttr(s: Script, v: i32): usize {
    const w = this.valWord.get(v);
    return (w < 0 ? this.built.attr.ptr : s.attrPtr(w)) + <usize>this.valStart.get(v);
  }

  private rawLen(v: i32): i32 {
    return this.valEnd.get(v) - this.valStart.get(v);
  }

  private find(s: Script, p: usize, n: i32): i32 {
    for (let id = unchecked(this.buckets[hashName(p, n)]); id >= 0; id = this.nameNext.get(id)) {
      if (this.nameLen.get(id) == n && memory.compare(s.text.ptr + <usize>this.nameAt.get(id), p, <usize>n) == 0) return id;
    }
    return -1;
  }

  private build(s: Script): void {
    this.generation = s.generation;
    this.envSeen = s.envWords.length;
    this.loopSeen = s.loopWords.length;
    this.viewSeen = s.viewCount;
    for (let i = 0; i < BUCKETS; i++) unchecked(this.buckets[i] = -1);
    this.nameAt.reset(); this.nameLen.reset(); this.nameNext.reset(); this.nameFirst.reset();
    this.nameLast.reset(); this.nameAppends.reset(); this.flatFirst.reset(); this.flatCount.reset(); this.nameRef.reset(); this.partial.reset(); this.partialIds.reset();
    this.valWord.reset(); this.valStart.reset(); this.valEnd.reset(); this.valNext.reset();
    this.built.reset(); this.flat.reset(); this.fStart.reset(); this.fLen.reset(); this.fDyn.reset();
    this.positional = -1;
    this.work = 0;
    for (let i = 0, m = s.envWords.length; i < m; i++) {
      const w = s.envWords.get(i);
      const start = assignedValue(s, w);
      if (start >= 0) this.add(s, s.wStart(w), isAppend(s, w, start) ? start - 2 : start - 1, w, start);
      else this.addArray(s, w);
    }
    for (let i = 0, m = s.loopWords.length; i < m; i++) {
      const name = s.loopVars.get(i);
      this.add(s, s.wStart(name), s.wordLen(name), s.loopWords.get(i), 0);
    }
    // `read d`, `mapfile d`, `printf -v d`, `${d:=…}`, `for d; do`: one more value, from outside the command
    // (a `for d in $x` list and a nameref's target are followed above and below).
    for (let i = 0, m = s.dynNames.length; i < m; i++) {
      const w = s.dynNames.get(i), p = s.wordPtr(w), n = s.wordLen(w);
      if (s.loopVars.indexOf(w) >= 0 || s.namerefs.indexOf(w) >= 0) continue;
      let len = 0;
      while (len < n && isNameChar(at(p, len)) && <u32>load<u8>(s.attrPtr(w) + <usize>len) != Attr.EXPANSION) len++;
      if (len == 0 || !isNameStart(at(p, 0))) continue;
      const b = this.built, from = b.length;
      b.appendString("$(…)", Attr.EXPANSION);
      this.addValue(this.nameId(s, s.wStart(w), len), -1, from, b.length);
    }
    for (let v = 0, m = s.viewCount; v < m; v++) this.addPositional(s, v);
    this.addAppended(s);
    for (let i = 0, m = s.namerefs.length; i < m; i++) {
      const w = s.namerefs.get(i), p = s.wordPtr(w), n = s.wordLen(w);
      let len = 0;
      while (len < n && isNameChar(at(p, len))) len++;
      const id = this.find(s, p, len);
      if (id >= 0) this.nameRef.set(id, 1);
    }
  }

  /** The arguments a view gives the positional parameters: `set -- a b`, `f a b` (a function), `sh -c '…' _ a`. */
  private addPositional(s: Script, v: i32): void {
    const argc = s.viewArgc(v);
    if (argc < 2) return;
    const name = s.viewArg(v, 0);
    const set = wordIs(s, name, "set");
    if (!set && !isFunctionCall(s, v) && (s.vInfo(v) & Kind.SHELL) == 0) return;
    // A function's arguments are all values; `set` and a shell take options first (a shell's are skipped
    // throughout: its payload and `$0` only add values that cannot hurt).
    const shell = (s.vInfo(v) & Kind.SHELL) != 0;
    let options = set || shell;
    for (let k = 1; k < argc; k++) {
      const w = s.viewArg(v, k);
      const c = s.wordLen(w) > 0 ? load<u8>(s.wordPtr(w)) : 0;
      if (options && (c == 0x2d || (set && c == 0x2b))) {
        if (wordIs(s, w, "--")) options = shell;
        else if (set && s.wordLen(w) == 2 && load<u8>(s.wordPtr(w) + 1) == 0x6f) k++; // -o/+o take a name
        continue;
      }
      if (set) options = false;
      if (this.positional < 0) this.positional = this.newName(-1, 0, 0);
      this.addValue(this.positional, w, 0, s.wordLen(w));
    }
  }

  /** For each name with a `+=`, the value its assignments build in order (one more raw value). */
  private addAppended(s: Script): void {
    for (let id = 0, m = this.nameAt.length; id < m; id++) {
      if (this.nameAppends.get(id) == 0) continue;
      const b = this.built;
      const from = b.length;
      for (let v = this.nameFirst.get(id); v >= 0; v = this.valNext.get(v)) {
        const w = this.valWord.get(v);
        if (w < 0) continue;
        if (!isAppend(s, w, this.valStart.get(v))) { b.text.length = from; b.attr.length = from; }
        b.text.append(s.wordPtr(w) + <usize>this.valStart.get(v), this.rawLen(v));
        b.attr.append(s.attrPtr(w) + <usize>this.valStart.get(v), this.rawLen(v));
      }
      this.addValue(id, -1, from, b.length);
    }
  }

  private add(s: Script, at: i32, len: i32, w: i32, start: i32): void {
    const id = this.nameId(s, at, len);
    if (isAppend(s, w, start)) this.nameAppends.set(id, 1);
    this.addValue(id, w, start, s.wordLen(w));
  }

  /**
   * Array assignments: every element is a value of the name (`a=(/ x)`, `a+=(/)`, `a=([2]=/)`, `a[1]=/`,
   * as `declare -a` arguments too), as `${a[i]}` and `${a[@]}` read any element.
   */
  private addArray(s: Script, w: i32): void {
    const p = s.wordPtr(w), a = s.attrPtr(w), n = s.wordLen(w);
    if (n == 0 || !isNameStart(at(p, 0)) || <u32>load<u8>(a) == Attr.EXPANSION) return;
    let j = 1;
    while (j < n && isNameChar(at(p, j)) && <u32>load<u8>(a + <usize>j) != Attr.EXPANSION) j++;
    const nameLen = j;
    if (j < n && at(p, j) == Ch.LBRACKET) { // a[1]=value
      while (j < n && at(p, j) != Ch.RBRACKET) j++;
      j++;
      if (j < n && at(p, j) == Ch.PLUS) j++;
      if (j >= n || at(p, j) != Ch.EQ) return;
      this.addValue(this.nameId(s, s.wStart(w), nameLen), w, j + 1, n);
      return;
    }
    if (j < n && at(p, j) == Ch.PLUS) j++;
    if (j + 1 >= n || at(p, j) != Ch.EQ || at(p, j + 1) != Ch.LPAREN) return;
    const name = this.nameId(s, s.wStart(w), nameLen);
    let end = n;
    if (at(p, end - 1) == Ch.RPAREN && <u32>load<u8>(a + <usize>(end - 1)) == Attr.UNQUOTED) end--;
    let i = j + 2;
    while (i < end) {
      while (i < end && isArrayBlank(p, a, i)) i++;
      let from = i;
      while (i < end && !isArrayBlank(p, a, i)) i++;
      if (i == from) break;
      // `[k]=value`: the value.
      if (at(p, from) == Ch.LBRACKET && <u32>load<u8>(a + <usize>from) == Attr.UNQUOTED) {
        let k = from;
        while (k < i && at(p, k) != Ch.RBRACKET) k++;
        if (k + 1 < i && at(p, k + 1) == Ch.EQ) from = k + 2;
      }
      this.addValue(name, w, from, i);
    }
  }

  /** The name (at, len) of the script's text: its id, added when new. */
  private nameId(s: Script, at: i32, len: i32): i32 {
    const p = s.text.ptr + <usize>at;
    const h = hashName(p, len);
    let id = unchecked(this.buckets[h]);
    while (id >= 0 && !(this.nameLen.get(id) == len && memory.compare(s.text.ptr + <usize>this.nameAt.get(id), p, <usize>len) == 0)) id = this.nameNext.get(id);
    if (id < 0) {
      id = this.newName(at, len, h);
      unchecked(this.buckets[h] = id);
    }
    return id;
  }

  private newName(at: i32, len: i32, h: i32): i32 {
    this.nameAt.push(at); this.nameLen.push(len);
    this.nameNext.push(len > 0 ? unchecked(this.buckets[h]) : -1);
    this.nameFirst.push(-1); this.nameLast.push(-1); this.nameAppends.push(0);
    this.flatFirst.push(0); this.nameRef.push(0); this.partial.push(0);
    return this.flatCount.push(PENDING);
  }

  private addValue(id: i32, w: i32, start: i32, end: i32): void {
    const v = this.valWord.push(w);
    this.valStart.push(start); this.valEnd.push(end); this.valNext.push(-1);
    const last = this.nameLast.get(id);
    if (last < 0) this.nameFirst.set(id, v); else this.valNext.set(last, v);
    this.nameLast.set(id, v);
  }
}

const PENDING: i32 = -1;
const BUSY: i32 = -2;
/** How many variables deep a value is followed (`a=/; b=$a; c=$b; …`); deeper counts as too many (fail closed). */
const MAX_CHAIN: i32 = 16;
/** The most bytes of flattened values (and of one reading) per script, as many as a command may have. */
const FLAT_BYTES: i32 = 1 << 16;
/** The most bytes flattening may read and write per script; past it names count as having too many values. */
const FLAT_WORK: i32 = 1 << 22;
/** The longest value a `*` pattern is removed from (`${f%/*}`); longer fails closed. */
const MAX_GLOB_VALUE: i32 = 4096;

/** A written value as text the expansion produces: literal parts UNQUOTED, parts still unknown EXPANSION. */
function appendValue(b: WordBuilder, t: usize, a: usize, n: i32): void {
  for (let i = 0; i < n; i++) {
    b.push(at(t, i), <u32>load<u8>(a + <usize>i) == Attr.EXPANSION ? Attr.EXPANSION : Attr.UNQUOTED);
  }
}

/**
 * The operation `reference` found (its argument in source text t) on the written value (vp, vn), into b as
 * unquoted text: 1 done; 0 when it cannot be worked out here — the argument is not plain text (the caller
 * keeps the expansion as any text); -1 when the value is too long to match a glob against (fail closed).
 */
function applyOp(b: WordBuilder, t: usize, vp: usize, vn: i32): i32 {
  const ap = t + <usize>refArg, an = refArgEnd - refArg;
  // Removing a `*` pattern tries every cut, each a glob match: quadratic, so bounded.
  if (refOp <= Op.LONG_SUFFIX && vn > MAX_GLOB_VALUE && indexOf(ap, an, Ch.STAR) >= 0) return -1;
  switch (refOp) {
    case Op.PREFIX: case Op.LONG_PREFIX: {
      if (!plainPattern(ap, an, true)) return 0;
      let cut = 0;
      if (refOp == Op.PREFIX) { while (cut <= vn && !shellGlob(ap, an, vp, cut)) cut++; }
      else { cut = vn; while (cut >= 0 && !shellGlob(ap, an, vp, cut)) cut--; }
      if (cut < 0 || cut > vn) cut = 0;
      b.append(vp + <usize>cut, vn - cut, Attr.UNQUOTED);
      return 1;
    }
    case Op.SUFFIX: case Op.LONG_SUFFIX: {
      if (!plainPattern(ap, an, true)) return 0;
      let keep = vn;
      if (refOp == Op.SUFFIX) { while (keep >= 0 && !shellGlob(ap, an, vp + <usize>keep, vn - keep)) keep--; }
      else { keep = 0; while (keep <= vn && !shellGlob(ap, an, vp + <usize>keep, vn - keep)) keep++; }
      if (keep < 0 || keep > vn) keep = vn;
      b.append(vp, keep, Attr.UNQUOTED);
      return 1;
    }
    case Op.UPPER: case Op.UPPER_ALL: case Op.LOWER: case Op.LOWER_ALL: {
      if (an != 0) return 0;
      const upper = refOp == Op.UPPER || refOp == Op.UPPER_ALL, all = refOp == Op.UPPER_ALL || refOp == Op.LOWER_ALL;
      for (let i = 0; i < vn; i++) {
        let c = at(vp, i);
        if (i == 0 || all) c = upper ? (c - 0x61 < 26 ? c - 0x20 : c) : (c - 0x41 < 26 ? c + 0x20 : c);
        b.push(c, Attr.UNQUOTED);
      }
      return 1;
    }
    case Op.SLICE: {
      // ${f:offset} and ${f:offset:length}: integers (a negative offset counts from the end).
      let i = 0;
      let off = readInt(ap, an, i);
      if (intEnd < 0) { // `${f::2}`: an empty offset is 0
        if (an == 0 || at(ap, 0) != Ch.COLON) return 0;
        off = 0; intEnd = 0;
      }
      i = intEnd;
      let from = off < 0 ? vn + off : off;
      if (from < 0 || from > vn) return 1; // bash: an out-of-range offset gives nothing
      let to = vn;
      if (i < an) {
        if (at(ap, i) != Ch.COLON) return 0;
        const len = readInt(ap, an, i + 1);
        if (intEnd != an) return 0;
        to = len < 0 ? vn + len : min(vn, from + len);
        if (to < from) return len < 0 ? 0 : 1; // bash errors on a negative length before the offset
      }
      b.append(vp + <usize>from, to - from, Attr.UNQUOTED);
      return 1;
    }
    case Op.REPLACE: {
      // ${f/pat/rep}, ${f//pat/rep}, ${f/#pat/rep}, ${f/%pat/rep} with plain text (no glob) pattern and replacement.
      let i = 0;
      let mode = 0; // 0 first, 1 all, 2 prefix, 3 suffix
      if (i < an && at(ap, i) == Ch.SLASH) { mode = 1; i++; }
      else if (i < an && at(ap, i) == Ch.HASH) { mode = 2; i++; }
      else if (i < an && at(ap, i) == Ch.PERCENT) { mode = 3; i++; }
      let slash = i;
      while (slash < an && at(ap, slash) != Ch.SLASH) slash++;
      const pp = ap + <usize>i, pn = slash - i;
      const rp = ap + <usize>(slash + 1), rn = slash < an ? an - slash - 1 : 0;
      if (!plainPattern(pp, pn, false) || !plainPattern(rp, rn, false) || indexOf(rp, rn, 0x26) >= 0) return 0;
      if (pn == 0) { b.append(vp, vn, Attr.UNQUOTED); return 1; }
      let k = 0;
      while (k < vn) {
        const here = k + pn <= vn && memory.compare(vp + <usize>k, pp, <usize>pn) == 0 &&
          (mode != 2 || k == 0) && (mode != 3 || k + pn == vn);
        if (here) {
          b.append(rp, rn, Attr.UNQUOTED);
          k += pn;
          if (mode != 1) { b.append(vp + <usize>k, vn - k, Attr.UNQUOTED); return 1; }
          continue;
        }
        b.push(at(vp, k), Attr.UNQUOTED);
        k++;
      }
      return 1;
    }
  }
  return 0;
}

/** Text with no quoting, expansion or bracket class (and, unless `glob`, no `*` or `?`): what applyOp can use. */
function plainPattern(p: usize, n: i32, glob: bool): bool {
  for (let i = 0; i < n; i++) {
    const c = at(p, i);
    if (c == Ch.DOLLAR || c == Ch.BACKTICK || c == Ch.BACKSLASH || c == Ch.SQUOTE || c == Ch.DQUOTE ||
        c == Ch.LBRACKET || c == Ch.LPAREN || c == Ch.RPAREN || c == Ch.LBRACE || c == Ch.RBRACE || c == 0x21 || c == 0x40 || c == 0x2b) return false;
    if (!glob && (c == Ch.STAR || c == Ch.QUESTION)) return false;
  }
  return true;
}

/** Does the pattern (p, pn) — literal bytes, `*` and `?` — match all of (t, tn)? Case-sensitive, as the shell. */
function shellGlob(p: usize, pn: i32, t: usize, tn: i32): bool {
  let pi = 0, ti = 0, star = -1, mark = 0;
  while (ti < tn) {
    if (pi < pn) {
      const pc = at(p, pi);
      if (pc == Ch.STAR) { star = pi++; mark = ti; continue; }
      if (pc == Ch.QUESTION || pc == at(t, ti)) { pi++; ti++; continue; }
    }
    if (star < 0) return false;
    pi = star + 1;
    ti = ++mark;
  }
  while (pi < pn && at(p, pi) == Ch.STAR) pi++;
  return pi == pn;
}

/** Set by readInt: the index after the integer, or -1 when there is none. */
let intEnd: i32 = -1;

/** An optionally signed decimal integer at i (blanks and one pair of parentheses allowed before it). */
function readInt(p: usize, n: i32, i: i32): i32 {
  while (i < n && at(p, i) == 0x20) i++;
  let neg = false;
  if (i < n && at(p, i) == Ch.MINUS) { neg = true; i++; }
  const first = i;
  let v = 0;
  while (i < n && at(p, i) - 0x30 < 10) { if (v < 100000000) v = v * 10 + <i32>(at(p, i) - 0x30); i++; }
  while (i < n && at(p, i) == 0x20) i++;
  intEnd = i == first ? -1 : i;
  return neg ? -v : v;
}


const BUCKETS: i32 = 64;

function hashName(p: usize, n: i32): i32 {
  let h: u32 = 2166136261;
  for (let i = 0; i < n; i++) h = (h ^ <u32>load<u8>(p + <usize>i)) * 16777619;
  return <i32>(h & <u32>(BUCKETS - 1));
}

/** An unquoted blank between array elements. */
function isArrayBlank(p: usize, a: usize, i: i32): bool {
  const c = at(p, i);
  return (c == Ch.SPACE || c == Ch.TAB || c == 0x0a) && <u32>load<u8>(a + <usize>i) == Attr.UNQUOTED;
}

/** Is the assignment word w, whose value starts at `start`, a `NAME+=value`? */
function isAppend(s: Script, w: i32, start: i32): bool {
  return start >= 2 && load<u8>(s.wordPtr(w) + <usize>(start - 2)) == <u8>Ch.PLUS;
}

/** Where the written value of the assignment `NAME=value` or `NAME+=value` in word w starts, or -1. */
function assignedValue(s: Script, w: i32): i32 {
  const wp = s.wordPtr(w), wa = s.attrPtr(w), wn = s.wordLen(w);
  // The name is written text (`$n=x` names nothing here); the value may use expansions (`f=$g`).
  if (wn == 0 || !isNameStart(<u32>load<u8>(wp))) return -1;
  let eq = 0;
  while (eq < wn && isNameChar(<u32>load<u8>(wp + <usize>eq)) && <u32>load<u8>(wa + <usize>eq) != Attr.EXPANSION) eq++;
  if (eq < wn && load<u8>(wp + <usize>eq) == <u8>Ch.PLUS) eq++;
  if (eq >= wn || load<u8>(wp + <usize>eq) != <u8>Ch.EQ || <u32>load<u8>(wa + <usize>eq) == Attr.EXPANSION) return -1;
  if (eq + 1 < wn && load<u8>(wp + <usize>(eq + 1)) == <u8>Ch.LPAREN) return -1; // an array
  return eq + 1;
}

function isExpansionStart(c: u32): bool {
  return c == Ch.LBRACE || c == Ch.LPAREN || isNameStart(c) || c - 0x30 < 10 || c == Ch.AT || c == Ch.STAR ||
    c == Ch.HASH || c == Ch.QUESTION || c == Ch.MINUS || c == Ch.DOLLAR || c == Ch.BANG;
}

/** The index of the `close` that ends a group opened just before `from` (quotes, escapes and nesting skipped), or end. */
function closeOf(p: usize, from: i32, end: i32, close: u32): i32 {
  let brace = close == Ch.RBRACE ? 1 : 0, paren = close == Ch.RPAREN ? 1 : 0;
  let i = from;
  while (i < end) {
    const c = at(p, i);
    if (c == Ch.BACKSLASH) { i += 2; continue; }
    if (c == Ch.SQUOTE) {
      i++;
      while (i < end && at(p, i) != Ch.SQUOTE) i++;
      i++;
      continue;
    }
    if (c == Ch.DQUOTE) {
      i++;
      while (i < end && at(p, i) != Ch.DQUOTE) i += at(p, i) == Ch.BACKSLASH ? 2 : 1;
      i++;
      continue;
    }
    if (c == Ch.DOLLAR && i + 1 < end && at(p, i + 1) == Ch.LBRACE) { brace++; i += 2; continue; }
    if (c == Ch.LPAREN) paren++;
    else if (c == Ch.RPAREN) { paren--; if (close == Ch.RPAREN && paren == 0) return i; }
    else if (c == Ch.RBRACE && paren == (close == Ch.RPAREN ? 1 : 0)) { brace--; if (close == Ch.RBRACE && brace == 0) return i; }
    i++;
  }
  return end;
}

// @ts-ignore: decorator
@inline function at(p: usize, i: i32): u32 {
  return <u32>load<u8>(p + <usize>i);
}
