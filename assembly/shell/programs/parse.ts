// The one option parser: reads argv[start + 1, end) of a command by its row's grammar (spec.ts) into
// operands and options with their values, by argv index and byte offset. It never guesses a value:
// an option the grammar does not know is a flag, and a word computed at run time that could be an
// option sets `dynamic` (any option may be present), which callers treat as the worst case.

import { IntList, Script, rowInfo, rowLen, rowStart } from "../syntax/nodes";
import { Attr, Ch, WordFlag } from "../syntax/tokens";
import { LongTable, LongValue, OptionGrammar, ProgramRow, Style, SubcommandTable } from "./spec";
import { Spellings, longIndexOf, longTable } from "./spellings";

function hasChar(list: string, c: u32): bool {
  for (let i = 0, n = list.length; i < n; i++) if (<u32>list.charCodeAt(i) == c) return true;
  return false;
}

/** Is byte c in `list`, whose ASCII letters are the set (lo, hi)? Past ASCII, the list is scanned. */
// @ts-ignore: decorator
@inline function inShorts(lo: u64, hi: u64, list: string, c: u32): bool {
  if (c >= 128) return hasChar(list, c);
  return (((c < 64 ? lo : hi) >> <u64>(c & 63)) & 1) != 0;
}

// ParsedArgs' option records: 1 << OPT_SHIFT bytes each, the fields at these byte offsets.
const OPT_SHIFT = 5;
const OPT_ARG = 0;
const OPT_LETTER = 4;
const OPT_LONG = 8;
const OPT_IN_SUB = 12;
const VAL_ARG = 16;
const VAL_OFF = 20;

/** Two i32 fields side by side, as one little-endian u64 store (the first field is the low half). */
// @ts-ignore: decorator
@inline function pairOf(lo: i32, hi: i32): u64 {
  return (<u64><u32>lo) | ((<u64><u32>hi) << 32);
}

/** What parseArgs found. Reused between calls (reset by parseArgs). */
export class ParsedArgs {
  /** argv indexes of the operands (after the subcommand, when there is one). */
  operands: IntList = new IntList(8);
  /** The command whose argv was parsed (argv indexes above are its). */
  cmd: i32 = -1;
  /**
   * Options in order, one 32-byte record each in one growable block (one capacity check per option, where a
   * column per field paid six): OPT_ARG the argv index of the option word, OPT_LETTER its short letter (or its
   * long's), OPT_LONG its long index, OPT_IN_SUB 1 when the subcommand's grammar read it, VAL_ARG / VAL_OFF its
   * value's argv index (-1 for none) and the byte the value starts at in that word. Read with optArg(i) etc.
   */
  private opts: usize = heap.alloc(8 << OPT_SHIFT);
  private optCap: i32 = 8;
  private optCount: i32 = 0;
  /** A word computed at run time may be an option: any option may be present. */
  dynamic: bool = false;
  /** argv index of the `--` that ended the options, or -1. */
  endMark: i32 = -1;
  /** The subcommand row and its argv index (-1 when none). */
  sub: ProgramRow | null = null;
  subArg: i32 = -1;
  row: ProgramRow | null = null;
  /**
   * The options' letters (an unaliased long's is 0) and long indexes as 128-bit sets, by the grammar that read
   * them, for hasCompiled: eight u64 words, [letters lo, hi] of the row's grammar, then of the subcommand's, then
   * [longs lo, hi] of each. `wide`: one did not fit, so hasCompiled scans.
   */
  private bits: usize = heap.alloc(64);
  private wide: bool = false;

  reset(row: ProgramRow): void {
    this.operands.reset();
    this.optCount = 0;
    this.dynamic = false;
    this.endMark = -1;
    this.sub = null;
    this.subArg = -1;
    this.row = row;
    const bits = this.bits;
    store<u64>(bits, 0, 0); store<u64>(bits, 0, 8); store<u64>(bits, 0, 16); store<u64>(bits, 0, 24);
    store<u64>(bits, 0, 32); store<u64>(bits, 0, 40); store<u64>(bits, 0, 48); store<u64>(bits, 0, 56);
    this.wide = false;
  }

  // @ts-ignore: decorator
  @inline get count(): i32 { return this.optCount; }

