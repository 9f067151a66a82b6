// awk runs shell commands: `system("cmd")`, `print | "cmd"`, `"cmd" | getline`
// and gawk's `|&` coprocesses all hand a string to `sh -c`. So an awk program
// is read far enough to find them, skipping strings, regex literals and
// comments: `system("literal")` is parsed as code of the awk command; a pipe,
// `system` of a computed string, gawk's indirect calls (`@f()`) and programs
// from files or extensions (`-f`, `-i`, `-l`, `-E`) are code we cannot
// inspect. `||` is logical or, not a pipe.

import { Script } from "../syntax/nodes";
import { Ch } from "../syntax/tokens";
import { longOption } from "./sed-script";
import { EmbeddedCommands, byteIndex } from "./embedded-commands";
import { ProgramFacts } from "./spec";

/** The awk row's describe hook: the code awk's argv[start + 1, end) runs, into `facts`. */
export function describeAwk(s: Script, cmd: i32, start: i32, end: i32, facts: ProgramFacts): void {
  let sawProgram = false;
  let k = start + 1;
  for (; k < end; k++) {
    const a = s.arg(cmd, k);
    const p = s.wordPtr(a), n = s.wordLen(a);
    if (!s.isStatic(a)) { if (!sawProgram) { facts.hiddenCode = true; return; } continue; }
    if (n == 2 && load<u8>(p) == Ch.MINUS && load<u8>(p + 1) == Ch.MINUS) { k++; break; }
    if (n < 2 || load<u8>(p) != Ch.MINUS) break; // the program (or, after -e, the first file)
    if (load<u8>(p + 1) == Ch.MINUS) {
      const eq = byteIndex(p, n, Ch.EQ);
      if (longOption(p, n, "--source", 4)) {
        sawProgram = true;
        if (eq > 0) program(s, a, eq + 1, facts);
        else if (k + 1 < end) program(s, s.arg(cmd, ++k), 0, facts);
      } else if (longOption(p, n, "--file", 4) || longOption(p, n, "--include", 4) || longOption(p, n, "--load", 4) ||
          longOption(p, n, "--exec", 4)) {
        facts.hiddenCode = true; // a program we cannot see, or a native extension
        return;
      } else if (eq < 0 && (longOption(p, n, "--assign", 4) || longOption(p, n, "--field-separator", 4))) k++;
      continue;
    }
    const c = <u32>load<u8>(p + 1);
    if (c == 0x66 || c == 0x69 || c == 0x6c || c == 0x45) { facts.hiddenCode = true; return; } // -f -i -l -E
    if (c == 0x65) { // gawk -e 'program'
      sawProgram = true;
      if (n > 2) program(s, a, 2, facts);
      else if (k + 1 < end) program(s, s.arg(cmd, ++k), 0, facts);
      continue;
    }
    if (c == 0x57) { facts.hiddenCode = true; return; } // mawk -W exec file, …
    if ((c == 0x46 || c == 0x76) && n == 2) k++; // -F fs, -v var=value
  }
  if (!sawProgram && k < end) program(s, s.arg(cmd, k), 0, facts);
}

/** Word `a` from byte `off` is an awk program: each `system("…")` is code; what we cannot see is hidden. */
function program(s: Script, a: i32, off: i32, facts: ProgramFacts): void {
  if (!s.isStatic(a)) { facts.hiddenCode = true; return; }
  // Whether `/` after `x++` or a builtin named without parens opens a regex differs between awks (mawk:
  // yes, gawk: no), so the program is read both ways: both must be clean, and what either finds is parsed.
  if (readAs(s, a, off, true, facts)) readAs(s, a, off, false, facts);
}

/** One reading of the program; false when it runs code we cannot see. */
function readAs(s: Script, a: i32, off: i32, regexWhenAmbiguous: bool, facts: ProgramFacts): bool {
  const found = AWK;
  found.reset();
  scanAwk(s.wordPtr(a) + <usize>off, s.wordLen(a) - off, found, regexWhenAmbiguous);
  if (found.dynamic) { facts.hiddenCode = true; return false; }
  for (let x = 0; x < found.count; x++) facts.code(a, off + found.starts[x], found.lens[x]);
  return true;
}

