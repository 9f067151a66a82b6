// blocked_patterns, compiled once and matched against every view (simple
// command, and every command a wrapper runs) after normalisation. Semantics,
// all ASCII case-insensitive:
//  - one word (`sudo`, `*.pem`, `/etc/shadow`): matches a whole argv word, the
//    basename of a path word, the value of `--opt=value`, or a redirection
//    target; never part of a word (`sudo` does not match `sudoku`);
//  - several words (`rm -rf /`, `git push --force`, `dd if=`): the first is the
//    command (basename); flag words must all be present in any order, split
//    or long form (`-rf` = `-fr` = `-r -f` = `-R --force` = `--rec --forc`);
//    other words must appear in order among the operands (a word ending in `=`
//    is a prefix; paths compare canonically);
//  - `*` and `?` are globs; `*` also matches `/`;
//  - `a … | b …`: a command matching `a` feeds (pipes into) one matching `b`;
//  - `> target` / `< target`: any output / input redirection to the target;
//  - an absolute or `~/` pattern word meets a path word as the shell resolves
//    it: `/etc/../etc/shadow`, `~/x` with the home, and a relative word against
//    every directory the command may run in (`cd /etc && cat shadow`); where
//    that directory is unknown, against any directory (`cat shadow` could be
//    /etc/shadow).

import { ByteBuffer, Bytes, allocZeroed, toLowerAscii, utf8 } from "../util/bytes";
import { appendComponents, canonicalizeAbsoluteInto, canonicalizeBytesInto } from "../util/path";
import { basenameOffset, indexOf } from "./expand/argv";
import { feeds, writesIfs } from "./danger";
import { FlagSet, collectFlags, flagTable, longToShort } from "./programs";
import { commandInfo } from "./programs";
import { IntList, Script, rowLen } from "./syntax/nodes";
import { BraceExpander } from "./expand/target";
import { Attr, Ch, Redir, WordFlag, WordKind, writesFile } from "./syntax/tokens";
import { bracketEnd, globsOverlap } from "./expand/glob-overlap";
import { MAX_READINGS, WrittenReading } from "./expand/expansion-text";
import { containsFolded } from "../util/swar";
import { ALL_TEXT, textOperands } from "./expand/text-operands";
import { PlaceSet, couldHit, isPlainRelative, joinedUnderHome } from "./interp/places";
import { overBudget, spend } from "../util/budget";

@final export class PatternWord {
  text: Bytes;
  glob: bool;
  prefix: bool;   // ends with `=`: matches a word starting with it
  path: bool;     // absolute: also compared after canonicalisation
  tilde: bool;    // `~` or `~/…`: the home, when it is known
  slash: bool;    // holds a `/`: never a basename
  file: bool;     // names files (see namesFile), so also met as `if=…`, `--opt=…` and `@…`
  lit: i32;       // bytes before the first `*` or `?` (all of them when there is none)
  /** As a command word: the nameKey a view's name must have to match it (plain words only; 0: any name may). */
  key: u32;
  constructor(s: string) {
    const lower = s.toLowerCase();
    this.text = utf8(lower);
    this.slash = lower.includes("/");
    this.glob = lower.includes("*") || lower.includes("?");
    this.prefix = lower.endsWith("=");
    this.path = lower.startsWith("/");
    this.tilde = lower == "~" || lower.startsWith("~/");
    this.file = namesFile(changetype<usize>(this.text), this.text.length);
    let lit = 0;
    while (lit < this.text.length && this.text[lit] != <u8>Ch.STAR && this.text[lit] != <u8>Ch.QUESTION) lit++;
    this.lit = lit;
    const n = this.text.length;
    this.key = this.glob || this.slash || n == 0 ? 0 : nameKey(changetype<usize>(this.text), n);
  }
}

/**
 * What a command word shares with a view's name that matches it (nameMatches: the basename, case-folded):
 * its last two bytes with 0x20 set (a coarser fold than toLowerAscii, so equal names have equal keys), a
 * one-byte word's with the `/` or start before it as a `/`. One 16-bit load; never 0, which stands for
 * "no key".
 */
// @ts-ignore: decorator
@inline function nameKey(p: usize, n: i32): u32 {
  return n >= 2 ? <u32>load<u16>(p + <usize>(n - 2)) | 0x2020 : <u32>Ch.SLASH | (<u32>load<u8>(p) << 8) | 0x2020;
}

/** The bit a nameKey takes in a 64-bit set of them (PatternMatcher's view names, BlockedPattern.names). */
// @ts-ignore: decorator
@inline function nameBit(key: u32): u64 {
  return (<u64>1) << <u64>((key * 0x9e3779b1) >> 26);
}

@final class PatternStage {
  head: PatternWord | null = null;
  /** Only a head word: no flags, no operands. */
  single: bool = false;
  redirect: i32 = 0; // 1 output, 2 input
  flags: FlagSet = new FlagSet();
  owned: Array<Bytes> = [];
  operands: Array<PatternWord> = [];
}

@final export class BlockedPattern {
  raw: string;
  stages: Array<PatternStage> = [];
  /** Some word is absolute or under `~`: matching needs the directories (PatternMatcher.setPlaces). */
  anchored: bool = false;
  /**
   * nameBit of every command word a match needs as a view's name (a stage's plain command word, unless the
   * pattern is that one word): a script without all of them cannot match.
   */
  names: u64 = 0;
  /**
   * Text every match spells somewhere in the words (lower case): each command (unless `names` has it) and
   * plain operand word, or a glob's longest literal run. Path words are left out — they also match through
   * a directory or the home.
   */
  literals: Array<Bytes> = [];
  /** The byte-pair entry (pairHash) of each two adjacent bytes of every literal, for the prefilter. */
  pairHashes: StaticArray<u16> = new StaticArray<u16>(0);
  /**
   * A `git push` stage: every match also spells `push` or `send-pack` (sameSubcommand), which the literals
   * cannot say (they must all be spelled).
   */
  pushOrSendPack: bool = false;
  constructor(raw: string) { this.raw = raw; }
}

/** What a match of the pattern word must contain as text, when it is matched as text only. */
function addLiteral(p: BlockedPattern, pw: PatternWord): void {
  if (pw.path || pw.tilde) return;
  const t = pw.text;
  let best = 0, bestLen = 0, run = 0;
  for (let i = 0; i <= t.length; i++) {
    if (i == t.length || t[i] == <u8>Ch.STAR || t[i] == <u8>Ch.QUESTION) {
      if (i - run > bestLen) { best = run; bestLen = i - run; }
      run = i + 1;
    }
  }
  if (bestLen == 0) return;
  const b = new StaticArray<u8>(bestLen);
  memory.copy(changetype<usize>(b), changetype<usize>(t) + <usize>best, <usize>bestLen);
  p.literals.push(b);
}

/** pairHash of each two adjacent bytes of every literal. */
function literalPairs(literals: Array<Bytes>): StaticArray<u16> {
  let count = 0;
  for (let i = 0; i < literals.length; i++) count += literals[i].length - 1;
  const out = new StaticArray<u16>(count);
  let at = 0;
  for (let i = 0; i < literals.length; i++) {
    const l = literals[i];
    for (let k = 1; k < l.length; k++) out[at++] = <u16>pairHash(<u32>l[k - 1], <u32>l[k]);
  }
  return out;
}

