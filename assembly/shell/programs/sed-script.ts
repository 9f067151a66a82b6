// sed runs shell commands: GNU sed's `e command` runs `command`, a bare `e`
// and the `s///e` flag run the pattern space (text from the input, which we
// cannot see). So a sed script is read far enough to find them: addresses,
// `s` and `y` with their delimiters and bracket expressions, and the commands
// that take the rest of the line. `e command` is parsed as code of the sed
// command; the pattern-space forms, a script from a file (`-f`) and anything
// this reader does not understand are code we cannot inspect (fail closed).
// `--sandbox` gets no shortcut: the same word can be a file name (`-- --sandbox`).

import { Script } from "../syntax/nodes";
import { Ch } from "../syntax/tokens";
import { EmbeddedCommands, byteIndex } from "./embedded-commands";
import { ProgramFacts } from "./spec";

/** The words (from a byte offset) sed's argv gives as script; `unreadable` when a script is a file or computed. */
class SedScripts {
  word: i32[] = [];
  offset: i32[] = [];
  unreadable: bool = false;

  reset(): void {
    this.word.length = 0;
    this.offset.length = 0;
    this.unreadable = false;
  }

  add(word: i32, offset: i32): void {
    this.word.push(word);
    this.offset.push(offset);
  }
}

const scripts = new SedScripts();

/** The script words of sed's argv[start + 1, end), into `out`. */
function findScripts(s: Script, cmd: i32, start: i32, end: i32, out: SedScripts): void {
  out.reset();
  let sawScript = false;
  let k = start + 1;
  for (; k < end; k++) {
    const a = s.arg(cmd, k);
    const p = s.wordPtr(a), n = s.wordLen(a);
    if (!s.isStatic(a)) {
      if (!sawScript) { out.unreadable = true; return; } // the script itself is computed
      continue; // a file operand
    }
    if (n == 2 && load<u8>(p) == Ch.MINUS && load<u8>(p + 1) == Ch.MINUS) { k++; break; }
    if (n < 2 || load<u8>(p) != Ch.MINUS) {
      if (!sawScript) { out.add(a, 0); sawScript = true; }
      continue;
    }
    if (load<u8>(p + 1) == Ch.MINUS) { // --expression=…, --file=… (or any unambiguous abbreviation)
      const eq = byteIndex(p, n, Ch.EQ);
      if (longOption(p, n, "--expression", 3)) {
        sawScript = true;
        if (eq > 0) out.add(a, eq + 1);
        else if (k + 1 < end) out.add(s.arg(cmd, ++k), 0);
      } else if (longOption(p, n, "--file", 4)) {
        out.unreadable = true; // a script we cannot see
        return;
      } else if (longOption(p, n, "--line-length", 3) && eq < 0) k++;
      continue;
    }
    // Short options, possibly combined: -n -e SCRIPT -eSCRIPT -f FILE -l N -i[SUFFIX] -s -E -r -z -u.
    for (let j = 1; j < n; j++) {
      const c = <u32>load<u8>(p + <usize>j);
      if (c == 0x65) { // e
        sawScript = true;
        if (j + 1 < n) out.add(a, j + 1);
        else if (k + 1 < end) out.add(s.arg(cmd, ++k), 0);
        break;
      }
      if (c == 0x66) { out.unreadable = true; return; } // f
      if (c == 0x6c) { if (j + 1 == n) k++; break; } // l N
      if (c == 0x69) break; // i[SUFFIX]
    }
  }
  if (!sawScript && k < end) out.add(s.arg(cmd, k), 0);
}

/** The sed row's describe hook: the code sed's argv[start + 1, end) runs, into `facts`. */
export function describeSed(s: Script, cmd: i32, start: i32, end: i32, facts: ProgramFacts): void {
  findScripts(s, cmd, start, end, scripts);
  if (scripts.unreadable) { facts.hiddenCode = true; return; }
  for (let i = 0; i < scripts.word.length; i++) scriptWord(s, scripts.word[i], scripts.offset[i], facts);
}

/** Word `a` from byte `off` is a sed script: each `e command` is code; what runs text we cannot see is hidden. */
function scriptWord(s: Script, a: i32, off: i32, facts: ProgramFacts): void {
  if (!s.isStatic(a)) { facts.hiddenCode = true; return; }
  const reader = SED;
  reader.reset();
  scanSed(s.wordPtr(a) + <usize>off, s.wordLen(a) - off, reader);
  if (reader.dynamic) { facts.hiddenCode = true; return; }
  for (let x = 0; x < reader.count; x++) facts.code(a, off + reader.starts[x], reader.lens[x]);
}

/**
 * The files a sed script reads (`r`, `R`) and writes (`w`, `W`, the `s///w` flag): each its word and bytes
 * [start, end). `unknown`: the script is a file, computed, or not understood, so it may name any file.
 */
export class SedFiles {
  word: i32[] = [];
  start: i32[] = [];
  end: i32[] = [];
  writes: bool[] = [];
  unknown: bool = false;
  /** While scanning one script: its word and offset, and the names found (relative to the offset). */
  private current: i32 = -1;
  private base: i32 = 0;