const AWK = new EmbeddedCommands();

// Words after which `/` opens a regex in every awk: statements and operators spelled as words.
const REGEX_AFTER = ["print", "printf", "return", "in", "getline", "do", "else", "case", "delete", "exit", "BEGIN", "END"];
// Builtins that may be named without parens (`length / 2`): awks disagree on what `/` means after them.
const AMBIGUOUS_AFTER = ["length"];

/**
 * Read an awk program (p, n). `regexWhenAmbiguous` picks the reading of a
 * `/` whose meaning awks disagree on; the caller tries both.
 */
function scanAwk(p: usize, n: i32, out: EmbeddedCommands, regexWhenAmbiguous: bool): void {
  let i = 0;
  let operand = false; // did an operand just end (so `/` divides rather than opens a regex)?
  while (i < n) {
    const c = <u32>load<u8>(p + <usize>i);
    if (c == Ch.SPACE || c == Ch.TAB) { i++; continue; }
    if (c == Ch.DQUOTE) { i = stringEnd(p, i, n); if (i < 0) { out.dynamic = true; return; } operand = true; continue; }
    if (c == Ch.SLASH && !operand) {
      // An unterminated regex cannot be one (awk would refuse the program): read the `/` as division and go on.
      const end = regexEnd(p, i + 1, n);
      if (end >= 0) { i = end; operand = true; continue; }
      i++;
      operand = false;
      continue;
    }
    if (c == Ch.HASH) { while (i < n && <u32>load<u8>(p + <usize>i) != Ch.NL) i++; continue; }
    if (c == Ch.BACKSLASH) { i += 2; continue; }
    if (c == Ch.PIPE) {
      if (i + 1 < n && <u32>load<u8>(p + <usize>i + 1) == Ch.PIPE) { i += 2; operand = false; continue; }
      out.dynamic = true; // print | "cmd", "cmd" | getline, |&
      return;
    }
    if (c == Ch.AT) { out.dynamic = true; return; } // gawk @f() indirect calls, @include, @load
    if (c - 0x30 < 10 || c == 0x2e) { // a number: 1, 2.5, 1e3
      i++;
      while (i < n && (isWordChar(<u32>load<u8>(p + <usize>i)) || <u32>load<u8>(p + <usize>i) == 0x2e)) i++;
      operand = true;
      continue;
    }
    if (isWordStart(c)) {
      let j = i + 1;
      while (j < n && isWordChar(<u32>load<u8>(p + <usize>j))) j++;
      if (j - i == 6 && isSystem(p + <usize>i)) {
        // system("literal"): the literal is code; any other argument is computed.
        let k = blanksAt(p, j, n);
        if (k >= n || <u32>load<u8>(p + <usize>k) != Ch.LPAREN) { out.dynamic = true; return; }
        k = blanksAt(p, k + 1, n);
        const end = k < n && <u32>load<u8>(p + <usize>k) == Ch.DQUOTE ? stringEnd(p, k, n) : -1;
        if (end < 0 || byteIndex(p + <usize>k, end - k, Ch.BACKSLASH) >= 0) { out.dynamic = true; return; }
        const close = blanksAt(p, end, n);
        if (close >= n || <u32>load<u8>(p + <usize>close) != Ch.RPAREN) { out.dynamic = true; return; }
        out.add(k + 1, end - k - 2);
        i = close + 1;
        operand = true;
        continue;
      }
      const np = p + <usize>i, nn = j - i;
      i = j;
      if (isOneOf(np, nn, REGEX_AFTER)) operand = false;
      else if (isOneOf(np, nn, AMBIGUOUS_AFTER)) operand = !regexWhenAmbiguous;
      else operand = true;
      continue;
    }
    // `x++ / 1`: mawk reads a regex after ++/--, gawk a division.
    if ((c == Ch.PLUS || c == Ch.MINUS) && i + 1 < n && <u32>load<u8>(p + <usize>i + 1) == c) {
      i += 2;
      operand = !regexWhenAmbiguous;
      continue;
    }
    // After `)`: `f(x) / 2` divides, but `if (x) /re/` starts a statement with a regex: ambiguous.
    // After `$`: a field number follows, and `$/re/` is the field the match gives (mawk): ambiguous too.
    operand = c == Ch.RPAREN || c == Ch.DOLLAR ? !regexWhenAmbiguous : c == Ch.RBRACKET;
    i++;
  }
}

