// Reading a command's argv: literal text of words, basenames, and a getopt-like
// option scanner for wrappers over their rows' option grammars (where the
// first operand is). A word that is not static (expansion, glob, brace expansion)
// never counts as an option: it is an operand, so a wrapper's inner command
// computed at run time is caught as such.

import { toLowerAscii } from "../util/bytes";
import { Script } from "./nodes";
import { Ch, WordFlag } from "./tokens";
import { LongValue, ProgramRow, Style, longTable } from "./programs";

/** Exact equality of word `w` with an ASCII literal. */
// @ts-ignore: decorator
@inline export function wordIs(s: Script, w: i32, lit: string): bool {
  // Inline up to the length check, which settles most calls (a decision made ~30, most with other lengths).
  const n = s.wordLen(w);
  return n == lit.length && bytesIs(s.wordPtr(w), n, lit);
}

/** Exact equality of (p, n) with an ASCII literal. */
export function bytesIs(p: usize, n: i32, lit: string): bool {
  if (n != lit.length) return false;
  for (let i = 0; i < n; i++) if (<u32>load<u8>(p + <usize>i) != <u32>lit.charCodeAt(i)) return false;
  return true;
}

/** ASCII case-insensitive equality of (p, n) with a lowercase literal. */
export function bytesIsLower(p: usize, n: i32, lit: string): bool {
  if (n != lit.length) return false;
  for (let i = 0; i < n; i++) if (toLowerAscii(<u32>load<u8>(p + <usize>i)) != <u32>lit.charCodeAt(i)) return false;
  return true;
}

/** Does (p, n) start with the ASCII literal (case-insensitive)? */
export function bytesStartLower(p: usize, n: i32, lit: string): bool {
  const m = lit.length;
  if (n < m) return false;
  for (let i = 0; i < m; i++) if (toLowerAscii(<u32>load<u8>(p + <usize>i)) != <u32>lit.charCodeAt(i)) return false;
  return true;
}

/**
 * The bytes of (p, n), 1 <= n <= 8, as one u64 (byte i in bits 8i and up): a cache key for a name, with its
 * length. Two overlapping loads inside the bytes instead of a loop over them.
 */
// @ts-ignore: decorator
@inline export function nameKey(p: usize, n: i32): u64 {
  if (n >= 4) return <u64>load<u32>(p) | (<u64>load<u32>(p + <usize>(n - 4)) << (<u64>(n - 4) << 3));
  if (n >= 2) return <u64>load<u16>(p) | (<u64>load<u16>(p + <usize>(n - 2)) << (<u64>(n - 2) << 3));
  return <u64>load<u8>(p);
}

/** Offset of the basename in (p, n): after the last `/` (a trailing `/` is kept). */
export function basenameOffset(p: usize, n: i32): i32 {
  let i = n - 1;
  while (i > 0 && <u32>load<u8>(p + <usize>i - 1) != Ch.SLASH) i--;
  return i < 0 ? 0 : i;
}

/** Index of the first `c` in (p, n), or -1. */
export function indexOf(p: usize, n: i32, c: u32): i32 {
  for (let i = 0; i < n; i++) if (<u32>load<u8>(p + <usize>i) == c) return i;
  return -1;
}

/** A static word that looks like `-x`, `--long` or (for shells) `+x`. */
// @ts-ignore: decorator
@inline export function isOptionWord(s: Script, w: i32, plus: bool): bool {
  if (!s.isStatic(w) || s.wordLen(w) < 2) return false;
  const c = <u32>load<u8>(s.wordPtr(w));
  return c == Ch.MINUS || (plus && c == Ch.PLUS);
}

/** Is `NAME=…` (a valid variable name before `=`) the text of word w? */
export function isNameAssignText(s: Script, w: i32): bool {
  const p = s.wordPtr(w), n = s.wordLen(w);
  if (n < 2) return false;
  const c0 = <u32>load<u8>(p);
  if (!((c0 | 0x20) - 0x61 < 26 || c0 == Ch.UNDERSCORE)) return false;
  for (let i = 1; i < n; i++) {
    const c = <u32>load<u8>(p + <usize>i);
    if (c == Ch.EQ) return true;
    if (c == Ch.PLUS && i + 1 < n && <u32>load<u8>(p + <usize>i + 1) == Ch.EQ) return true;
    if (!((c | 0x20) - 0x61 < 26 || c == Ch.UNDERSCORE || c - 0x30 < 10)) return false;
  }
  return false;
}

