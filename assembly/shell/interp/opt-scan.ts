// A getopt-style scan of a wrapper's options by its program row's grammar: the
// walk uses it to find where a wrapper's inner command starts. Only static words
// are options (expand/argv.ts isOptionWord), so an inner command computed at run
// time is never skipped as an option's value.

import { Script } from "../syntax/nodes";
import { Ch } from "../syntax/tokens";
import { LongValue, ProgramRow, Style, longTable } from "../programs";
import { contains, indexOf, isOptionWord } from "../expand/argv";

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
