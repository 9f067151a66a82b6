// Flags of a command, normalised so a pattern `rm -rf` matches `rm -fr`,
// `rm -r -f`, `rm -R --force`, `rm --recursive --force` and `rm --rec --f`
// (GNU accepts unique prefixes of long options). Each table maps long names
// to their short letter for one tool; flags compare ASCII case-insensitively
// (blocked_patterns are case-insensitive, so `-R` and `-r` are one flag).
//
// The tables are the program rows' flag columns (programs/: `flags(aliases, implies)`); which options take a
// value, and so end a cluster or take the next word, is the row's option grammar (and, after the subcommand a
// command names, the subcommand row's): `curl -o -X url` writes to a file named `-X`, it sets no method.

import { toLowerAscii } from "../../util/bytes";
import { basenameOffset, indexOf } from "../expand/argv";
import { Cmd, cmdId } from "./names";
import { LongValue, OptionGrammar, ProgramRow, Rule, Style } from "./spec";
import { ParsedArgs, parseArgs } from "./parse";
import { longTable } from "./spellings";
import { programRows } from "./registry";
import { IntList, Script } from "../syntax/nodes";
import { Ch, WordFlag } from "../syntax/tokens";

class FlagTable {
  constructor(
    public longMap: string,   // "recursive/r force/f …"
    public implies: string,   // "a:rdp" — letter a also sets r, d, p
    public singleDash: bool,  // -name options are whole words (find, java, go)
    /** The row's option grammar: which options take a value. */
    public grammar: OptionGrammar,
    /** The row, when the subcommand the command names reads the words after it by its own grammar. */
    public subRows: ProgramRow | null,
  ) {}
}

let tables: StaticArray<FlagTable | null> | null = null;
const GENERIC = new FlagTable("", "", false, new OptionGrammar("", "", "", Style.PERMUTE), null);
const parsed = new ParsedArgs();

/** One table per program row with flags (programs/): its aliases, implications and grammar. */
function build(): StaticArray<FlagTable | null> {
  const t = new StaticArray<FlagTable | null>(256);
  const rows = programRows();
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    if ((r.rules & Rule.FLAGS) == 0 || cmdId(r.info) == 0) continue;
    t[cmdId(r.info)] = new FlagTable(r.flagAliases, r.flagImplies, (r.grammar.style & Style.SINGLE_DASH_LONG) != 0,
      r.grammar, r.subcommands.length > 0 ? r : null);
  }
  return t;
}

/** The flag table for a name info (names.ts). */
export function flagTable(info: i32): FlagTable {
  let t = tables;
  if (t === null) { t = build(); tables = t; }
  const f = t[cmdId(info)];
  return f === null ? GENERIC : f;
}

/** Letter of a long option (or a prefix of one) in a table; 0 if none. */
export function longToShort(p: usize, n: i32, map: string, exact: bool): u32 {
  if (n <= 0) return 0;
  const m = map.length;
  let i = 0;
  while (i < m) {
    let j = i;
    while (j < m && map.charCodeAt(j) != 0x2f) j++; // '/'
    const nameLen = j - i;
    if (exact ? n == nameLen : n <= nameLen) {
      let k = 0;
      while (k < n && toLowerAscii(<u32>load<u8>(p + <usize>k)) == <u32>map.charCodeAt(i + k)) k++;
      if (k == n) return <u32>map.charCodeAt(j + 1);
    }
    i = j + 3;
  }
  return 0;
}

/** A set of lowercase short flags plus long (or single-dash) flag names. */
@final export class FlagSet {
  lo: u64 = 0;
  hi: u64 = 0;
  longPtr: IntList = new IntList(8);
  longLen: IntList = new IntList(8);
  /** A flag-position word was computed at run time: any flag may be present. */
  dynamic: bool = false;

  reset(): void {
    this.lo = 0;
    this.hi = 0;
    this.longPtr.reset();
    this.longLen.reset();
    this.dynamic = false;
  }

  addShort(c: u32): void {
    c = toLowerAscii(c);
    if (c < 64) this.lo |= (<u64>1) << <u64>c;
    else if (c < 128) this.hi |= (<u64>1) << <u64>(c - 64);
  }

  hasShort(c: u32): bool {
    c = toLowerAscii(c);
    if (c < 64) return ((this.lo >> <u64>c) & 1) != 0;
    if (c < 128) return ((this.hi >> <u64>(c - 64)) & 1) != 0;
    return false;
  }