// The two spellings of a `git push` stage's subcommand (BlockedPattern.pushOrSendPack), and the pairHash of
// each two adjacent bytes of each, written out (static data: no code at start-up; pattern-prefilter.spec
// checks them against pairHashAt).
// @ts-ignore: decorator
@lazy export const PUSH = memory.data<u8>([0x70, 0x75, 0x73, 0x68]); // push
// @ts-ignore: decorator
@lazy export const PUSH_PAIRS = memory.data<u16>([0x570, 0x375, 0x873]);
// @ts-ignore: decorator
@lazy export const SEND_PACK = memory.data<u8>([0x73, 0x65, 0x6e, 0x64, 0x2d, 0x70, 0x61, 0x63, 0x6b]); // send-pack
// @ts-ignore: decorator
@lazy export const SEND_PACK_PAIRS = memory.data<u16>([0x573, 0xe65, 0x46e, 0xd64, 0x02d, 0x170, 0x361, 0xb63]);

/** Where PatternMatcher.find met a pattern. */
export const enum PatternHit {
  NONE = 0,
  VIEW = 1,     // a command's words (PatternMatcher.view)
  REDIRECT = 2, // a redirection's target (redirWord, of command redirCmd)
  VALUE = 3,    // a value assigned to a variable or looped over (valueWord)
}

/** What compilePattern made of a pattern: the pattern, or (pattern null) why it is unusable. */
export class CompiledPattern {
  constructor(public pattern: BlockedPattern | null, public error: string) {}
}

function unusable(message: string): CompiledPattern {
  return new CompiledPattern(null, message);
}

/** Compile one pattern. */
export function compilePattern(raw: string): CompiledPattern {
  const p = new BlockedPattern(raw);
  const parts = raw.split("|");
  for (let i = 0; i < parts.length; i++) {
    const words = splitBlanks(parts[i]);
    if (words.length == 0) continue;
    const st = new PatternStage();
    let first = words[0];
    let k = 1;
    const c0 = first.charCodeAt(0);
    if (c0 == 0x3e || c0 == 0x3c) { // > or <
      st.redirect = c0 == 0x3e ? 1 : 2;
      let j = 0;
      while (j < first.length && (first.charCodeAt(j) == 0x3e || first.charCodeAt(j) == 0x3c || first.charCodeAt(j) == 0x26)) j++;
      let target = first.substring(j);
      if (target.length == 0 && words.length > 1) { target = words[1]; k = 2; }
      if (target.length == 0) return unusable("pattern '" + raw + "' has a redirection without a target");
      const pw = new PatternWord(target);
      if (pw.path || pw.tilde) p.anchored = true;
      addLiteral(p, pw);
      st.operands.push(pw);
      p.stages.push(st);
      continue;
    }
    // The command of a multi-word pattern compares by basename; a one-word pattern is a whole word or path.
    if (words.length > 1 && first.includes("/") && !first.includes("*")) first = first.substring(first.lastIndexOf("/") + 1);
    if (first.length == 0) return unusable("pattern '" + raw + "' has an empty command");
    st.head = new PatternWord(first);
    if (st.head!.path || st.head!.tilde) p.anchored = true;
    const hb = String.UTF8.encode(first, false);
    const info = commandInfo(changetype<usize>(hb), hb.byteLength);
    const table = flagTable(info);
    for (; k < words.length; k++) {
      const w = words[k];
      if (w.length >= 2 && w.charCodeAt(0) == 0x2d && w != "--") {
        const b = utf8(w.toLowerCase());
        st.owned.push(b);
        const ptr = changetype<usize>(b), n = b.length;
        if (w.charCodeAt(1) == 0x2d) {
          const eq = indexOf(ptr, n, Ch.EQ);
          const len = (eq < 0 ? n : eq) - 2;
          const c = longToShort(ptr + 2, len, table.longMap, true);
          if (c != 0) st.flags.addShort(c);
          else st.flags.addLong(ptr + 2, len);
        } else if (table.singleDash) {
          st.flags.addLong(ptr + 1, n - 1);
        } else {
          for (let j = 1; j < n; j++) st.flags.addShort(<u32>load<u8>(ptr + <usize>j));
        }
      } else {
        const pw = new PatternWord(w);
        if (pw.path || pw.tilde) p.anchored = true;
        // `git push` is also met as `git send-pack` (sameSubcommand): `push` need not be spelled.
        if (!(first.toLowerCase() == "git" && w.toLowerCase() == "push")) addLiteral(p, pw);
        else p.pushOrSendPack = true;
        st.operands.push(pw);
      }
    }
    st.single = st.operands.length == 0 && st.flags.lo == 0 && st.flags.hi == 0 && st.flags.longPtr.length == 0;
    p.stages.push(st);
  }
  if (p.stages.length == 0) return unusable("blocked pattern '" + raw + "' is empty");
  // A command word is met only as a view's name (PatternMatcher#stage: nameMatches), except as the whole
  // pattern, which meets any word: the name set settles it, and its text need not be searched too.
  const alone = p.stages.length == 1;
  for (let i = 0; i < p.stages.length; i++) {
    const head = p.stages[i].head;
    if (head === null) continue;
    if (!(alone && p.stages[i].single) && head.key != 0) p.names |= nameBit(head.key);
    else addLiteral(p, head);
  }
  p.pairHashes = literalPairs(p.literals);
  return new CompiledPattern(p, "");
}

function splitBlanks(s: string): Array<string> {
  const out = new Array<string>();
  let i = 0;
  const n = s.length;
  while (i < n) {
    while (i < n && isSpace(s.charCodeAt(i))) i++;
    const start = i;
    while (i < n && !isSpace(s.charCodeAt(i))) i++;
    if (i > start) out.push(s.substring(start, i));
  }
  return out;
}

function isSpace(c: i32): bool {
  return c == 0x20 || c == 0x09 || c == 0x0a || c == 0x0d;
}

/** Glob match of (p, pn) against (t, tn): `*` any run, `?` one byte; ASCII case-insensitive. */
export function globMatch(p: usize, pn: i32, t: usize, tn: i32): bool {
  let pi = 0, ti = 0, star = -1, mark = 0;
  while (ti < tn) {
    if (pi < pn) {
      const pc = <u32>load<u8>(p + <usize>pi);
      if (pc == Ch.STAR) { star = pi++; mark = ti; continue; }
      if (pc == Ch.QUESTION || pc == toLowerAscii(<u32>load<u8>(t + <usize>ti))) { pi++; ti++; continue; }
    }
    if (star < 0) return false;
    pi = star + 1;
    ti = ++mark;
  }
  while (pi < pn && <u32>load<u8>(p + <usize>pi) == Ch.STAR) pi++;
  return pi == pn;
}

/** Pattern word against (p, n): a glob, or a case-insensitive equality with a cheap length check first. */
// @ts-ignore: decorator
@inline function wordMatches(pw: PatternWord, p: usize, n: i32): bool {
  const t = changetype<usize>(pw.text), tn = pw.text.length;
  if (pw.glob) return globMatch(t, tn, p, n);
  if (n != tn) return false;
  for (let i = 0; i < n; i++) {
    if (<u32>load<u8>(t + <usize>i) != toLowerAscii(<u32>load<u8>(p + <usize>i))) return false;
  }
  return true;
}

