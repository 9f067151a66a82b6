// The one option parser: reads argv[start + 1, end) of a command by its row's grammar (spec.ts) into
// operands and options with their values, by argv index and byte offset. It never guesses a value:
// an option the grammar does not know is a flag, and a word computed at run time that could be an
// option sets `dynamic` (any option may be present), which callers treat as the worst case.

import { IntList, Script } from "../syntax/nodes";
import { Attr, Ch, WordFlag } from "../syntax/tokens";
import { LongTable, LongValue, OptionGrammar, ProgramRow, Style, SubcommandTable } from "./spec";

function hasChar(list: string, c: u32): bool {
  for (let i = 0, n = list.length; i < n; i++) if (<u32>list.charCodeAt(i) == c) return true;
  return false;
}

/** The grammar's long options, split on first use and kept on the grammar. */
export function longTable(g: OptionGrammar): LongTable {
  let t = g.table;
  if (t === null) { t = new LongTable(g.longs); g.table = t; }
  return t as LongTable;
}

/** What parseArgs found. Reused between calls (reset by parseArgs). */
export class ParsedArgs {
  /** argv indexes of the operands (after the subcommand, when there is one). */
  operands: IntList = new IntList(8);
  /** Options in order: argv index of the option word, its short letter (or its long's), its long index. */
  optArg: IntList = new IntList(8);
  optLetter: IntList = new IntList(8);
  optLong: IntList = new IntList(8);
  /** 1 when the option was read by the subcommand's grammar. */
  optInSub: IntList = new IntList(8);
  /** The option's value: argv index (-1 for none) and the byte its text starts at in that word. */
  valArg: IntList = new IntList(8);
  valOff: IntList = new IntList(8);
  /** A word computed at run time may be an option: any option may be present. */
  dynamic: bool = false;
  /** argv index of the `--` that ended the options, or -1. */
  endMark: i32 = -1;
  /** The subcommand row and its argv index (-1 when none). */
  sub: ProgramRow | null = null;
  subArg: i32 = -1;
  row: ProgramRow | null = null;

  reset(row: ProgramRow): void {
    this.operands.reset();
    this.optArg.reset();
    this.optLetter.reset();
    this.optLong.reset();
    this.optInSub.reset();
    this.valArg.reset();
    this.valOff.reset();
    this.dynamic = false;
    this.endMark = -1;
    this.sub = null;
    this.subArg = -1;
    this.row = row;
  }

  get count(): i32 { return this.optArg.length; }

  /**
   * The first option at or after entry `from` spelt as one of `spellings` ("-o --output", "-exec"): a short
   * `-x` matches the letter (also from its long alias), a `--name` the long option (also its short alias),
   * a single-dash `-name` a single-dash long option. -1 when none.
   */
  find(spellings: string, from: i32 = 0): i32 {
    // Walks the spellings in place: effects ask this for every rule of every command (no split, no substring).
    const total = spellings.length;
    for (let i = from, m = this.optArg.length; i < m; i++) {
      const row = this.optInSub.get(i) != 0 ? this.sub : this.row;
      if (row === null) continue;
      const t = longTable(row.grammar);
      const single = (row.grammar.style & Style.SINGLE_DASH_LONG) != 0;
      let a = 0;
      while (a < total) {
        let b = a;
        while (b < total && spellings.charCodeAt(b) != 0x20) b++;
        const len = b - a;
        const at = a;
        a = b + 1;
        if (len < 2 || spellings.charCodeAt(at) != 0x2d) continue;
        if (len == 2) {
          if (this.optLetter.get(i) == spellings.charCodeAt(at + 1)) return i;
          continue;
        }
        // `--name`, a single-dash `-name`, or `-TT` (a dashed name, spelt with its dash)
        const skip = spellings.charCodeAt(at + 1) == 0x2d ? 2 : single ? 1 : 0;
        if (len == skip) continue;
        const idx = longIndexOf(t, spellings, at + skip, len - skip);
        if (idx < 0) continue;
        if (this.optLong.get(i) == idx) return i;
        const alias = t.alias[idx];
        if (alias != 0 && <u32>this.optLetter.get(i) == alias) return i;
      }
    }
    return -1;
  }

  has(spellings: string): bool {
    return this.find(spellings) >= 0;
  }

