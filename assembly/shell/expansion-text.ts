// The source text of run-time expansions, read for what it may become. The
// lexer keeps each expansion's source (`${x:-/etc/shadow}`) in the word with
// Attr.EXPANSION. Rules treat an expansion as any text, which names nothing in
// particular; WrittenReading adds the word as it reads with the values the
// command itself writes: the word of a `${NAME-word}` family operator
// (`rm -rf ${x:-/}`) and the value of a variable assigned once to written text
// (`d=/; rm -rf $d`).

import { ByteBuffer } from "../util/bytes";
import { Attr, Ch } from "./tokens";
import { isNameChar, isNameStart } from "./chars";
import { IntList, Script, WordBuilder, scanWordFlags } from "./nodes";

const MAX_OPERAND_DEPTH: i32 = 8;

/** The most readings of one word tried; a word with more counts as matching whatever is checked (fail closed). */
export const MAX_READINGS: i32 = 64;

/** The most readings made for one script (per reader); past it every word with written values counts as too many. */
const READ_BUDGET: i32 = 4096;

/** Set by defaultOperand: where the operand word starts (it ends at the returned `}`). */
let operandStart: i32 = 0;

/**
 * At k, `${NAME op word}` with op one of `-` `:-` `=` `:=` `+` `:+` (the
 * operators whose value may be `word`): returns the index of its closing `}`
 * (operandStart set), or -1 for any other expansion.
 */
export function defaultOperand(p: usize, k: i32, end: i32): i32 {
  if (k + 3 >= end || at(p, k) != Ch.DOLLAR || at(p, k + 1) != Ch.LBRACE || !isNameStart(at(p, k + 2))) return -1;
  let j = k + 3;
  while (j < end && isNameChar(at(p, j))) j++;
  if (j < end && at(p, j) == Ch.COLON) j++;
  if (j >= end) return -1;
  const op = at(p, j);
  if (op != Ch.MINUS && op != Ch.EQ && op != Ch.PLUS) return -1;
  operandStart = j + 1;
  const close = closeOf(p, j + 1, end, Ch.RBRACE);
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
 * value when NAME is unset, or for `+` set) and each `$NAME`/`${NAME}` that
 * the command assigns once, to written text, by that text (unquoted: the
 * expansion is split and globbed). Other expansions keep their source text
 * with Attr.EXPANSION.
 */