/**
 * Could the unquoted glob word (p, pn) expand to the text (t, tn)? `*`, `?` and
 * a `[…]` class (taken as any one byte, which only widens the match) —
 * `cat /etc/sha?ow` reads /etc/shadow (red-team review). Case-insensitive, as
 * blocked patterns are.
 */
function globWordCouldMatch(p: usize, pn: i32, t: usize, tn: i32): bool {
  let pi = 0, ti = 0, star = -1, mark = 0;
  while (ti < tn) {
    if (pi < pn) {
      const pc = toLowerAscii(<u32>load<u8>(p + <usize>pi));
      // globstar: `**/` may stand for no directory at all (`/etc/**/shadow` is /etc/shadow), so it is read as
      // one `*` (any text, `/` included, or none) that resumes after the `/` — a little wider, never narrower.
      if (pc == Ch.STAR && pi + 2 < pn && <u32>load<u8>(p + <usize>(pi + 1)) == Ch.STAR && <u32>load<u8>(p + <usize>(pi + 2)) == Ch.SLASH) {
        star = pi + 2; pi += 3; mark = ti; continue;
      }
      if (pc == Ch.STAR) { star = pi++; mark = ti; continue; }
      if (pc == Ch.LBRACKET) {
        const close = bracketEnd(p, pi, pn);
        if (close == -2) return true;
        if (close > 0) { pi = close; ti++; continue; }
      }
      if (pc == Ch.QUESTION || pc == toLowerAscii(<u32>load<u8>(t + <usize>ti))) { pi++; ti++; continue; }
    }
    if (star < 0) return false;
    pi = star + 1;
    ti = ++mark;
  }
  while (pi < pn && <u32>load<u8>(p + <usize>pi) == Ch.STAR) pi++;
  return pi == pn;
}

/** Does the last path segment of (p, n), if it has more than one, match the pattern word? */
function basenameMatches(pw: PatternWord, p: usize, n: i32): bool {
  if (pw.glob || pw.slash) {
    const b = basenameOffset(p, n);
    return b > 0 && wordMatches(pw, p + <usize>b, n - b);
  }
  // A plain word: the segment is the last tn bytes, after a `/` (no basename scan per pattern).
  const tn = pw.text.length;
  return n > tn && <u32>load<u8>(p + <usize>(n - tn - 1)) == Ch.SLASH && wordMatches(pw, p + <usize>(n - tn), tn);
}

/**
 * The basename of a command name (p, n) against a pattern's command word. A plain word (no glob, no `/`) is
 * the last bytes of the name, after a `/` or from its start: no scan for the last `/` per pattern and view.
 */
export function nameMatches(pw: PatternWord, p: usize, n: i32): bool {
  const tn = pw.text.length;
  let b = n - tn;
  if (pw.glob || pw.slash) b = basenameOffset(p, n);
  else if (b < 0 || (b > 0 && <u32>load<u8>(p + <usize>(b - 1)) != Ch.SLASH)) return false;
  return wordMatches(pw, p + <usize>b, n - b);
}

/** A glob word (or its last path segment) that could expand to a name the pattern word matches. */
function globWordHits(pw: PatternWord, p: usize, n: i32, flags: i32): bool {
  if ((flags & WordFlag.GLOB) == 0) return false;
  // Against an absolute or `~/` pattern a relative glob is a path under some directory: pathHit resolves it
  // (`*.ts` in /work/p is not ~/.ssh/x).
  if ((pw.path || pw.tilde) && n > 0 && load<u8>(p) != <u8>Ch.SLASH && load<u8>(p) != 0x7e) return false;
  const t = changetype<usize>(pw.text), tn = pw.text.length;
  // `ls *` names every file, but a file named `sudo` is data, not the command a pattern like `sudo` means:
  // a bare `*` only meets patterns that name files (`*.pem`, `.env`, `id_rsa`, `/etc/shadow`).
  if (onlyStars(p + <usize>basenameOffset(p, n), n - basenameOffset(p, n)) && !namesFile(t, tn)) return false;
  if (pw.glob ? globsOverlap(p, n, t, tn) : globWordCouldMatch(p, n, t, tn)) return true;
  if (indexOf(t, tn, Ch.SLASH) >= 0) return false;
  const b = basenameOffset(p, n);
  if (b <= 0) return false;
  return pw.glob ? globsOverlap(p + <usize>b, n - b, t, tn) : globWordCouldMatch(p + <usize>b, n - b, t, tn);
}

const PAIR_BITS: i32 = 4096;

/**
 * A byte pair's entry: the first byte with 0x20 set (ASCII letters fold to
 * lower case; other bytes may share an entry, which only costs a search) and
 * the low four bits of the second. The text side takes both bytes from one
 * 16-bit load (pairHashAt).
 */
// @ts-ignore: decorator
@inline function pairHash(a: u32, b: u32): u32 {
  return (a | 0x20) | ((b & 15) << 8);
}

// @ts-ignore: decorator
@inline export function pairHashAt(p: usize): u32 {
  return (<u32>load<u16>(p) | 0x20) & <u32>(PAIR_BITS - 1);
}

/** 0x20 in every byte: an eight-byte load or'ed with it has every pair's first byte folded for pairHashOfFolded. */
export const PAIR_FOLD: u64 = 0x2020202020202020;

/** pairHashAt of the two low bytes of x, whose low byte has 0x20 set already (PAIR_FOLD). */
// @ts-ignore: decorator
@inline export function pairHashOfFolded(x: u64): usize {
  return <usize>(<u32>x & <u32>(PAIR_BITS - 1));
}

const MAX_HOME_TAIL: i32 = 1024;

/** Work units (util/budget.ts) of trying one place for a path word, even when couldHit rules it out at once. */
const PLACE_UNITS: i64 = 4;

/** Work units of meeting one word with one pattern word (the glob, value, option and path readings), plus its bytes. */
const WORD_UNITS: i64 = 16;

// What PatternMatcher.dynamicForm built: some byte other than `/` is known; the first segment holds an
// unknown expansion.
const FORM_LITERAL: i32 = 1;
const FORM_FIRST_DYNAMIC: i32 = 4;

/** A canonical path against a pattern word: as text, or — for an unquoted glob word — could it expand to it. */
function textHit(pw: PatternWord, p: usize, n: i32, glob: bool): bool {
  if (!glob) return wordMatches(pw, p, n);
  const t = changetype<usize>(pw.text), tn = pw.text.length;
  return pw.glob ? globsOverlap(p, n, t, tn) : globWordCouldMatch(p, n, t, tn);
}

/** Does the word start with the expansion `$HOME` or `${HOME}`, followed by `/` or its end? */
function startsWithHome(p: usize, a: usize, n: i32): bool {
  const k = n >= 7 && load<u8>(p + 1) == Ch.LBRACE ? 7 : 5;
  if (n < k || (n > k && load<u8>(p + <usize>k) != <u8>Ch.SLASH)) return false;
  for (let i = 0; i < k; i++) if (<u32>load<u8>(a + <usize>i) != Attr.EXPANSION) return false;
  if (n > k && <u32>load<u8>(a + <usize>k) == Attr.EXPANSION) return false;
  const text = k == 7 ? "${HOME}" : "$HOME";
  for (let i = 0; i < k; i++) if (<u32>load<u8>(p + <usize>i) != <u32>text.charCodeAt(i)) return false;
  return true;
}