  /** find, with the spellings compiled once (Spellings): no scan of the spelling text per option. */
  findCompiled(sp: Spellings, from: i32 = 0): i32 {
    const letters = sp.letters;
    for (let i = from, m = this.optArg.length; i < m; i++) {
      const letter = this.optLetter.get(i);
      for (let k = 0, n = letters.length; k < n; k++) if (unchecked(letters[k]) == letter) return i; // k < length
      if (sp.longCount == 0) continue;
      const row = this.optInSub.get(i) != 0 ? this.sub : this.row;
      if (row === null) continue;
      const r = sp.resolved(row.grammar);
      const long = this.optLong.get(i);
      for (let k = 0, n = r.index.length; k < n; k++) {
        if (unchecked(r.index[k]) == long) return i; // k < length
        const alias = unchecked(r.alias[k]);
        if (alias != 0 && <u32>letter == alias) return i;
      }
    }
    return -1;
  }

  hasCompiled(sp: Spellings): bool {
    return this.findCompiled(sp) >= 0;
  }

  push(arg: i32, letter: u32, long: i32, inSub: bool, valArg: i32, valOff: i32): void {
    this.optArg.push(arg);
    this.optLetter.push(<i32>letter);
    this.optLong.push(long);
    this.optInSub.push(inSub ? 1 : 0);
    this.valArg.push(valArg);
    this.valOff.push(valOff);
  }
}

/** A spelling list's long options as one grammar's long-option indexes, with their short aliases. */
class ResolvedLongs {
  index: StaticArray<i32>;
  alias: StaticArray<u32>;
  constructor(n: i32) {
    this.index = new StaticArray<i32>(n);
    this.alias = new StaticArray<u32>(n);
  }
}

/**
 * ParsedArgs.find's spellings ("-o --output", "-exec") read once: the short letters, and the long names, which
 * each grammar resolves to its own indexes (a single-dash `-name` is a long name only in a SINGLE_DASH_LONG
 * grammar, else a dashed name spelt with its dash). The last two grammars' resolutions are kept: a rule sees
 * its row's and its subcommand's.
 */
export class Spellings {
  letters: StaticArray<i32> = new StaticArray<i32>(0);
  /** Long spellings without their dashes, and whether each had two. */
  private longs: string[] = [];
  private double: bool[] = [];
  longCount: i32 = 0;
  private g0: OptionGrammar | null = null;
  private r0: ResolvedLongs = new ResolvedLongs(0);
  private g1: OptionGrammar | null = null;
  private r1: ResolvedLongs = new ResolvedLongs(0);

  constructor(text: string) {
    const letters: i32[] = [];
    const parts = text.split(" ");
    for (let i = 0; i < parts.length; i++) {
      const t = parts[i];
      if (t.length < 2 || t.charCodeAt(0) != 0x2d) continue;
      if (t.length == 2) { letters.push(t.charCodeAt(1)); continue; }
      const double = t.charCodeAt(1) == 0x2d;
      this.longs.push(double ? t.substring(2) : t);
      this.double.push(double);
    }
    this.letters = StaticArray.fromArray<i32>(letters);
    this.longCount = this.longs.length;
  }

  resolved(g: OptionGrammar): ResolvedLongs {
    if (g === this.g0) return this.r0;
    if (g === this.g1) return this.r1;
    const t = longTable(g);
    const single = (g.style & Style.SINGLE_DASH_LONG) != 0;
    const index: i32[] = [];
    const alias: u32[] = [];
    for (let i = 0; i < this.longs.length; i++) {
      let name = this.longs[i];
      if (!this.double[i] && single) name = name.substring(1);
      const idx = t.indexOf(name);
      if (idx < 0) continue;
      index.push(idx);
      alias.push(t.alias[idx]);
    }
    const r = new ResolvedLongs(index.length);
    for (let i = 0; i < index.length; i++) { r.index[i] = index[i]; r.alias[i] = alias[i]; }
    this.g1 = this.g0; this.r1 = this.r0;
    this.g0 = g; this.r0 = r;
    return r;
  }
}