/**
 * A getopt-style scan of a wrapper's options by its program row's grammar
 * (scanRow): records which letters were seen and where each value is, and
 * returns the first operand (the inner command).
 */
@final export class OptScan {
  seen: u64 = 0;   // letters 64..127
  seenLow: u64 = 0; // bytes 0..63 (digits)
  // Options given a value, as seen/seenLow: valWord and valOff hold something only under a set bit
  // (clearing two words per scan instead of 1 KB of tables).
  valued: u64 = 0;
  valuedLow: u64 = 0;
  valWord: StaticArray<i32> = new StaticArray<i32>(128);
  valOff: StaticArray<i32> = new StaticArray<i32>(128);

  has(c: u32): bool {
    if (c >= 128) return false;
    return c < 64 ? ((this.seenLow >> <u64>c) & 1) != 0 : ((this.seen >> <u64>(c - 64)) & 1) != 0;
  }

  /** Word holding the value of option `c`, or -1; its text starts at valueOffset(c). */
  value(c: u32): i32 {
    return this.isValued(c) ? this.valWord[<i32>c] : -1;
  }

  valueOffset(c: u32): i32 {
    return this.isValued(c) ? this.valOff[<i32>c] : 0;
  }

  private isValued(c: u32): bool {
    if (c >= 128) return false;
    return c < 64 ? ((this.valuedLow >> <u64>c) & 1) != 0 : ((this.valued >> <u64>(c - 64)) & 1) != 0;
  }

  private mark(c: u32): void {
    if (c >= 64 && c < 128) this.seen |= (<u64>1) << <u64>(c - 64);
    else if (c < 64) this.seenLow |= (<u64>1) << <u64>c;
  }

  /**
   * Scan argv[i, end) of `cmd` by `row`'s option grammar (programs/spec.ts: value shorts, attached-only shorts,
   * long options with their letters, PLUS, EXACT_LONG, SEPARATE_VALUES) up to the first operand, which it returns.
   * Unlike parseArgs, a word computed at run time always ends the options here: it is the inner command.
   */
  scanRow(s: Script, cmd: i32, i: i32, end: i32, row: ProgramRow): i32 {
    const g = row.grammar;
    const t = longTable(g);
    const plus = (g.style & Style.PLUS) != 0;
    const exact = (g.style & Style.EXACT_LONG) != 0;
    const separate = (g.style & Style.SEPARATE_VALUES) != 0;
    this.seen = 0;
    this.seenLow = 0;
    this.valued = 0;
    this.valuedLow = 0;
    this.seenLong = 0;
    while (i < end) {
      const w = s.arg(cmd, i);
      if (!isOptionWord(s, w, plus)) return i;
      const p = s.wordPtr(w), n = s.wordLen(w);
      const c1 = <u32>load<u8>(p + 1);
      if (c1 == Ch.MINUS && <u32>load<u8>(p) == Ch.MINUS) {
        if (n == 2) return i + 1; // --
        const eq = indexOf(p, n, Ch.EQ);
        const idx = t.find(p + 2, (eq < 0 ? n : eq) - 2, exact);
        if (idx < 0) { i++; continue; } // unknown: a flag
        if (idx < 64) this.seenLong |= (<u64>1) << <u64>idx;
        const c = t.alias[idx];
        if (c != 0) this.mark(c);
        const value = t.value[idx];
        if (eq >= 0) { if (c != 0 && value != LongValue.NONE) this.setValue(c, w, eq + 1); i++; continue; }
        if (value == LongValue.REQUIRED) {
          if (c != 0 && i + 1 < end) this.setValue(c, s.arg(cmd, i + 1), 0);
          i += 2;
          continue;
        }
        i++;
        continue;
      }
      let next = i + 1;
      for (let j = 1; j < n; j++) {
        const c = <u32>load<u8>(p + <usize>j);
        this.mark(c);
        if (separate && j + 1 < n) continue; // only the last letter takes a value
        if (contains(g.valueShorts, c)) {
          if (j + 1 < n) this.setValue(c, w, j + 1);
          else if (i + 1 < end) { this.setValue(c, s.arg(cmd, i + 1), 0); next = i + 2; }
          else next = end;
          break;
        }
        if (contains(g.optionalShorts, c)) { // a value only when attached (`-j4`)
          if (j + 1 < n) this.setValue(c, w, j + 1);
          break;
        }
      }
      i = next;
    }
    return i;
  }