/** Is (t, tn) at i a `/` followed by a segment without glob characters? */
function literalSegmentAt(t: usize, tn: i32, i: i32): bool {
  if (<u32>load<u8>(t + <usize>i) != Ch.SLASH) return false;
  let j = i + 1;
  if (j >= tn) return false;
  for (; j < tn; j++) {
    const b = <u32>load<u8>(t + <usize>j);
    if (b == Ch.SLASH) break;
    if (b == Ch.STAR || b == Ch.QUESTION) return false;
  }
  return true;
}

function onlyStars(p: usize, n: i32): bool {
  for (let i = 0; i < n; i++) if (<u32>load<u8>(p + <usize>i) != Ch.STAR) return false;
  return n > 0;
}

/** A pattern word with `.`, `/`, `_`, `~` or a glob in it names files; letters, digits and `-` alone name a command. */
function namesFile(t: usize, tn: i32): bool {
  for (let i = 0; i < tn; i++) {
    const c = <u32>load<u8>(t + <usize>i);
    if (c == 0x2e || c == Ch.SLASH || c == 0x5f || c == 0x7e || c == Ch.STAR || c == Ch.QUESTION) return true;
  }
  return false;
}

/** wildWord for one reading of a word: its text, Attr bytes and WordFlags. */
function wildText(p: usize, a: usize, n: i32, flags: i32): i32 {
  if (n == 0) return 0;
  if ((flags & WordFlag.BRACE) != 0) return 2;
  let expansion = false;
  for (let i = 0; i < n; i++) if (load<u8>(a + <usize>i) == Attr.EXPANSION) { expansion = true; break; }
  // An unquoted part known only at run time splits into any number of words.
  if (expansion && (flags & WordFlag.SPLITS) != 0) return 2;
  let result = fieldMayBeFlag(p, a, n, 0, flags) ? 1 : 0;
  // A written value read unquoted splits at its blanks: `x="main --force"; git push origin $x`.
  for (let i = 1; i < n; i++) {
    const c = <u32>load<u8>(p + <usize>(i - 1));
    if (load<u8>(a + <usize>(i - 1)) == Attr.UNQUOTED && (c == Ch.SPACE || c == Ch.TAB || c == Ch.NL) &&
      fieldMayBeFlag(p, a, n, i, flags)) return 2;
  }
  return result;
}

/** Does the field starting at byte i start like an option, a `+`/`:` refspec, a value or a leading glob? */
function fieldMayBeFlag(p: usize, a: usize, n: i32, i: i32, flags: i32): bool {
  if (i >= n) return false;
  const c = <u32>load<u8>(p + <usize>i), attr = load<u8>(a + <usize>i);
  if (attr == Attr.EXPANSION) return true;
  if (c == Ch.MINUS || c == Ch.PLUS || c == Ch.COLON) return true;
  return attr == Attr.UNQUOTED && (flags & WordFlag.GLOB) != 0 && (c == Ch.STAR || c == Ch.QUESTION || c == Ch.LBRACKET);
}

/**
 * git plumbing that does what a porcelain subcommand in a pattern names: `git send-pack --force` updates
 * the remote as `git push --force` does.
 */
function sameSubcommand(s: Script, head: PatternWord, pw: PatternWord, w: i32): bool {
  const h = head.text, o = pw.text;
  if (h.length != 3 || o.length != 4 || !s.isStatic(w) || s.wordLen(w) != 9) return false;
  if (!(h[0] == 0x67 && h[1] == 0x69 && h[2] == 0x74)) return false; // git
  if (!(o[0] == 0x70 && o[1] == 0x75 && o[2] == 0x73 && o[3] == 0x68)) return false; // push
  const p = s.wordPtr(w);
  return load<u64>(p) == 0x6361702d646e6573 && load<u8>(p + 8) == 0x6b; // "send-pac" + "k"
}

/**
 * Whether find skips the views whose name's key rules the command word out before matching them: false
 * runs every view through the full match, the reference of the differential spec. Read only in builds with
 * the compile-time constant ORACLES (the oracle tier): the release wasm has no toggle.
 */
let namePrecheck = true;

/** Set namePrecheck (oracle builds only). */
export function setNamePrecheck(on: bool): void {
  namePrecheck = on;
}

/** Matches blocked patterns against a parsed script. */
export class PatternMatcher {
  flags: FlagSet = new FlagSet();
  braces: BraceExpander = new BraceExpander();
  canon: ByteBuffer = new ByteBuffer(64);
  homed: ByteBuffer = new ByteBuffer(64);
  joined: ByteBuffer = new ByteBuffer(64);
  dyn: ByteBuffer = new ByteBuffer(64);
  written: WrittenReading = new WrittenReading();
  /** A view's text operands (textOperands), for one-word patterns. */
  texts: IntList = new IntList(8);
  // Where relative words resolve: the directories the command may run in — canonical (the tool's cwd and
  // every resolved cd), or as written when they lie under an unknown one (`~/.ssh` with no home, `sub`
  // with no cwd) — whether some other directory is possible, and the canonical home (empty: unknown).
  places: PlaceSet = new PlaceSet();
  placeUnknown: bool = true;
  home: ByteBuffer = new ByteBuffer(64);
  /**
   * How the last match was made (for the message): 0 as written, 1 resolved into `resolved`, 2 under an
   * unknown directory, 3 not tried (more written values than MAX_READINGS).
   */
  via: i32 = 0;
  nameWord: bool = false;
  resolved: ByteBuffer = new ByteBuffer(64);
  /** The view that matched (for the message). */
  view: i32 = -1;
  redirWord: i32 = -1;
  valueWord: i32 = -1;
  redirCmd: i32 = -1;

  /** Directories for anchored patterns; `unknown` when the command may also run somewhere not listed. */
  resetPlaces(home: usize, homeLen: i32, unknown: bool): void {
    this.places.reset();
    this.placeUnknown = unknown;
    this.home.reset();
    this.home.append(home, homeLen);
  }

  /** A directory the command may run in; one already added is not added again. */
  addPlace(p: usize, n: i32): void {
    spend(<i64>n + 1);
    this.places.add(p, n);
  }

  /**
   * False when `pat` cannot match: a command word it needs is no view's name, or some text every match would
   * spell is in no word. The text only where every word is read as its text — a run-time part, an unquoted
   * glob or a brace can spell what the text does not.
   */
  mayMatch(s: Script, pat: BlockedPattern): bool {
    const names = pat.names;
    if (names != 0) {
      // The cache test here, not in the call: mayMatch runs once per pattern, the keys once per script.
      if (this.keysGeneration != s.generation || this.keysCount != s.viewCount) this.nameKeys(s);
      if ((this.viewNames & names) != names) return false;
    }
    const lits = pat.literals;
    if (lits.length == 0 && !pat.pushOrSendPack) return true;
    if (this.seenGeneration != s.generation) this.indexText(s);
    if (this.spellsMore) return true;
    // Every byte pair of every literal must be in the text before any is worth a search.
    const table = this.pairs, stamp = this.stamp;
    const hashes = pat.pairHashes;
    for (let i = 0, n = hashes.length; i < n; i++) {
      if (<u32>load<u8>(table + <usize>unchecked(hashes[i])) != stamp) return false; // i < length
    }
    for (let i = 0, n = lits.length; i < n; i++) {
      const l = lits[i];
      if (!containsFolded(s.text.ptr, s.text.length, changetype<usize>(l), l.length)) return false;
    }
    // `git push` patterns: most commands with git spell neither `push` nor `send-pack`.
    return !pat.pushOrSendPack || this.spells(s, PUSH, 4, PUSH_PAIRS) || this.spells(s, SEND_PACK, 9, SEND_PACK_PAIRS);
  }