/** A word whose text is only known at run time (or a glob, a brace list) that could turn out to be an option. */
function mayBeOption(s: Script, w: i32): bool {
  const n = s.wordLen(w);
  if (n == 0) return false;
  const flags = s.wordFlags(w);
  if ((flags & (WordFlag.SPLITS | WordFlag.BRACE)) != 0) return true;
  if (load<u8>(s.attrPtr(w)) == Attr.EXPANSION) return true;
  const c = <u32>load<u8>(s.wordPtr(w));
  return (flags & WordFlag.GLOB) != 0 && load<u8>(s.attrPtr(w)) == Attr.UNQUOTED &&
    (c == Ch.STAR || c == Ch.QUESTION || c == Ch.LBRACKET);
}

/** Does word w start with a written `-` (or `+` where the grammar has PLUS) and have more after it? */
// @ts-ignore: decorator
@inline function optionStart(s: Script, w: i32, plus: bool): bool {
  if (s.wordLen(w) < 2 || load<u8>(s.attrPtr(w)) == Attr.EXPANSION) return false;
  const c = <u32>load<u8>(s.wordPtr(w));
  return c == Ch.MINUS || (plus && c == Ch.PLUS);
}

/**
 * Parse argv[start + 1, end) of command `cmd` (argv[start] is the program's name) by `row`'s grammar into
 * `out` (reset first); returns `out`.
 */
export function parseArgs(row: ProgramRow, s: Script, cmd: i32, start: i32, end: i32, out: ParsedArgs): ParsedArgs {
  out.reset(row);
  let g = row.grammar;
  let inSub = false;
  let t = longTable(g);
  let k = start + 1;
  let optionsOver = false;
  if ((g.style & Style.OLD_STYLE) != 0 && k < end) k = oldStyle(g, s, cmd, k, end, out);
  for (; k < end; k++) {
    const w = s.arg(cmd, k);
    const plus = (g.style & Style.PLUS) != 0;
    if (!optionsOver && optionStart(s, w, plus)) {
      if (!s.isStatic(w)) out.dynamic = true;
      const p = s.wordPtr(w), n = s.wordLen(w);
      const c1 = <u32>load<u8>(p + 1);
      if (c1 == Ch.MINUS && <u32>load<u8>(p) == Ch.MINUS) {
        if (n == 2 && (g.style & Style.NO_END_MARK) == 0) { out.endMark = k; optionsOver = true; continue; }
        k = long(g, t, s, cmd, k, end, p + 2, n - 2, inSub, out, (g.style & Style.EXACT_LONG) != 0);
        continue;
      }
      if ((g.style & Style.SINGLE_DASH_LONG) != 0) {
        k = long(g, t, s, cmd, k, end, p + 1, n - 1, inSub, out, true);
        continue;
      }
      if (t.dashed) {
        // `-TT cmd`: a whole-word option listed with its dash in the grammar's long options.
        let m = 0;
        while (m < n && <u32>load<u8>(p + <usize>m) != Ch.EQ) m++;
        const idx = t.find(p, m, true);
        if (idx >= 0) { k = long(g, t, s, cmd, k, end, p, n, inSub, out, true); continue; }
      }
      k = cluster(g, s, cmd, k, end, 1, inSub, out);
      continue;
    }
    if (!optionsOver && !s.isStatic(w) && mayBeOption(s, w)) out.dynamic = true;
    // The first operand: a subcommand with its own grammar, or (without PERMUTE) the end of the options.
    if (!inSub && out.subArg < 0 && row.subcommands.length > 0 && out.operands.length == 0) {
      const sub = subcommandOf(row, s, w);
      if (sub !== null) {
        out.sub = sub;
        out.subArg = k;
        inSub = true;
        g = sub.grammar;
        t = longTable(g);
        optionsOver = false;
        continue;
      }
    }
    out.operands.push(k);
    if ((g.style & Style.PERMUTE) == 0) optionsOver = true;
  }
  return out;
}

/** The subcommand row word `w` names exactly (the first listed, as the rows are read in order), or null. */
function subcommandOf(row: ProgramRow, s: Script, w: i32): ProgramRow | null {
  if (!s.isStatic(w)) return null;
  const p = s.wordPtr(w), n = s.wordLen(w);
  if (n == 0) return null;
  let t = row.subTable;
  if (t === null) { t = new SubcommandTable(row); row.subTable = t; }
  // Only the names that start with the word's first byte.
  const c0 = <i32>load<u8>(p);
  const names = t.names;
  for (let i = unchecked(t.start[c0]), m = unchecked(t.start[c0 + 1]); i < m; i++) { // c0 + 1 <= 256
    const name = unchecked(names[i]); // i < start[256] == length
    if (name.length == n && memory.compare(changetype<usize>(name), p, <usize>n) == 0) return unchecked(t.rows[i]);
  }
  return null;
}