  reset(): void {
    this.word.length = 0; this.start.length = 0; this.end.length = 0; this.writes.length = 0;
    this.unknown = false;
  }

  at(word: i32, base: i32): void {
    this.current = word;
    this.base = base;
  }

  add(from: i32, len: i32, write: bool): void {
    if (len <= 0) return; // sed refuses a missing file name
    this.word.push(this.current);
    this.start.push(this.base + from);
    this.end.push(this.base + from + len);
    this.writes.push(write);
  }
}

/** The files sed's argv[start + 1, end) scripts read and write, into `out`. */
export function sedFiles(s: Script, cmd: i32, start: i32, end: i32, out: SedFiles): void {
  out.reset();
  findScripts(s, cmd, start, end, scripts);
  if (scripts.unreadable) { out.unknown = true; return; }
  for (let i = 0; i < scripts.word.length; i++) {
    const a = scripts.word[i], off = scripts.offset[i];
    if (!s.isStatic(a)) { out.unknown = true; return; }
    SED.reset();
    out.at(a, off);
    scanSed(s.wordPtr(a) + <usize>off, s.wordLen(a) - off, SED, out);
    if (SED.dynamic) { out.unknown = true; return; }
  }
}

const SED = new EmbeddedCommands();

/** Read a sed script (p, n) into `out`, and the files it reads and writes into `files`. */
export function scanSed(p: usize, n: i32, out: EmbeddedCommands, files: SedFiles | null = null): void {
  let i = 0;
  while (i < n) {
    let c = at(p, i, n);
    if (c == Ch.SPACE || c == Ch.TAB || c == Ch.NL || c == Ch.SEMI || c == Ch.RBRACE) { i++; continue; }
    if (c == Ch.HASH) { i = lineEnd(p, i, n); continue; }
    i = address(p, i, n);
    if (i < 0) { out.dynamic = true; return; }
    i = blanks(p, i, n);
    if (at(p, i, n) == Ch.COMMA) {
      i = address(p, blanks(p, i + 1, n), n);
      if (i < 0) { out.dynamic = true; return; }
      i = blanks(p, i, n);
    }
    while (at(p, i, n) == Ch.BANG) i = blanks(p, i + 1, n);
    if (i >= n) return; // an address with no command: sed refuses the script
    c = at(p, i, n);
    i++;
    if (c == Ch.LBRACE || c == Ch.RBRACE || c == Ch.EQ || isOneLetter(c)) continue;
    switch (c) {
      case 0x6c: case 0x4c: case 0x71: case 0x51: // l L q Q [number]
        i = blanks(p, i, n);
        while (i < n && at(p, i, n) - 0x30 < 10) i++;
        break;
      case Ch.COLON: case 0x62: case 0x74: case 0x54: case 0x76: { // :label b t T v
        // GNU sed ends a label at `;`, a newline or a blank (`:x e id` runs `e id`): what follows is read as commands.
        i = blanks(p, i, n);
        while (i < n && at(p, i, n) != Ch.SEMI && at(p, i, n) != Ch.NL && at(p, i, n) != Ch.SPACE && at(p, i, n) != Ch.TAB) i++;
        break;
      }
      case 0x61: case 0x69: case 0x63: // a i c: text to the end of the line (a trailing \ continues it)
        i = textEnd(p, i, n);
        break;
      case 0x72: case 0x52: case 0x77: case 0x57: { // r R w W: a file name to the end of the line
        const from = blanks(p, i, n);
        i = lineEnd(p, i, n);
        if (files !== null) files.add(from, i - from, c == 0x77 || c == 0x57);
        break;
      }
      case 0x65: { // e [command]
        const from = blanks(p, i, n);
        i = lineEnd(p, i, n);
        if (from >= i) { out.dynamic = true; return; } // runs the pattern space
        out.add(from, i - from);
        break;
      }
      case 0x73: { // s/regex/replacement/flags
        const d = at(p, i, n);
        if (i >= n || d == Ch.BACKSLASH || d == Ch.NL) { out.dynamic = true; return; }
        i = delimited(p, i + 1, n, d, true);
        if (i >= 0) i = delimited(p, i, n, d, false);
        if (i < 0) { out.dynamic = true; return; }
        while (i < n) {
          const f = at(p, i, n);
          if (f == 0x65) { out.dynamic = true; return; } // e: run the result
          if (f == 0x77) { // w file
            const from = blanks(p, i + 1, n);
            i = lineEnd(p, i, n);
            if (files !== null) files.add(from, i - from, true);
            break;
          }
          if (f == 0x67 || f == 0x70 || f == 0x69 || f == 0x49 || f == 0x6d || f == 0x4d || f - 0x30 < 10) { i++; continue; }
          break;
        }
        if (!commandEnds(p, i, n)) { out.dynamic = true; return; }
        break;
      }
      case 0x79: { // y/source/dest/
        const d = at(p, i, n);
        if (i >= n || d == Ch.BACKSLASH || d == Ch.NL) { out.dynamic = true; return; }
        i = delimited(p, i + 1, n, d, false);
        if (i >= 0) i = delimited(p, i, n, d, false);
        if (i < 0 || !commandEnds(p, i, n)) { out.dynamic = true; return; }
        break;
      }
      default: // not a sed command we know: refuse rather than guess
        out.dynamic = true;
        return;
    }
  }
}