function isOneOf(p: usize, n: i32, words: string[]): bool {
  for (let k = 0; k < words.length; k++) {
    const word = words[k];
    if (word.length != n) continue;
    let same = true;
    for (let i = 0; i < n; i++) if (<u32>load<u8>(p + <usize>i) != <u32>word.charCodeAt(i)) { same = false; break; }
    if (same) return true;
  }
  return false;
}

/** After the string literal opened at i; -1 if unterminated. */
function stringEnd(p: usize, i: i32, n: i32): i32 {
  for (i++; i < n; i++) {
    const c = <u32>load<u8>(p + <usize>i);
    if (c == Ch.BACKSLASH) { i++; continue; }
    if (c == Ch.DQUOTE) return i + 1;
  }
  return -1;
}

/** After a regex literal whose body starts at i (a `/` inside brackets is literal); -1 if unterminated. */
function regexEnd(p: usize, i: i32, n: i32): i32 {
  for (; i < n; i++) {
    const c = <u32>load<u8>(p + <usize>i);
    if (c == Ch.BACKSLASH) { i++; continue; }
    if (c == Ch.NL) return -1;
    if (c == Ch.LBRACKET) {
      i = bracketClose(p, i + 1, n);
      if (i < 0) return -1;
      continue;
    }
    if (c == Ch.SLASH) return i + 1;
  }
  return -1;
}

/**
 * The `]` closing a bracket expression whose body starts at i (POSIX: a `]`
 * first, or after `^`, is literal; `[:alpha:]`, `[.x.]`, `[=x=]` nest), or -1.
 */
function bracketClose(p: usize, i: i32, n: i32): i32 {
  if (i < n && <u32>load<u8>(p + <usize>i) == 0x5e) i++;
  if (i < n && <u32>load<u8>(p + <usize>i) == Ch.RBRACKET) i++;
  for (; i < n; i++) {
    const c = <u32>load<u8>(p + <usize>i);
    if (c == Ch.NL) return -1;
    if (c == Ch.LBRACKET && i + 1 < n) {
      const k = <u32>load<u8>(p + <usize>i + 1);
      if (k == Ch.COLON || k == 0x2e || k == Ch.EQ) {
        let j = i + 2;
        while (j + 1 < n && !(<u32>load<u8>(p + <usize>j) == k && <u32>load<u8>(p + <usize>j + 1) == Ch.RBRACKET)) j++;
        if (j + 1 >= n) return -1;
        i = j + 1;
        continue;
      }
    }
    if (c == Ch.RBRACKET) return i;
  }
  return -1;
}

function blanksAt(p: usize, i: i32, n: i32): i32 {
  while (i < n && (<u32>load<u8>(p + <usize>i) == Ch.SPACE || <u32>load<u8>(p + <usize>i) == Ch.TAB)) i++;
  return i;
}

function isSystem(p: usize): bool {
  return load<u32>(p) == 0x74737973 && load<u16>(p + 4) == 0x6d65; // "syst" "em"
}

// @ts-ignore: decorator
@inline function isWordStart(c: u32): bool {
  return (c | 0x20) - 0x61 < 26 || c == 0x5f;
}

// @ts-ignore: decorator
@inline function isWordChar(c: u32): bool {
  return isWordStart(c) || c - 0x30 < 10;
}