  addLong(p: usize, n: i32): void {
    this.longPtr.push(<i32>p);
    this.longLen.push(n);
  }

  /** Does the set hold long flag (p, n), or an abbreviation of it? */
  hasLong(p: usize, n: i32): bool {
    for (let i = 0, m = this.longPtr.length; i < m; i++) {
      const q = <usize>this.longPtr.get(i), l = this.longLen.get(i);
      if (l == 0 || l > n) continue;
      let k = 0;
      while (k < l && toLowerAscii(<u32>load<u8>(q + <usize>k)) == toLowerAscii(<u32>load<u8>(p + <usize>k))) k++;
      if (k == l) return true;
    }
    return false;
  }

  /** Does this set contain every flag of `want`? */
  covers(want: FlagSet): bool {
    if ((want.lo & ~this.lo) != 0 || (want.hi & ~this.hi) != 0) return false;
    for (let i = 0, m = want.longPtr.length; i < m; i++) {
      if (!this.hasLong(<usize>want.longPtr.get(i), want.longLen.get(i))) return false;
    }
    return true;
  }

  applyImplications(implies: string): void {
    const m = implies.length;
    let i = 0;
    while (i + 1 < m) {
      const from = <u32>implies.charCodeAt(i);
      let j = i + 2;
      const on = this.hasShort(from);
      while (j < m && implies.charCodeAt(j) != 0x20) {
        if (on) this.addShort(<u32>implies.charCodeAt(j));
        j++;
      }
      i = j + 1;
    }
  }
}

/** Is word w a flag word (static, `-x…` or `--x…`, not `-` or `--`)? */
export function isFlagWord(s: Script, w: i32): bool {
  const n = s.wordLen(w);
  return n >= 2 && <u32>load<u8>(s.wordPtr(w)) == Ch.MINUS && !(n == 2 && <u32>load<u8>(s.wordPtr(w) + 1) == Ch.MINUS);
}

/** Collect the flags of argv[start + 1, end) of `cmd` (up to `--`) into `set`. */
export function collectFlags(s: Script, cmd: i32, start: i32, end: i32, info: i32, set: FlagSet): void {
  set.reset();
  const t = flagTable(info);
  // `git commit -mfix` is no -f: past the subcommand, its grammar says -m takes a value.
  const row = t.subRows;
  const sub = row !== null ? subcommandGrammar(row, s, cmd, start, end) : null;
  const subAt = sub !== null ? subcommandAt : end;
  const git = cmdId(info) == Cmd.GIT;
  let operandsOnly = false;
  // The previous word was an option whose value is the next word (`-o FILE`, `--output FILE`, `-name PAT`).
  let valueNext = false;
  for (let k = start + 1; k < end; k++) {
    const w = s.arg(cmd, k);
    const g = k > subAt ? sub as OptionGrammar : t.grammar;
    const p = s.wordPtr(w), n = s.wordLen(w);
    if (valueNext) {
      valueNext = false;
      // A static value is only a value, whatever it looks like (`curl -o -X url`). A computed one is read as
      // below: it may split into more words than the value.
      if (s.isStatic(w)) continue;
    }
    if (!s.isStatic(w)) {
      // `rm $FLAGS /`, `rm -$X /`, `git push origin ${p}main` (p=+), `"$@"`, `$(echo --force)`, a value split
      // at blanks (`main$x`), a brace expansion (`{--force,}`), a glob that may name a file `--force`
      // (`*`): the flags are unknown.
      if (mayBeFlag(s, w)) set.dynamic = true;
      if (n > 1 && <u32>load<u8>(p) == Ch.MINUS) addCluster(set, p, n, g);
      continue;
    }
    // `git push origin +main` forces the update, like -f; `git push origin :main` deletes the branch,
    // which the force-push patterns mean too (also after `--`, where refspecs still follow).
    if (n >= 2 && git && (<u32>load<u8>(p) == Ch.PLUS || <u32>load<u8>(p) == Ch.COLON)) { set.addShort(0x66); continue; }
    if (operandsOnly || n < 2 || <u32>load<u8>(p) != Ch.MINUS) continue;
    if (<u32>load<u8>(p + 1) == Ch.MINUS) {
      if (n == 2) { if (git) { operandsOnly = true; continue; } break; } // --
      const eq = indexOf(p, n, Ch.EQ);
      const len = (eq < 0 ? n : eq) - 2;
      const c = longToShort(p + 2, len, t.longMap, false);
      if (c != 0) set.addShort(c);
      else set.addLong(p + 2, len);
      valueNext = eq < 0 && longTakesNext(g, p + 2, len);
      continue;
    }
    if (t.singleDash) {
      set.addLong(p + 1, n - 1);
      const eq = indexOf(p, n, Ch.EQ);
      valueNext = eq < 0 && longTakesNext(g, p + 1, n - 1);
      continue;
    }
    valueNext = addCluster(set, p, n, g);
  }
  set.applyImplications(t.implies);
}