  /** Option i's record (checked against count: a logic error traps instead of reading stray memory). */
  // @ts-ignore: decorator
  @inline private opt(i: i32): usize {
    if (<u32>i >= <u32>this.optCount) unreachable();
    return this.opts + (<usize>i << OPT_SHIFT);
  }

  /** Option i: the argv index of its word. */
  // @ts-ignore: decorator
  @inline optArg(i: i32): i32 { return load<i32>(this.opt(i), OPT_ARG); }
  /** Option i: its short letter, or its long's alias (0 for an unaliased long). */
  // @ts-ignore: decorator
  @inline optLetter(i: i32): i32 { return load<i32>(this.opt(i), OPT_LETTER); }
  /** Option i: its index among the long options of the grammar that read it (-1: a short or unknown long). */
  // @ts-ignore: decorator
  @inline optLong(i: i32): i32 { return load<i32>(this.opt(i), OPT_LONG); }
  /** Option i: 1 when the subcommand's grammar read it. */
  // @ts-ignore: decorator
  @inline optInSub(i: i32): i32 { return load<i32>(this.opt(i), OPT_IN_SUB); }
  /** Option i's value: its argv index (-1 for none). */
  // @ts-ignore: decorator
  @inline valArg(i: i32): i32 { return load<i32>(this.opt(i), VAL_ARG); }
  /** Option i's value: the byte its text starts at in that word. */
  // @ts-ignore: decorator
  @inline valOff(i: i32): i32 { return load<i32>(this.opt(i), VAL_OFF); }

