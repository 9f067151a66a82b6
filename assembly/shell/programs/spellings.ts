// Option spellings ("-o --output", "-exec") read once, for ParsedArgs' questions (parse.ts): the short letters,
// and the long names, which each grammar resolves to its own long-option indexes. Both are also kept as bit
// sets (OptionBits) so that "is any of these options present" is a few AND tests against the bits parseArgs
// records, not a scan of the options; spellings or options outside the bit sets are scanned.

import { LongTable, OptionGrammar, Style } from "./spec";

/** The grammar's long options, split on first use and kept on the grammar. */
export function longTable(g: OptionGrammar): LongTable {
  let t = g.table;
  if (t === null) { t = new LongTable(g.longs); g.table = t; }
  return t as LongTable;
}

/** Bit `i` of a 128-bit set kept as two halves: the low half's word (0 when i is in the high half). */
// @ts-ignore: decorator
@inline export function lowBit(i: u32): u64 {
  return (i & 64) == 0 ? (<u64>1) << <u64>(i & 63) : 0;
}

// @ts-ignore: decorator
@inline export function highBit(i: u32): u64 {
  return (i & 64) != 0 ? (<u64>1) << <u64>(i & 63) : 0;
}

/** A spelling list's long options as one grammar's long-option indexes, with their short aliases. */
export class ResolvedLongs {
  index: StaticArray<i32>;
  alias: StaticArray<u32>;
  /** The indexes and the non-zero aliases as 128-bit sets (lo: 0-63, hi: 64-127). */
  indexLo: u64 = 0;
  indexHi: u64 = 0;
  aliasLo: u64 = 0;
  aliasHi: u64 = 0;
  /** An index or alias of 128 or more: the sets cannot hold it (ParsedArgs scans). */
  wide: bool = false;

  constructor(n: i32) {
    this.index = new StaticArray<i32>(n);
    this.alias = new StaticArray<u32>(n);
  }

  set(k: i32, idx: i32, alias: u32): void {
    this.index[k] = idx;
    this.alias[k] = alias;
    if (<u32>idx >= 128 || alias >= 128) { this.wide = true; return; }
    this.indexLo |= lowBit(<u32>idx);
    this.indexHi |= highBit(<u32>idx);
    if (alias != 0) { this.aliasLo |= lowBit(alias); this.aliasHi |= highBit(alias); }
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
  /** The letters as a 128-bit set. */
  lettersLo: u64 = 0;
  lettersHi: u64 = 0;
  /** A letter the set cannot hold (0, or 128 and more): ParsedArgs scans. */
  wide: bool = false;
  /** Long spellings without their dashes, and whether each had two. */
  private longs: string[] = [];
  private double: bool[] = [];
  longCount: i32 = 0;
  g0: OptionGrammar | null = null;
  r0: ResolvedLongs = new ResolvedLongs(0);
  private g1: OptionGrammar | null = null;
  private r1: ResolvedLongs = new ResolvedLongs(0);

  constructor(text: string) {
    const letters: i32[] = [];
    const parts = text.split(" ");
    for (let i = 0; i < parts.length; i++) {
      const t = parts[i];
      if (t.length < 2 || t.charCodeAt(0) != 0x2d) continue;
      if (t.length == 2) {
        const c = <u32>t.charCodeAt(1);
        letters.push(c);
        if (c == 0 || c >= 128) this.wide = true;
        else { this.lettersLo |= lowBit(c); this.lettersHi |= highBit(c); }
        continue;
      }
      const double = t.charCodeAt(1) == 0x2d;
      this.longs.push(double ? t.substring(2) : t);
      this.double.push(double);
    }
    this.letters = StaticArray.fromArray<i32>(letters);
    this.longCount = this.longs.length;
  }

  /** Inlined up to the last grammar asked, which most questions ask again. */
  // @ts-ignore: decorator
  @inline resolved(g: OptionGrammar): ResolvedLongs {
    return g === this.g0 ? this.r0 : this.resolveFor(g);
  }

  private resolveFor(g: OptionGrammar): ResolvedLongs {
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
    for (let i = 0; i < index.length; i++) r.set(i, index[i], alias[i]);
    this.g1 = this.g0; this.r1 = this.r0;
    this.g0 = g; this.r0 = r;
    return r;
  }
}

/** LongTable.indexOf of `text`'s chars [from, from + n), without making the substring. */
export function longIndexOf(t: LongTable, text: string, from: i32, n: i32): i32 {
  for (let i = 0; i < t.names.length; i++) {
    const name = t.names[i];
    if (name.length != n) continue;
    let k = 0;
    while (k < n && name.charCodeAt(k) == text.charCodeAt(from + k)) k++;
    if (k == n) return i;
  }
  return -1;
}