  /** Is the n-byte literal at l (with its n - 1 pairHashes at pairs) in the text indexed for s (spellsMore false)? */
  private spells(s: Script, l: usize, n: i32, pairs: usize): bool {
    const table = this.pairs, stamp = this.stamp;
    for (let i = 0; i < n - 1; i++) {
      if (<u32>load<u8>(table + <usize>load<u16>(pairs + (<usize>i << 1))) != stamp) return false;
    }
    return containsFolded(s.text.ptr, s.text.length, l, n);
  }

  private seenGeneration: i32 = -1;
  private spellsMore: bool = true;
  /**
   * The byte pairs (case-folded, hashed to 4096 entries) of every word's text, for mayMatch: an entry
   * holds the stamp of the last script that had the pair, so indexing is one store per byte and
   * nothing is cleared until the stamp wraps.
   */
  private pairs: usize = allocZeroed(PAIR_BITS);
  private stamp: u32 = 0;

  // nameKey of each view's name and the nameBit set of them, for the script (generation, view count) named.
  private keysGeneration: i32 = -1;
  private keysCount: i32 = -1;
  private viewNames: u64 = 0;
  private viewKeys: StaticArray<u32> = new StaticArray<u32>(16);

  private nameKeys(s: Script): void {
    const count = s.viewCount;
    if (this.keysGeneration == s.generation && this.keysCount == count) return;
    if (this.viewKeys.length < count) this.viewKeys = new StaticArray<u32>(count + 16);
    const keys = this.viewKeys;
    let bits: u64 = 0;
    for (let v = 0; v < count; v++) {
      const r = s.wordRow(s.viewName(v));
      const n = rowLen(r);
      const key = n == 0 ? 0 : nameKey(s.rowPtr(r), n);
      unchecked(keys[v] = key); // v < count <= length
      if (key != 0) bits |= nameBit(key);
    }
    this.viewNames = bits;
    this.keysGeneration = s.generation;
    this.keysCount = count;
  }

  /** Once per script: does some word stand for text other than its own (DYNAMIC, GLOB, BRACE), and its pairs. */
  private indexText(s: Script): void {
    this.seenGeneration = s.generation;
    this.spellsMore = (s.wordFlagsSeen & (WordFlag.DYNAMIC | WordFlag.GLOB | WordFlag.BRACE)) != 0;
    if (this.spellsMore) return;
    const table = this.pairs;
    let stamp = this.stamp + 1;
    if (stamp > 0xff) {
      memory.fill(table, 0, PAIR_BITS);
      stamp = 1;
    }
    this.stamp = stamp;
    const t = s.text.ptr, n = s.text.length;
    const mark = <u8>stamp;
    let i = 0;
    // Seven pairs from each eight-byte load (pair k is bytes k and k + 1), then the rest one by one. The
    // 0x20 of every first byte is set for all seven at once: it leaves a second byte's low four bits as they are.
    for (; i + 8 <= n; i += 7) {
      const x = load<u64>(t + <usize>i) | PAIR_FOLD;
      store<u8>(table + pairHashOfFolded(x), mark);
      store<u8>(table + pairHashOfFolded(x >> 8), mark);
      store<u8>(table + pairHashOfFolded(x >> 16), mark);
      store<u8>(table + pairHashOfFolded(x >> 24), mark);
      store<u8>(table + pairHashOfFolded(x >> 32), mark);
      store<u8>(table + pairHashOfFolded(x >> 40), mark);
      store<u8>(table + pairHashOfFolded(x >> 48), mark);
    }
    for (; i + 1 < n; i++) store<u8>(table + <usize>pairHashAt(t + <usize>i), mark);
  }

  /**
   * Where `pat` first matches: a view (in order; `view` set), a redirection (`redirWord`, `redirCmd`), a
   * value written into a variable or looped over (`valueWord`), or nowhere.
   */
  find(s: Script, pat: BlockedPattern): PatternHit {
    this.redirWord = -1;
    this.view = -1;
    const st0 = pat.stages[0];
    if (st0.redirect != 0) return this.findRedirect(s, st0);
    const alone = pat.stages.length == 1;
    // A view whose name's key differs from the command word's cannot match it (stage: nameMatches).
    const key = alone && st0.single ? 0 : st0.head!.key;
    if (key != 0) this.nameKeys(s);
    const keys = this.viewKeys;
    for (let v = 0, n = s.viewCount; v < n; v++) {
      if (overBudget()) return PatternHit.NONE; // the caller denies
      if (key != 0 && (!isDefined(ORACLES) || namePrecheck) && unchecked(keys[v]) != key) continue; // v < count
      // A one-word pattern meets a view's words; a wrapper's view (`env env … ls`) holds all the words of
      // the views under it in the same command, and met them no more strictly (a name word is only stricter),
      // so those views cannot match where it did not: skipping them keeps wrapper chains linear.
      if (alone && st0.single) {
        const parent = s.vParent(v);
        if (parent >= 0 && s.vCmd(parent) == s.vCmd(v)) continue;
      }
      if (!this.stage(s, st0, v, alone)) continue;
      if (alone || this.rest(s, pat, 1, v)) { this.view = v; return PatternHit.VIEW; }
    }
    if (pat.stages.length == 1 && st0.single) {
      // Redirections with no command name of their own: `{ …; } >> f`, `while …; done < f`, `< f`, `$(< f)`.
      const head = st0.head!;
      for (let c = 0, n = s.commandCount; c < n; c++) {
        if (s.cArgc(c) != 0) continue;
        for (let k = 0, m = s.cRedirN(c); k < m; k++) {
          const r = s.redirFlat.get(s.cRedir(c) + k);
          this.via = 0;
          if (this.loose(s, head, r)) { this.redirWord = r; this.redirCmd = c; return PatternHit.REDIRECT; }
        }
      }
      if (head.file) return this.findValue(s, head);
    }
    return PatternHit.NONE;
  }

  /**
   * A file-naming word against the values the command writes into variables (`f=key.pem; cat $f`,
   * `for f in /etc/shadow; do cat "$f"; done`): a variable's value becomes some command's argument.
   * VALUE with `valueWord` set, or NONE.
   */
  private findValue(s: Script, pw: PatternWord): PatternHit {
    this.via = 0;
    for (let i = 0, n = s.assignFlat.length; i < n; i++) {
      const w = s.assignFlat.get(i);
      const p = s.wordPtr(w), k = s.wordLen(w);
      const eq = indexOf(p, k, Ch.EQ);
      if (eq <= 0 || eq + 1 >= k) continue;
      const glob = (s.wordFlags(w) & WordFlag.GLOB) != 0;
      let hit = this.looseBytes(pw, p + <usize>(eq + 1), k - eq - 1, glob);
      // An array, `a=(/etc/shadow x)`: each element.
      if (!hit && load<u8>(p + <usize>(eq + 1)) == <u8>Ch.LPAREN) hit = this.elementsHit(pw, p + <usize>(eq + 2), k - eq - 2, glob);
      // A value with run-time parts may be the word of a `${x:-word}` in it (`f=${x:-/etc/shadow}`).
      if (!hit && (s.wordFlags(w) & WordFlag.DYNAMIC) != 0) {
        hit = this.writtenHit(s, pw, p + <usize>(eq + 1), s.attrPtr(w) + <usize>(eq + 1), k - eq - 1, true);
      }
      if (hit) { this.valueWord = w; return PatternHit.VALUE; }
    }
    for (let i = 0, n = s.loopWords.length; i < n; i++) {
      const w = s.loopWords.get(i);
      if (this.loose(s, pw, w)) { this.valueWord = w; return PatternHit.VALUE; }
    }
    return PatternHit.NONE;
  }