  /** Long options scanRow saw, by their index in the row's long table (the first 64). */
  seenLong: u64 = 0;

  hasLong(row: ProgramRow, name: string): bool {
    const idx = longTable(row.grammar).indexOf(name);
    return idx >= 0 && idx < 64 && ((this.seenLong >> <u64>idx) & 1) != 0;
  }

  private setValue(c: u32, w: i32, off: i32): void {
    if (c >= 128) return;
    this.valWord[<i32>c] = w;
    this.valOff[<i32>c] = off;
    if (c < 64) this.valuedLow |= (<u64>1) << <u64>c;
    else this.valued |= (<u64>1) << <u64>(c - 64);
  }
}

function contains(list: string, c: u32): bool {
  for (let i = 0, n = list.length; i < n; i++) if (<u32>list.charCodeAt(i) == c) return true;
  return false;
}

/**
 * Length of the variable name at the start of word w (`NAME`, `NAME=…`,
 * `NAME+=…`, `NAME[…]=…`); -1 when the name is computed at run time
 * (`export "$X"=1`); 0 when the word names no variable (an option, a number).
 */
export function envName(s: Script, w: i32): i32 {
  const p = s.wordPtr(w), a = s.attrPtr(w), n = s.wordLen(w);
  let i = 0;
  while (i < n && load<u8>(a + <usize>i) != 2) {
    const c = <u32>load<u8>(p + <usize>i);
    if (!((c | 0x20) - 0x61 < 26 || c == Ch.UNDERSCORE || (i > 0 && c - 0x30 < 10))) break;
    i++;
  }
  if (i < n && load<u8>(a + <usize>i) == 2) return -1;
  // `export {A,PATH}=…`, `LD_{PRELOAD,X}=…`: brace expansion (or a glob) makes the name at run time.
  if (i < n && (s.wordFlags(w) & (WordFlag.BRACE | WordFlag.GLOB)) != 0) {
    const c = <u32>load<u8>(p + <usize>i);
    if (c == 0x7b || c == 0x2a || c == 0x3f || (c == Ch.LBRACKET && (s.wordFlags(w) & WordFlag.GLOB) != 0 && i == 0)) return -1;
  }
  if (i == 0) return 0;
  if (i == n) return i;
  const c = <u32>load<u8>(p + <usize>i);
  if (c == Ch.LBRACKET) {
    // `a[i]=…` is a subscript; `P[A]TH=bin` is no name bash accepts, so bash globs it (it may match a file
    // named `PATH=bin`): a name computed at run time.
    let j = i + 1;
    while (j < n && <u32>load<u8>(p + <usize>j) != Ch.RBRACKET) j++;
    const after = j + 1 < n ? <u32>load<u8>(p + <usize>j + 1) : 0;
    if (j >= n || j + 1 == n || after == Ch.EQ || (after == Ch.PLUS && j + 2 < n && <u32>load<u8>(p + <usize>j + 2) == Ch.EQ)) return i;
    return (s.wordFlags(w) & WordFlag.GLOB) != 0 ? -1 : 0;
  }
  return c == Ch.EQ || c == Ch.PLUS ? i : 0;
}

/** `/dev/stdin`, `/dev/fd/0`, `/proc/self/fd/0` or `-`. */
export function isStdinPath(s: Script, w: i32): bool {
  return wordIs(s, w, "/dev/stdin") || wordIs(s, w, "/dev/fd/0") || wordIs(s, w, "/proc/self/fd/0") || wordIs(s, w, "-");
}