/**
 * Does long option (p, n), spelt without `=value`, take the next word as its value in grammar g? Not under
 * SEPARATE_VALUES (npm's nopt leaves a next word that looks like an option alone: `--registry -g` is -g).
 */
function longTakesNext(g: OptionGrammar, p: usize, n: i32): bool {
  if ((g.style & Style.SEPARATE_VALUES) != 0 || g.longs.length == 0) return false;
  const lt = longTable(g);
  const i = lt.find(p, n, (g.style & Style.EXACT_LONG) != 0);
  return i >= 0 && lt.value[i] == LongValue.REQUIRED;
}

/** argv index of the subcommand subcommandGrammar found (start when the check starts at it). */
let subcommandAt: i32 = -1;

/**
 * The grammar of the subcommand argv[start, end) names: argv[start] is the program (`git -C d commit …`) or,
 * for a check that starts at the subcommand (`git clean`'s), the subcommand itself; null when none has a row.
 * Sets subcommandAt.
 */
function subcommandGrammar(row: ProgramRow, s: Script, cmd: i32, start: i32, end: i32): OptionGrammar | null {
  const w = s.arg(cmd, start);
  if (!s.isStatic(w)) return null;
  const p = s.wordPtr(w), n = s.wordLen(w);
  for (let i = 0; i < row.subcommands.length; i++) {
    if (inNames(row.subcommands[i].names, p, n)) { subcommandAt = start; return row.subcommands[i].grammar; }
  }
  const b = basenameOffset(p, n);
  if (!inNames(row.names, p + <usize>b, n - b)) return null;
  const sub = parseArgs(row, s, cmd, start, end, parsed).sub;
  if (sub === null) return null;
  subcommandAt = parsed.subArg;
  return sub.grammar;
}

/** Is (p, n) one of the space-separated `names`, ASCII case-insensitively? */
function inNames(names: string, p: usize, n: i32): bool {
  const m = names.length;
  let i = 0;
  while (i < m) {
    let j = i;
    while (j < m && names.charCodeAt(j) != 0x20) j++;
    if (j - i == n) {
      let k = 0;
      while (k < n && toLowerAscii(<u32>load<u8>(p + <usize>k)) == <u32>names.charCodeAt(i + k)) k++;
      if (k == n) return true;
    }
    i = j + 1;
  }
  return false;
}

/** Can a word with run-time parts (not static) turn out to be, or to hold, a flag or a `+`/`:` refspec? */
function mayBeFlag(s: Script, w: i32): bool {
  const n = s.wordLen(w);
  if (n == 0) return false;
  const flags = s.wordFlags(w);
  if ((flags & (WordFlag.SPLITS | WordFlag.BRACE)) != 0) return true;
  const c = <u32>load<u8>(s.wordPtr(w));
  if (c == Ch.MINUS || c == Ch.PLUS || c == Ch.COLON || load<u8>(s.attrPtr(w)) == 2) return true;
  return (flags & WordFlag.GLOB) != 0 && load<u8>(s.attrPtr(w)) == 0 && (c == Ch.STAR || c == Ch.QUESTION || c == Ch.LBRACKET);
}

/**
 * Add the letters of cluster (p, n) up to the first that takes a value (the rest is its value: `tar -Ixz`,
 * `sed -in` is -i with suffix "n"). True when that letter ends the word, so its value is the next word.
 * Under SEPARATE_VALUES every letter is a flag (npm: `-cf` is -c -f).
 */
function addCluster(set: FlagSet, p: usize, n: i32, g: OptionGrammar): bool {
  const separate = (g.style & Style.SEPARATE_VALUES) != 0;
  for (let j = 1; j < n; j++) {
    const c = <u32>load<u8>(p + <usize>j);
    set.addShort(c);
    if (separate) continue;
    if (hasLetter(g.valueShorts, c)) return j == n - 1;
    if (hasLetter(g.optionalShorts, c)) return false;
  }
  return false;
}

function hasLetter(list: string, c: u32): bool {
  for (let q = 0, m = list.length; q < m; q++) if (<u32>list.charCodeAt(q) == c) return true;
  return false;
}