  private rest(s: Script, pat: BlockedPattern, i: i32, prev: i32): bool {
    if (i >= pat.stages.length) return true;
    const st = pat.stages[i];
    const head = st.head;
    const key = head === null ? 0 : head.key;
    if (key != 0) this.nameKeys(s);
    const keys = this.viewKeys;
    for (let v = 0, n = s.viewCount; v < n; v++) {
      if (!spend(1)) return false;
      if (key != 0 && (!isDefined(ORACLES) || namePrecheck) && unchecked(keys[v]) != key) continue; // v < count
      if (!feeds(s, s.vCmd(prev), s.vCmd(v))) continue;
      if (this.stage(s, st, v, false) && this.rest(s, pat, i + 1, v)) return true;
    }
    return false;
  }

  private stage(s: Script, st: PatternStage, v: i32, alone: bool): bool {
    this.via = 0;
    const cmd = s.vCmd(v), start = s.vStart(v), end = s.vEnd(v);
    const head = st.head;
    if (head === null) return false;
    if (alone && st.single) {
      // One word: any whole word, basename, --opt=value, or redirection target.
      // The command's name is looked up in PATH, not the directory: it is a path only when it has a `/`.
      this.nameWord = true;
      const hit = this.loose(s, head, s.arg(cmd, start));
      this.nameWord = false;
      if (hit) return true;
      // Operands the program only reads as text (`grep sudo f`, `echo sudo`) are not met: text-operands.ts.
      const texts = head.path || head.tilde ? 0 : textOperands(s, v, this.texts);
      if (texts != ALL_TEXT) {
        for (let k = start + 1, t = 0; k < end; k++) {
          if (t < texts && start + this.texts.get(t) == k) { t++; continue; }
          if (this.loose(s, head, s.arg(cmd, k))) return true;
        }
      }
      if (start == 0) {
        for (let k = 0, m = s.cRedirN(cmd); k < m; k++) {
          if (this.loose(s, head, s.redirFlat.get(s.cRedir(cmd) + k))) return true;
        }
      }
      return false;
    }
    const name = s.arg(cmd, start);
    if (!nameMatches(head, s.wordPtr(name), s.wordLen(name))) return false;
    // Words computed at run time may stand for what the pattern wants (fail closed): one that starts
    // with a value (`"$X"`, `${p}main`, `$(…)`) for one word, one that splits or brace-expands
    // (`$x` with IFS=`,`, `{--force,}`) for any number of words.
    let next = 0, wild = 0, split = false;
    const want = st.operands.length;
    for (let k = start + 1; k < end; k++) {
      const w = s.arg(cmd, k);
      if (next < want && (this.operand(s, st.operands[next], w) || sameSubcommand(s, head, st.operands[next], w))) { next++; continue; }
      if (s.isStatic(w)) continue;
      const m = this.wildWord(s, w);
      if (m == 2) split = true;
      else if (m == 1) wild++;
    }
    if (next < want) {
      if (!split && wild < want - next) return false;
      if (!split) wild -= want - next;
      this.via = 4;
    }
    if (!st.single) {
      collectFlags(s, cmd, start, end, s.vInfo(v), this.flags);
      if (!this.flags.covers(st.flags)) {
        if (!split && wild == 0) return false;
        this.via = 4;
      }
    }
    return true;
  }

  /**
   * Can word w (not static) be, or split into, an option or a `+`/`:` refspec? 0: no; 1: it may be one
   * such word; 2: it may be any number of words. Read with the values the command writes for its
   * variables (`OUT=dist; rm -r $OUT` is not a flag, `x=--force; git push $x` is); a part with no written
   * value (the environment, `$(…)`, `"$@"`) may be anything.
   */
  private wildWord(s: Script, w: i32): i32 {
    const p = s.wordPtr(w), a = s.attrPtr(w), n = s.wordLen(w);
    // After the command sets IFS, an unquoted value splits wherever it says (`IFS=,; x=push,--force; git $x`).
    if ((s.wordFlags(w) & WordFlag.SPLITS) != 0 && writesIfs(s)) return 2;
    const r = this.written;
    if (!r.read(s, p, a, n) || r.unresolved) return wildText(p, a, n, s.wordFlags(w));
    const count = r.readings;
    if (count > MAX_READINGS) return 2;
    let most = 0;
    for (let k = 0; k < count && most < 2; k++) {
      if (k > 0) r.read(s, p, a, n, k);
      const b = r.word;
      const m = wildText(b.text.ptr, b.attr.ptr, b.length, r.flags);
      if (m > most) most = m;
    }
    return most;
  }

  /** A pattern operand against one word (all brace alternatives). */
  private operand(s: Script, pw: PatternWord, w: i32): bool {
    if (!spend(<i64>s.wordLen(w) + WORD_UNITS)) return false;
    return this.wordHit(s, pw, s.wordPtr(w), s.attrPtr(w), s.wordLen(w), s.wordFlags(w), false, true);
  }

  /** One-word pattern against a word: whole word, basename, or value of --opt=value. */
  private loose(s: Script, pw: PatternWord, w: i32): bool {
    if (!spend(<i64>s.wordLen(w) + WORD_UNITS)) return false;
    return this.wordHit(s, pw, s.wordPtr(w), s.attrPtr(w), s.wordLen(w), s.wordFlags(w), true, true);
  }

  /**
   * A word (text, Attr, flags) against a pattern word, as a one-word pattern (`loose`) or a multi-word
   * pattern's operand: as a glob that could expand to it, with each run-time part as any text
   * (`dynamicHit`) and — `written` — as the value written for it (`writtenHit`), and each brace alternative.
   */
  private wordHit(s: Script, pw: PatternWord, p: usize, a: usize, n: i32, flags: i32, loose: bool, written: bool): bool {
    if (globWordHits(pw, p, n, flags)) return true;
    if ((flags & WordFlag.DYNAMIC) != 0) {
      if ((pw.path || pw.tilde) && this.dynamicHit(pw, p, a, n)) return true;
      if (written && this.writtenHit(s, pw, p, a, n, loose)) return true;
    }
    const glob = (flags & WordFlag.GLOB) != 0;
    if ((flags & WordFlag.BRACE) == 0) return loose ? this.looseBytes(pw, p, n, glob) : this.operandBytes(pw, p, n, glob);
    const m = this.braces.expand(p, a, n);
    for (let i = 0; i < m; i++) {
      const bp = this.braces.text.ptr + <usize>this.braces.start.get(i), bn = this.braces.len.get(i);
      if (loose ? this.looseBytes(pw, bp, bn, glob) : this.operandBytes(pw, bp, bn, glob)) return true;
    }
    return false;
  }