/** LongTable.indexOf of `text`'s chars [from, from + n), without making the substring. */
function longIndexOf(t: LongTable, text: string, from: i32, n: i32): i32 {
  for (let i = 0; i < t.names.length; i++) {
    const name = t.names[i];
    if (name.length != n) continue;
    let k = 0;
    while (k < n && name.charCodeAt(k) == text.charCodeAt(from + k)) k++;
    if (k == n) return i;
  }
  return -1;
}

/** A long option at argv[k] whose name starts at p (n bytes, up to any `=`); returns the last argv index it used. */
function long(g: OptionGrammar, t: LongTable, s: Script, cmd: i32, k: i32, end: i32, p: usize, n: i32, inSub: bool,
  out: ParsedArgs, exact: bool): i32 {
  const w = s.arg(cmd, k);
  let eq = -1;
  for (let i = 0; i < n; i++) if (<u32>load<u8>(p + <usize>i) == Ch.EQ) { eq = i; break; }
  const nameLen = eq < 0 ? n : eq;
  const idx = t.find(p, nameLen, exact);
  const letter = idx >= 0 ? t.alias[idx] : 0;
  const valueOffset = <i32>(p - s.wordPtr(w)) + eq + 1;
  if (eq >= 0) { out.push(k, letter, idx, inSub, k, valueOffset); return k; } // `--name=value`, known or not
  if (idx >= 0 && t.value[idx] == LongValue.REQUIRED) {
    out.push(k, letter, idx, inSub, k + 1 < end ? k + 1 : -1, 0);
    return k + 1 < end ? k + 1 : k;
  }
  out.push(k, letter, idx, inSub, -1, 0);
  return k;
}

/** Short options clustered in argv[k] from byte `from`; returns the last argv index it used. */
function cluster(g: OptionGrammar, s: Script, cmd: i32, k: i32, end: i32, from: i32, inSub: bool, out: ParsedArgs): i32 {
  const w = s.arg(cmd, k);
  const p = s.wordPtr(w), n = s.wordLen(w);
  const separate = (g.style & Style.SEPARATE_VALUES) != 0;
  for (let j = from; j < n; j++) {
    const c = <u32>load<u8>(p + <usize>j);
    if (separate && j + 1 < n) { out.push(k, c, -1, inSub, -1, 0); continue; } // only the last letter takes a value
    if (hasChar(g.valueShorts, c)) {
      if (j + 1 < n) { out.push(k, c, -1, inSub, k, j + 1); return k; }
      out.push(k, c, -1, inSub, k + 1 < end ? k + 1 : -1, 0);
      return k + 1 < end ? k + 1 : k;
    }
    if (hasChar(g.optionalShorts, c)) {
      out.push(k, c, -1, inSub, j + 1 < n ? k : -1, j + 1 < n ? j + 1 : 0);
      return k;
    }
    out.push(k, c, -1, inSub, -1, 0);
  }
  return k;
}

/** tar's first word without a dash (`tar xCf dir a.tar`): its letters, whose values are the next words in order. */
function oldStyle(g: OptionGrammar, s: Script, cmd: i32, k: i32, end: i32, out: ParsedArgs): i32 {
  const w = s.arg(cmd, k);
  const n = s.wordLen(w);
  if (n == 0 || load<u8>(s.attrPtr(w)) == Attr.EXPANSION || <u32>load<u8>(s.wordPtr(w)) == Ch.MINUS) return k;
  if (!s.isStatic(w)) out.dynamic = true;
  const p = s.wordPtr(w);
  let next = k + 1;
  for (let j = 0; j < n; j++) {
    const c = <u32>load<u8>(p + <usize>j);
    if (hasChar(g.valueShorts, c)) {
      out.push(k, c, -1, false, next < end ? next : -1, 0);
      next++;
    } else out.push(k, c, -1, false, -1, 0);
  }
  return next > end ? end : next;
}