  /**
   * The first option at or after entry `from` spelt as one of `spellings` ("-o --output", "-exec"): a short
   * `-x` matches the letter (also from its long alias), a `--name` the long option (also its short alias),
   * a single-dash `-name` a single-dash long option. -1 when none.
   */
  find(spellings: string, from: i32 = 0): i32 {
    // Walks the spellings in place: effects ask this for every rule of every command (no split, no substring).
    const total = spellings.length;
    for (let i = from, m = this.optCount; i < m; i++) {
      const row = this.optInSub(i) != 0 ? this.sub : this.row;
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
          if (this.optLetter(i) == spellings.charCodeAt(at + 1)) return i;
          continue;
        }
        // `--name`, a single-dash `-name`, or `-TT` (a dashed name, spelt with its dash)
        const skip = spellings.charCodeAt(at + 1) == 0x2d ? 2 : single ? 1 : 0;
        if (len == skip) continue;
        const idx = longIndexOf(t, spellings, at + skip, len - skip);
        if (idx < 0) continue;
        if (this.optLong(i) == idx) return i;
        const alias = t.alias[idx];
        if (alias != 0 && <u32>this.optLetter(i) == alias) return i;
      }
    }
    return -1;
  }

  has(spellings: string): bool {
    return this.find(spellings) >= 0;
  }

  /**
   * find, with the spellings compiled once (Spellings): no scan of the spelling text per option, and none at
   * all when the bit sets say no option is one of them.
   */
  findCompiled(sp: Spellings, from: i32 = 0): i32 {
    return this.bitsSay(sp) == 0 ? -1 : this.scanCompiled(sp, from);
  }

  /** Is an option spelt as one of `sp` present? The bit sets answer; a spelling or option outside them, a scan. */
  hasCompiled(sp: Spellings): bool {
    const said = this.bitsSay(sp);
    return said < 0 ? this.scanCompiled(sp, 0) >= 0 : said != 0;
  }

  /** 1: an option is one of `sp`; 0: none is; -1: the bit sets cannot tell (scan). */
  private bitsSay(sp: Spellings): i32 {
    if (this.optCount == 0) return 0;
    if (this.wide || sp.wide) return -1;
    const bits = this.bits;
    const lo0 = load<u64>(bits), hi0 = load<u64>(bits, 8), lo1 = load<u64>(bits, 16), hi1 = load<u64>(bits, 24);
    // A letter, from either grammar.
    if ((((lo0 | lo1) & sp.lettersLo) | ((hi0 | hi1) & sp.lettersHi)) != 0) return 1;
    if (sp.longCount == 0) return 0;
    // A long name, as each grammar resolves it: its index, or its short alias. Every option sets a letter bit.
    if ((lo0 | hi0) != 0) {
      const r = sp.resolved((this.row as ProgramRow).grammar); // options were read: reset gave a row
      if (r.wide) return -1;
      if (((r.aliasLo & lo0) | (r.aliasHi & hi0) | (r.indexLo & load<u64>(bits, 32)) | (r.indexHi & load<u64>(bits, 40))) != 0) return 1;
    }
    if ((lo1 | hi1) != 0) {
      const r = sp.resolved((this.sub as ProgramRow).grammar); // options were read by the subcommand's grammar
      if (r.wide) return -1;
      if (((r.aliasLo & lo1) | (r.aliasHi & hi1) | (r.indexLo & load<u64>(bits, 48)) | (r.indexHi & load<u64>(bits, 56))) != 0) return 1;
    }
    return 0;
  }

  /** findCompiled by a scan of the options (what the bit sets stand for; the only way when they cannot tell). */
  scanCompiled(sp: Spellings, from: i32 = 0): i32 {
    const letters = sp.letters;
    for (let i = from, m = this.optCount; i < m; i++) {
      const letter = this.optLetter(i);
      for (let k = 0, n = letters.length; k < n; k++) if (unchecked(letters[k]) == letter) return i; // k < length
      if (sp.longCount == 0) continue;
      const row = this.optInSub(i) != 0 ? this.sub : this.row;
      if (row === null) continue;
      const r = sp.resolved(row.grammar);
      const long = this.optLong(i);
      for (let k = 0, n = r.index.length; k < n; k++) {
        if (unchecked(r.index[k]) == long) return i; // k < length
        const alias = unchecked(r.alias[k]);
        if (alias != 0 && <u32>letter == alias) return i;
      }
    }
    return -1;
  }

  push(arg: i32, letter: u32, long: i32, inSub: bool, valArg: i32, valOff: i32): void {
    const n = this.optCount;
    if (n >= this.optCap) this.growOpts();
    const r = this.opts + (<usize>n << OPT_SHIFT);
    store<u64>(r, pairOf(arg, <i32>letter), OPT_ARG); // OPT_LETTER
    store<u64>(r, pairOf(long, inSub ? 1 : 0), OPT_LONG); // OPT_IN_SUB
    store<u64>(r, pairOf(valArg, valOff), VAL_ARG); // VAL_OFF
    this.optCount = n + 1;
    if (letter >= 128 || <u32>(long + 1) > 128) { this.wide = true; return; } // long -1 (unknown) sets no bit
    const side = this.bits + (inSub ? 16 : 0);
    const l = side + ((<usize>letter >> 6) << 3);
    store<u64>(l, load<u64>(l) | ((<u64>1) << <u64>(letter & 63)));
    if (long < 0) return;
    const g = side + 32 + ((<usize>long >> 6) << 3);
    store<u64>(g, load<u64>(g) | ((<u64>1) << <u64>(long & 63)));
  }

  private growOpts(): void {
    this.optCap <<= 1;
    this.opts = heap.realloc(this.opts, <usize>this.optCap << OPT_SHIFT);
  }
}

/**
 * A word whose text is only known at run time (or a glob, a brace list) that could turn out to be an option:
 * its length, flags, first byte and first byte's Attr (the last two read only when n > 0).
 */
// @ts-ignore: decorator
@inline function mayBeOption(n: i32, flags: i32, c: u32, attr0: u32): bool {
  if (n == 0) return false;
  if ((flags & (WordFlag.SPLITS | WordFlag.BRACE)) != 0) return true;
  if (attr0 == Attr.EXPANSION) return true;
  return (flags & WordFlag.GLOB) != 0 && attr0 == Attr.UNQUOTED &&
    (c == Ch.STAR || c == Ch.QUESTION || c == Ch.LBRACKET);
}

/** Static: no expansion, glob or brace expansion can change it at run time (Script.isStatic of its flags). */
// @ts-ignore: decorator
@inline function staticFlags(flags: i32): bool {
  return (flags & (WordFlag.DYNAMIC | WordFlag.GLOB | WordFlag.BRACE)) == 0;
}

/**
 * Parse argv[start + 1, end) of command `cmd` (argv[start] is the program's name) by `row`'s grammar into
 * `out` (reset first); returns `out`.
 */