@final export class WrittenReading {
  word: WordBuilder = new WordBuilder();
  private values: WrittenValues = new WrittenValues();
  private generation: i32 = -1;
  private spent: i32 = 0;
  flags: i32 = 0;

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
    const b = this.word;
    b.reset();
    let found = false;
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
        const close = defaultOperand(t, i, end);
        if (close >= 0) {
          this.operand(t, operandStart, close, 0);
          found = true;
          i = close + 1;
          continue;
        }
        const tok = variableToken(t, i, end);
        const brace = tok >= 0 && at(t, i + 1) == Ch.LBRACE ? 1 : 0;
        let v = -1; // a word, APPENDED, or -1 (no written value)
        if (tok >= 0) {
          const name = t + <usize>(i + 1 + brace), len = tok - i - 1 - 2 * brace;
          const count = this.values.count(s, name, len);
          if (count > 0) {
            // Past MAX_READINGS the caller cannot try them all: say so without reading further.
            if (radix * count > MAX_READINGS) { this.readings = MAX_READINGS + 1; return true; }
            v = this.values.value(s, name, len, (choice / radix) % count);
            radix *= count;
          }
        }
        if (v != -1) {
          const vals = this.values;
          if (v == APPENDED) b.append(vals.appended.ptr, vals.appended.length, Attr.UNQUOTED);
          else b.append(s.wordPtr(v) + <usize>vals.start, s.wordLen(v) - vals.start, Attr.UNQUOTED);
          found = true;
          i = tok;
        } else {
          const next = max(expansionEnd(t, i, end), i + 1);
          b.append(t + <usize>i, next - i, Attr.EXPANSION);
          i = next;
        }
      }
    }
    this.readings = radix;
    if (!found) return false;
    // One command's readings share a budget, so 64 KiB of `$a$b` words stays in milliseconds.
    if (this.generation != s.generation) { this.generation = s.generation; this.spent = 0; }
    if (++this.spent > READ_BUDGET) { this.readings = MAX_READINGS + 1; return true; }
    this.flags = scanWordFlags(b.text.ptr, b.attr.ptr, b.length);
    return true;
  }

  /**
   * The operand (from, to) as the shell writes it out: quotes removed (what
   * they held is QUOTED), escapes taken, a nested `${y:-word}` as its word (to
   * a depth of 8). Unquoted text stays UNQUOTED, so `${x:-/*}` is a glob —
   * also when the whole expansion was quoted, which only adds denials.
   */
  private operand(t: usize, from: i32, to: i32, depth: i32): void {
    const b = this.word;
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
      const close = depth < MAX_OPERAND_DEPTH ? defaultOperand(t, i, to) : -1;
      if (close >= 0) {
        this.operand(t, operandStart, close, depth + 1);
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
}

/** The end of a plain `$NAME` or `${NAME}` at k (within [k, end)), or -1 for any other expansion. */
function variableToken(p: usize, k: i32, end: i32): i32 {
  if (k + 1 >= end || load<u8>(p + <usize>k) != <u8>Ch.DOLLAR) return -1;
  const brace = load<u8>(p + <usize>(k + 1)) == <u8>Ch.LBRACE;
  let j = brace ? k + 2 : k + 1;
  const first = j;
  if (j < end && <u32>load<u8>(p + <usize>j) - 0x30 < 10) return -1; // positional parameters
  while (j < end && isNameByte(<u32>load<u8>(p + <usize>j))) j++;
  if (j == first) return -1;
  if (!brace) return j;
  return j < end && load<u8>(p + <usize>j) == <u8>Ch.RBRACE ? j + 1 : -1;
}

function isNameByte(c: u32): bool {
  return c - 0x30 < 10 || (c | 0x20) - 0x61 < 26 || c == 0x5f;
}

/**
 * The written values a script gives each variable name, found once per script (a word with many `$d`
 * would otherwise rescan every assignment for each): assignments (`d=/`, also as arguments of
 * export/local/declare/readonly and env), the written words of `for d in / /tmp`, and — when some are
 * `+=` — the value they build in order. Arrays and computed values are not written text.
 */
@final class WrittenValues {
  private generation: i32 = -1;
  private envSeen: i32 = -1;
  private loopSeen: i32 = -1;
  private buckets: StaticArray<i32> = new StaticArray<i32>(BUCKETS);
  // Per distinct name: its text (a word and length), the next name in its bucket, its values' chain,
  // how many it has (an appended value counts once) and whether any is `+=`.
  private nameWord: IntList = new IntList(16);
  private nameLen: IntList = new IntList(16);
  private nameNext: IntList = new IntList(16);
  private nameFirst: IntList = new IntList(16);
  private nameLast: IntList = new IntList(16);
  private nameCount: IntList = new IntList(16);
  private nameAppends: IntList = new IntList(16);
  // Per value, in script order: its word, where the value starts, the next value of the same name.
  private valWord: IntList = new IntList(16);
  private valStart: IntList = new IntList(16);
  private valNext: IntList = new IntList(16);
  /** Set by `value`: where the chosen value starts in its word. */
  start: i32 = 0;
  /** The value `+=` appends build, when `value` answers APPENDED. */
  appended: ByteBuffer = new ByteBuffer(64);

  /** How many written values the name (p, n) has in script s (0: none). */
  count(s: Script, p: usize, n: i32): i32 {
    const id = this.find(s, p, n);
    return id < 0 ? 0 : this.nameCount.get(id);
  }

  /** The choice-th value (choice < count): a word (its value from `start`) or APPENDED (in `appended`). */
  value(s: Script, p: usize, n: i32, choice: i32): i32 {
    const id = this.find(s, p, n);
    let k = 0;
    for (let v = this.nameFirst.get(id); v >= 0; v = this.valNext.get(v)) {
      const w = this.valWord.get(v), st = this.valStart.get(v);
      if (isAppend(s, w, st)) continue;
      if (k++ == choice) { this.start = st; return w; }
    }
    const b = this.appended; // choice == count - 1 with appends: the assignments run in order
    b.reset();
    for (let v = this.nameFirst.get(id); v >= 0; v = this.valNext.get(v)) {
      const w = this.valWord.get(v), st = this.valStart.get(v);
      if (!isAppend(s, w, st)) b.reset();
      b.append(s.wordPtr(w) + <usize>st, s.wordLen(w) - st);
    }
    return APPENDED;
  }

  private find(s: Script, p: usize, n: i32): i32 {
    if (this.generation != s.generation || this.envSeen != s.envWords.length || this.loopSeen != s.valueNames.length) this.build(s);
    for (let id = unchecked(this.buckets[hashName(p, n)]); id >= 0; id = this.nameNext.get(id)) {
      const w = this.nameWord.get(id);
      if (this.nameLen.get(id) == n && memory.compare(s.wordPtr(w), p, <usize>n) == 0) return id;
    }
    return -1;
  }

  private build(s: Script): void {
    this.generation = s.generation;
    this.envSeen = s.envWords.length;
    this.loopSeen = s.valueNames.length;
    for (let i = 0; i < BUCKETS; i++) unchecked(this.buckets[i] = -1);
    this.nameWord.reset(); this.nameLen.reset(); this.nameNext.reset(); this.nameFirst.reset();
    this.nameLast.reset(); this.nameCount.reset(); this.nameAppends.reset();
    this.valWord.reset(); this.valStart.reset(); this.valNext.reset();
    for (let i = 0, m = s.envWords.length; i < m; i++) {
      const w = s.envWords.get(i);
      const start = assignedValue(s, w);
      if (start >= 0) this.add(s, w, isAppend(s, w, start) ? start - 2 : start - 1, w, start);
    }
    for (let i = 0, m = s.valueNames.length; i < m; i++) {
      const name = s.valueNames.get(i), w = s.valueWords.get(i);
      if (s.isStatic(w)) this.add(s, name, s.wordLen(name), w, 0);
    }
  }

  private add(s: Script, name: i32, len: i32, w: i32, start: i32): void {
    const p = s.wordPtr(name);
    const h = hashName(p, len);
    let id = unchecked(this.buckets[h]);
    while (id >= 0 && !(this.nameLen.get(id) == len && memory.compare(s.wordPtr(this.nameWord.get(id)), p, <usize>len) == 0)) id = this.nameNext.get(id);
    const v = this.valWord.length;
    this.valWord.push(w); this.valStart.push(start); this.valNext.push(-1);
    const append = isAppend(s, w, start);
    if (id < 0) {
      id = this.nameWord.length;
      this.nameWord.push(name); this.nameLen.push(len); this.nameNext.push(unchecked(this.buckets[h]));
      unchecked(this.buckets[h] = id);
      this.nameFirst.push(v); this.nameLast.push(v);
      this.nameCount.push(1); this.nameAppends.push(append ? 1 : 0);
      return;
    }
    this.valNext.set(this.nameLast.get(id), v);
    this.nameLast.set(id, v);
    // A first `+=` adds one value (the one built in order); a plain value adds itself.
    if (!append) this.nameCount.set(id, this.nameCount.get(id) + 1);
    else if (this.nameAppends.get(id) == 0) { this.nameAppends.set(id, 1); this.nameCount.set(id, this.nameCount.get(id) + 1); }
  }
}

const BUCKETS: i32 = 64;

function hashName(p: usize, n: i32): i32 {
  let h: u32 = 2166136261;
  for (let i = 0; i < n; i++) h = (h ^ <u32>load<u8>(p + <usize>i)) * 16777619;
  return <i32>(h & <u32>(BUCKETS - 1));
}

/** WrittenValues.value's answer for the value built by `+=` appends (in its `appended`). */
const APPENDED: i32 = -2;

/** Is the assignment word w, whose value starts at `start`, a `NAME+=value`? */
function isAppend(s: Script, w: i32, start: i32): bool {
  return start >= 2 && load<u8>(s.wordPtr(w) + <usize>(start - 2)) == <u8>Ch.PLUS;
}

/** Where the written value of the assignment `NAME=value` or `NAME+=value` in word w starts, or -1. */
function assignedValue(s: Script, w: i32): i32 {
  const wp = s.wordPtr(w), wn = s.wordLen(w);
  if (!s.isStatic(w) || wn == 0 || !isNameStart(<u32>load<u8>(wp))) return -1;
  let eq = 1;
  while (eq < wn && isNameChar(<u32>load<u8>(wp + <usize>eq))) eq++;
  if (eq < wn && load<u8>(wp + <usize>eq) == <u8>Ch.PLUS) eq++;
  if (eq >= wn || load<u8>(wp + <usize>eq) != <u8>Ch.EQ) return -1;
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