/** d D g G h H n N p P x z F: no argument. */
function isOneLetter(c: u32): bool {
  return c == 0x64 || c == 0x44 || c == 0x67 || c == 0x47 || c == 0x68 || c == 0x48 || c == 0x6e ||
    c == 0x4e || c == 0x70 || c == 0x50 || c == 0x78 || c == 0x7a || c == 0x46;
}

/** After an address at i (a line number, `$`, `first~step`, `+N`, `~N`, /regex/ or \cregexc with I/M): where it ends; -1 if broken. */
function address(p: usize, i: i32, n: i32): i32 {
  const c = at(p, i, n);
  if (c - 0x30 < 10 || c == Ch.PLUS || c == 0x7e) {
    i++;
    while (i < n && (at(p, i, n) - 0x30 < 10 || at(p, i, n) == 0x7e)) i++;
    return i;
  }
  if (c == Ch.DOLLAR) return i + 1;
  if (c != Ch.SLASH && c != Ch.BACKSLASH) return i;
  let d = c;
  i++;
  if (c == Ch.BACKSLASH) {
    if (i >= n) return -1;
    d = at(p, i, n);
    i++;
  }
  i = delimited(p, i, n, d, true);
  while (i >= 0 && i < n && (at(p, i, n) == 0x49 || at(p, i, n) == 0x4d)) i++; // I M
  return i;
}

/** After the text at i up to an unescaped delimiter `d` (bracket expressions may hold it); -1 if unterminated. */
function delimited(p: usize, i: i32, n: i32, d: u32, brackets: bool): i32 {
  while (i < n) {
    const c = at(p, i, n);
    if (c == Ch.BACKSLASH) { i += 2; continue; }
    if (c == d) return i + 1;
    if (c == Ch.NL) return -1;
    if (brackets && c == Ch.LBRACKET) {
      i = bracketEnd(p, i + 1, n);
      if (i < 0) return -1;
      continue;
    }
    i++;
  }
  return -1;
}

/** After a bracket expression opened before i: `]` first is literal, `[:class:]` `[.x.]` `[=x=]` nest. */
function bracketEnd(p: usize, i: i32, n: i32): i32 {
  if (at(p, i, n) == 0x5e) i++;
  if (at(p, i, n) == Ch.RBRACKET) i++;
  while (i < n) {
    const c = at(p, i, n);
    if (c == Ch.LBRACKET) {
      const k = at(p, i + 1, n);
      if (k == Ch.COLON || k == 0x2e || k == Ch.EQ) {
        let j = i + 2;
        while (j + 1 < n && !(at(p, j, n) == k && at(p, j + 1, n) == Ch.RBRACKET)) j++;
        if (j + 1 >= n) return -1;
        i = j + 2;
        continue;
      }
    }
    if (c == Ch.RBRACKET) return i + 1;
    if (c == Ch.NL) return -1;
    i++;
  }
  return -1;
}

/** A command may be followed by blanks, then `;`, a newline, `}`, `#` or the end. */
function commandEnds(p: usize, i: i32, n: i32): bool {
  i = blanks(p, i, n);
  if (i >= n) return true;
  const c = at(p, i, n);
  return c == Ch.SEMI || c == Ch.NL || c == Ch.RBRACE || c == Ch.HASH;
}

function textEnd(p: usize, i: i32, n: i32): i32 {
  while (i < n) {
    const c = at(p, i, n);
    if (c == Ch.BACKSLASH) { i += 2; continue; }
    if (c == Ch.NL) return i;
    i++;
  }
  return n;
}

function lineEnd(p: usize, i: i32, n: i32): i32 {
  while (i < n && at(p, i, n) != Ch.NL) i++;
  return i;
}

function blanks(p: usize, i: i32, n: i32): i32 {
  while (i < n && (at(p, i, n) == Ch.SPACE || at(p, i, n) == Ch.TAB)) i++;
  return i;
}

/** Is (p, n), up to any `=`, `name` or an abbreviation of it at least `min` bytes long (GNU getopt_long)? */
export function longOption(p: usize, n: i32, name: string, min: i32): bool {
  const eq = byteIndex(p, n, Ch.EQ);
  const m = eq >= 0 ? eq : n;
  if (m < min || m > name.length) return false;
  for (let i = 0; i < m; i++) if (<u32>load<u8>(p + <usize>i) != <u32>name.charCodeAt(i)) return false;
  return true;
}

// @ts-ignore: decorator
@inline function at(p: usize, i: i32, n: i32): u32 {
  return i < n ? <u32>load<u8>(p + <usize>i) : 0;
}