export function parseArgs(row: ProgramRow, s: Script, cmd: i32, start: i32, end: i32, out: ParsedArgs): ParsedArgs {
  out.reset(row);
  out.cmd = cmd;
  let g = row.grammar;
  let inSub = false;
  let k = start + 1;
  let optionsOver = false;
  if ((g.style & Style.OLD_STYLE) != 0 && k < end) k = oldStyle(g, s, cmd, k, end, out);
  const text = s.text.ptr, attrs = s.attr.ptr;
  for (; k < end; k++) {
    const w = s.arg(cmd, k);
    // The word's row read once: its length, flags, and first byte with its Attr.
    const r = s.wordRow(w);
    const n = rowLen(r), flags = rowInfo(r), at = <usize>rowStart(r);
    const p = text + at;
    const c0 = n > 0 ? <u32>load<u8>(p) : 0, attr0 = n > 0 ? <u32>load<u8>(attrs + at) : 0;
    // A written `-` (or `+` where the grammar has PLUS) with more after it.
    if (!optionsOver && n >= 2 && attr0 != Attr.EXPANSION && (c0 == Ch.MINUS || (c0 == Ch.PLUS && (g.style & Style.PLUS) != 0))) {
      if (!staticFlags(flags)) out.dynamic = true;
      const c1 = <u32>load<u8>(p + 1);
      if (c1 == Ch.MINUS && c0 == Ch.MINUS) {
        if (n == 2 && (g.style & Style.NO_END_MARK) == 0) { out.endMark = k; optionsOver = true; continue; }
        k = longOption(g, longTable(g), s, cmd, k, end, p + 2, n - 2, inSub, out, (g.style & Style.EXACT_LONG) != 0);
        continue;
      }
      // The long options are split on first need (short options alone need none).
      if ((g.style & Style.SINGLE_DASH_LONG) != 0) {
        k = longOption(g, longTable(g), s, cmd, k, end, p + 1, n - 1, inSub, out, true);
        continue;
      }
      if (g.dashed) {
        // `-TT cmd`: a whole-word option listed with its dash in the grammar's long options.
        const t = longTable(g);
        let m = 0;
        while (m < n && <u32>load<u8>(p + <usize>m) != Ch.EQ) m++;
        const idx = t.find(p, m, true);
        if (idx >= 0) { k = longOption(g, t, s, cmd, k, end, p, n, inSub, out, true); continue; }
      }
      k = cluster(g, s, cmd, k, end, 1, inSub, out);
      continue;
    }
    const isStatic = staticFlags(flags);
    if (!optionsOver && !isStatic && mayBeOption(n, flags, c0, attr0)) out.dynamic = true;
    // The first operand: a subcommand with its own grammar, or (without PERMUTE) the end of the options.
    if (!inSub && out.subArg < 0 && row.subcommands.length > 0 && out.operands.length == 0) {
      const sub = isStatic && n > 0 ? subcommandOf(row, p, n) : null;
      if (sub !== null) {
        out.sub = sub;
        out.subArg = k;
        inSub = true;
        g = sub.grammar;
        optionsOver = false;
        continue;
      }
    }
    out.operands.push(k);
    if ((g.style & Style.PERMUTE) == 0) optionsOver = true;
  }
  return out;
}

/** The subcommand row a static word's bytes (p, n > 0) name exactly (the first listed, as the rows are read in order), or null. */
function subcommandOf(row: ProgramRow, p: usize, n: i32): ProgramRow | null {
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

/** A long option at argv[k] whose name starts at p (n bytes, up to any `=`); returns the last argv index it used. */
export function longOption(g: OptionGrammar, t: LongTable, s: Script, cmd: i32, k: i32, end: i32, p: usize, n: i32, inSub: bool,
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
    if (inShorts(g.valueLo, g.valueHi, g.valueShorts, c)) {
      if (j + 1 < n) { out.push(k, c, -1, inSub, k, j + 1); return k; }
      out.push(k, c, -1, inSub, k + 1 < end ? k + 1 : -1, 0);
      return k + 1 < end ? k + 1 : k;
    }
    if (inShorts(g.optionalLo, g.optionalHi, g.optionalShorts, c)) {
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
    if (inShorts(g.valueLo, g.valueHi, g.valueShorts, c)) {
      out.push(k, c, -1, false, next < end ? next : -1, 0);
      next++;
    } else out.push(k, c, -1, false, -1, 0);
  }
  return next > end ? end : next;
}