  /**
   * The word as it reads with the values written for its run-time parts (WrittenReading): `${x:-/etc/shadow}`,
   * `E=/etc; cat $E/shadow`. Tried beside "any text", never instead: `read E`, `unset E` or a prefix
   * assignment (`E=/tmp cat $E/shadow`) can make the written value the wrong one, never the only one.
   */
  private writtenHit(s: Script, pw: PatternWord, p: usize, a: usize, n: i32, loose: bool): bool {
    const r = this.written;
    if (!r.read(s, p, a, n)) return false;
    const count = r.readings;
    if (count > MAX_READINGS) { this.via = 3; return true; } // too many to try: fail closed
    const b = r.word;
    for (let k = 0; k < count; k++) {
      if (k > 0) r.read(s, p, a, n, k);
      if (this.wordHit(s, pw, b.text.ptr, b.attr.ptr, b.length, r.flags, loose, false)) return true;
    }
    return false;
  }

  private operandBytes(pw: PatternWord, p: usize, n: i32, glob: bool): bool {
    const t = changetype<usize>(pw.text), tn = pw.text.length;
    if (wordMatches(pw, p, n)) return true;
    if (pw.prefix && n >= tn && globMatch(t, tn, p, tn)) return true;
    if (pw.path || pw.tilde) return this.pathHit(pw, p, n, glob);
    return !pw.slash && basenameMatches(pw, p, n);
  }

  private looseBytes(pw: PatternWord, p: usize, n: i32, glob: bool): bool {
    if (this.looseValue(pw, p, n, glob)) return true;
    if (!pw.file) {
      const eq = n > 0 && <u32>load<u8>(p) == Ch.MINUS ? indexOf(p, n, Ch.EQ) : -1;
      return eq > 0 && wordMatches(pw, p + <usize>(eq + 1), n - eq - 1);
    }
    // A value glued to a short option: `-a/etc/shadow`, `-d@key.pem` (from its first `/`, `~` or `@`).
    if (n > 2 && <u32>load<u8>(p) == Ch.MINUS && <u32>load<u8>(p + 1) != Ch.MINUS) {
      for (let j = 2; j < n; j++) {
        const c = <u32>load<u8>(p + <usize>j);
        if (c == Ch.EQ) break;
        if (c == Ch.SLASH || c == 0x7e || c == 0x40 || c == Ch.LT) {
          const from = c == 0x40 || c == Ch.LT ? j + 1 : j;
          if (this.looseValue(pw, p + <usize>from, n - from, glob)) return true;
          break;
        }
      }
    }
    // A file: the value of `--file=x`, `if=x` (dd), and a name after `@` or `<` (curl -d @x, --data=@x, -F 'f=<x').
    const eq = indexOf(p, n, Ch.EQ);
    if (eq > 0 && this.looseValue(pw, p + <usize>(eq + 1), n - eq - 1, glob)) return true;
    let at = indexOf(p, n, 0x40);
    if (at < 0 && eq > 0 && eq + 1 < n && <u32>load<u8>(p + <usize>(eq + 1)) == Ch.LT) at = eq + 1;
    return at >= 0 && (at == 0 || at == eq + 1) && this.looseValue(pw, p + <usize>(at + 1), n - at - 1, glob);
  }

  private looseValue(pw: PatternWord, p: usize, n: i32, glob: bool): bool {
    if (wordMatches(pw, p, n)) return true;
    if (pw.path || pw.tilde) return this.pathHit(pw, p, n, glob);
    return basenameMatches(pw, p, n);
  }

  /**
   * An anchored pattern word against a path word as the shell resolves it: absolute words canonically, `~/…`
   * under the home, relative words under every known directory, and — where the home or a directory is
   * unknown — under any directory at all (`suffixHit`). `glob`: the word is an unquoted glob.
   */
  private pathHit(pw: PatternWord, p: usize, n: i32, glob: bool): bool {
    if (n == 0) return false;
    const c0 = <u32>load<u8>(p);
    if (c0 == Ch.SLASH) {
      if (!canonicalizeAbsoluteInto(this.canon, p, n)) return false;
      if (this.canonHit(pw, glob)) return true;
      // `~/.ssh/*` with no home known: /home/u/.ssh/id_rsa may be under it.
      return pw.tilde && this.home.length == 0 && this.homeTailHit(pw, glob) && this.found(2);
    }
    // Options are not paths (but `-/../etc/shadow` after `--` is); nor is a command name without a `/`.
    if ((c0 == Ch.MINUS || this.nameWord) && indexOf(p, n, Ch.SLASH) < 0) return false;
    if (c0 == 0x7e) { // ~, ~/…, ~user/…
      let slash = indexOf(p, n, Ch.SLASH);
      if (slash < 0) slash = n;
      if (slash == 1 && this.home.length > 0) {
        return canonicalizeBytesInto(this.canon, p, n, 0, 0, this.home.ptr, this.home.length) && this.canonHit(pw, glob) && this.found(1);
      }
      return this.suffixHit(pw, p + <usize>slash, n - slash, glob) && this.found(2); // some home directory
    }
    const places = this.places;
    // A plain relative word (`shadow`, `a/b`) under a canonical place is the two joined: most places are
    // ruled out on the joined bytes' length or literal prefix, without copying the place (couldHit).
    const plain = !glob && isPlainRelative(p, n);
    for (let i = 0, m = places.count; i < m; i++) {
      if (!spend(PLACE_UNITS)) return false;
      const d = places.text.ptr + <usize>places.start.get(i);
      const dn = places.len.get(i);
      if (<u32>load<u8>(d) == Ch.SLASH) {
        if (plain && places.canonical.get(i) != 0 && !this.joinedCouldHit(pw, d, dn, p, n)) continue;
        spend(<i64>(dn + n));
        if (canonicalizeBytesInto(this.canon, p, n, d, dn, 0, 0) && this.canonHit(pw, glob)) return this.found(1);
        continue;
      }
      spend(<i64>(dn + n) * <i64>(pw.text.length + 1)); // suffixHit tries the pattern from each of its `/`
      // A directory known only below an unknown one (`cd ~/.ssh` with no home): the word as a path under it.
      const j = this.joined;
      j.reset(); j.append(d, dn); j.push(<u8>Ch.SLASH); j.append(p, n);
      let from = 0;
      if (<u32>load<u8>(d) == 0x7e) { from = indexOf(j.ptr, j.length, Ch.SLASH); if (from < 0) from = j.length; }
      if (this.suffixHit(pw, j.ptr + <usize>from, j.length - from, glob)) return this.found(2);
    }
    return this.placeUnknown && this.suffixHit(pw, p, n, glob) && this.found(2);
  }

  /** Could canonHit hit for the canonical place d joined with the plain relative word w? (places.ts couldHit) */
  private joinedCouldHit(pw: PatternWord, d: usize, dn: i32, w: usize, wn: i32): bool {
    const t = changetype<usize>(pw.text), tn = pw.text.length;
    if (!pw.tilde) return couldHit(t, tn, pw.lit, pw.glob, d, dn, w, wn, 0, 0);
    const h = this.home.length;
    if (h == 0 || !joinedUnderHome(this.home.ptr, h, d, dn, w, wn)) return false;
    return couldHit(t, tn, pw.lit, pw.glob, d, dn, w, wn, h == 1 ? 0 : h, 1);
  }

  private found(via: i32): bool {
    this.via = via;
    if (via == 1) { this.resolved.reset(); this.resolved.append(this.canon.ptr, this.canon.length); }
    return true;
  }

  /**
   * A word with run-time parts (`$X/shadow`, `/etc/$(echo shadow)`, `$HOME/.ssh/id_rsa`) as a glob: each
   * expansion may be any text, `/` included. A first segment that is computed is an unknown directory (the
   * rest is matched like a relative path under one); `$HOME` there is the home. A word that is all
   * expansions (`"$f"`) names nothing the pattern can be compared with.
   */
  private dynamicHit(pw: PatternWord, p: usize, a: usize, n: i32): bool {
    const form = this.dynamicForm(p, a, n);
    return (form & FORM_LITERAL) != 0 && this.formHit(pw, form);
  }

  /** The glob form of a dynamic word into `dyn`, each expansion as `*`; FORM_* bits say what it holds. */
  private dynamicForm(p: usize, a: usize, n: i32): i32 {
    const g = this.dyn;
    g.reset();
    let i = 0, form = 0;
    if (startsWithHome(p, a, n)) {
      i = load<u8>(p + 1) == Ch.LBRACE ? 7 : 5;
      g.push(0x7e);
    }
    while (i < n) {
      if (<u32>load<u8>(a + <usize>i) == Attr.EXPANSION) {
        while (i < n && <u32>load<u8>(a + <usize>i) == Attr.EXPANSION) i++;
        if (indexOf(g.ptr, g.length, Ch.SLASH) < 0 && (g.length == 0 || <u32>load<u8>(g.ptr) != 0x7e)) form |= FORM_FIRST_DYNAMIC;
        g.push(<u8>Ch.STAR);
        continue;
      }
      const c = load<u8>(p + <usize>i);
      i++;
      if (c != <u8>Ch.SLASH) form |= FORM_LITERAL;
      g.push(c);
    }
    return form;
  }

  /** The form in `dyn` against the pattern: a path, or — when its first segment is computed — a tail under any directory. */
  private formHit(pw: PatternWord, form: i32): bool {
    const g = this.dyn;
    if ((form & FORM_FIRST_DYNAMIC) == 0) return this.pathHit(pw, g.ptr, g.length, true);
    const slash = indexOf(g.ptr, g.length, Ch.SLASH);
    return slash >= 0 && this.suffixHit(pw, g.ptr + <usize>(slash + 1), g.length - slash - 1, true) && this.found(2);
  }

  /** The blank-separated elements of an array literal's body (up to its `)`). */
  private elementsHit(pw: PatternWord, p: usize, n: i32, glob: bool): bool {
    let i = 0;
    while (i < n) {
      while (i < n && isSpace(<i32>load<u8>(p + <usize>i))) i++;
      const start = i;
      while (i < n && !isSpace(<i32>load<u8>(p + <usize>i)) && load<u8>(p + <usize>i) != <u8>Ch.RPAREN) i++;
      if (i > start && this.looseBytes(pw, p + <usize>start, i - start, glob)) return true;
      if (i < n && load<u8>(p + <usize>i) == <u8>Ch.RPAREN) i++;
    }
    return false;
  }

  /** The canonical path in `canon` against the pattern word; a `~/` pattern through the home. */
  private canonHit(pw: PatternWord, glob: bool): bool {
    const c = this.canon;
    if (!pw.tilde) return textHit(pw, c.ptr, c.length, glob);
    const h = this.home.length;
    if (h == 0 || c.length < h || memory.compare(c.ptr, this.home.ptr, <usize>h) != 0) return false;
    if (c.length > h && h > 1 && <u32>load<u8>(c.ptr + <usize>h) != Ch.SLASH) return false;
    const o = this.homed;
    o.reset();
    o.push(0x7e);
    if (h == 1) o.append(c.ptr, c.length); else o.append(c.ptr + <usize>h, c.length - h);
    return textHit(pw, o.ptr, o.length, glob);
  }

  /**
   * The relative path (p, n) under a directory nobody knows: could it be the pattern's path? Its canonical
   * form (leading `..` dropped: the unknown directory absorbs them) must spell the pattern from some `/` on
   * whose segment is literal: `shadow` and `etc/shadow` for /etc/shadow, `.ssh/id_rsa` for ~/.ssh/*. A
   * tail that starts at a glob segment (`/*`) would make every word a match, so it does not count. An
   * empty tail (`.`, `..`) is the directory itself, which only a pattern for `/` names.
   */
  private suffixHit(pw: PatternWord, p: usize, n: i32, glob: bool): bool {
    const c = this.canon;
    c.reset();
    c.push(<u8>Ch.SLASH);
    appendComponents(c, p, n); // `..` never climbs above the leading `/`
    const t = changetype<usize>(pw.text), tn = pw.text.length;
    if (c.length == 1) return pw.path && globMatch(t, tn, c.ptr, 1);
    for (let i = pw.tilde ? 1 : 0; i < tn; i++) {
      if (!literalSegmentAt(t, tn, i)) continue;
      if (glob ? (pw.glob ? globsOverlap(c.ptr, c.length, t + <usize>i, tn - i) : globWordCouldMatch(c.ptr, c.length, t + <usize>i, tn - i))
        : globMatch(t + <usize>i, tn - i, c.ptr, c.length)) return true;
    }
    return false;
  }

  /** The absolute path in `canon` under some home: does a tail of it from a `/` match the `~/` pattern's tail? */
  private homeTailHit(pw: PatternWord, glob: bool): bool {
    const c = this.canon;
    // One match per `/`: quadratic in the path, so a very long one counts as under the home (fail closed).
    if (c.length > MAX_HOME_TAIL) return true;
    const t = changetype<usize>(pw.text) + 1, tn = pw.text.length - 1;
    for (let j = 0; j < c.length; j++) {
      if (<u32>load<u8>(c.ptr + <usize>j) != Ch.SLASH) continue;
      if (glob ? (pw.glob ? globsOverlap(c.ptr + <usize>j, c.length - j, t, tn) : globWordCouldMatch(c.ptr + <usize>j, c.length - j, t, tn))
        : globMatch(t, tn, c.ptr + <usize>j, c.length - j)) return true;
    }
    return false;
  }

  private findRedirect(s: Script, st: PatternStage): PatternHit {
    const pw = st.operands[0];
    this.via = 0;
    for (let c = 0, n = s.commandCount; c < n; c++) {
      const base = s.cRedir(c);
      for (let k = 0, m = s.cRedirN(c); k < m; k++) {
        const r = s.redirFlat.get(base + k);
        const op = s.wAux(r) & 0xff;
        const out = writesFile(op) || op == Redir.DUP_OUT;
        const inp = op == Redir.IN || op == Redir.READ_WRITE || op == Redir.DUP_IN;
        if ((st.redirect == 1 && !out) || (st.redirect == 2 && !inp)) continue;
        if (this.operand(s, pw, r)) {
          this.redirWord = r;
          this.redirCmd = c;
          return PatternHit.REDIRECT;
        }
      }
    }
    return PatternHit.NONE;
  }
}
