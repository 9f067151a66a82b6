// Operands a program only treats as text: never a file it opens, never a
// command it runs. A one-word blocked pattern (`sudo`, `.env`) is not met
// there: `grep -rn sudo Dockerfile` searches for the word, `git commit -m sudo`
// writes it into a message, `echo sudo` prints it. Where the program runs, the
// view of that program is met instead (command position, after a wrapper, in a
// `-c`/`eval` payload, `find -exec`, `xargs`, a pipe into a shell).
//
// Only operands whose role is certain count: an option this file does not know
// ends the scan, and the operands after it are matched as before.
//   echo, printf            every operand
//   grep, egrep, fgrep      the pattern: `-e P`, `--regexp=P`, or the first operand when there is no -e/-f
//                           and no option word after it (grep reads options after operands too)
//   rg                      the same, with rg's own options
//   git commit|tag|merge    `-m MSG`, `--message=MSG`
//   git log                 `--grep=P`, `--author=P`, `--committer=P`

import { Script } from "../syntax/nodes";
import { IntList } from "../syntax/buffers";
import { basenameOffset, bytesIs, indexOf } from "./argv";

/** Returned by textOperands: every operand after the name is text. */
export const ALL_TEXT: i32 = -1;

/**
 * The view-relative indexes of view v's text operands, in order, into `out`;
 * ALL_TEXT when every operand is; 0 when none is (the count otherwise).
 */
export function textOperands(s: Script, v: i32, out: IntList): i32 {
  out.reset();
  const name = s.viewArg(v, 0);
  if (!s.isStatic(name)) return 0;
  const np = s.wordPtr(name), nn = s.wordLen(name);
  const b = basenameOffset(np, nn);
  const p = np + <usize>b, n = nn - b;
  if (bytesIs(p, n, "echo") || bytesIs(p, n, "printf")) return ALL_TEXT;
  if (bytesIs(p, n, "grep") || bytesIs(p, n, "egrep") || bytesIs(p, n, "fgrep")) {
    grepPattern(s, v, out, GREP_FLAGS, GREP_VALUES);
  } else if (bytesIs(p, n, "rg")) {
    grepPattern(s, v, out, RG_FLAGS, RG_VALUES);
  } else if (n == 3 && bytesIs(p, n, "git")) {
    gitMessages(s, v, out);
  }
  return out.length;
}

// GNU grep 3: short options without a value, and with one.
const GREP_FLAGS = "EFGPcHhiIlLnoqsvwxyrRUzZabTu";
const GREP_VALUES = "ABCdDm";
// ripgrep 14.
const RG_FLAGS = "iSsnNwxvlcHIqouFLpzUab0.";
const RG_VALUES = "ABCgjmMrtTEd";

function grepPattern(s: Script, v: i32, out: IntList, flags: string, values: string): void {
  const argc = s.viewArgc(v);
  let explicit = false;
  let k = 1;
  for (; k < argc; k++) {
    const w = s.viewArg(v, k);
    if (!s.isStatic(w)) return;
    const p = s.wordPtr(w), n = s.wordLen(w);
    if (n == 0 || load<u8>(p) != 0x2d || n == 1) break; // an operand (or `-`, stdin)
    if (n == 2 && load<u8>(p + 1) == 0x2d) { k++; break; } // `--`
    if (load<u8>(p + 1) == 0x2d) {
      // Long options: only `--regexp=P` is read; `--file`, a value in the next word, or any other → stop.
      if (n > 9 && bytesIs(p, 9, "--regexp=")) { out.push(k); explicit = true; continue; }
      if (indexOf(p, n, 0x3d) > 0 && !(n > 7 && bytesIs(p, 7, "--file="))) continue;
      if (knownLongFlag(p, n)) continue;
      return;
    }
    // A cluster of short options: flags, then at most one that takes a value (glued or the next word).
    let i = 1;
    for (; i < n; i++) {
      const c = <i32>load<u8>(p + <usize>i);
      if (c == 0x65 || c == 0x66) { // -e PATTERN, -f FILE
        if (c == 0x66) return;       // patterns from a file: that file is not text
        explicit = true;
        if (i + 1 < n) out.push(k);  // -ePATTERN
        else if (k + 1 < argc) { k++; out.push(k); }
        break;
      }
      if (values.indexOf(String.fromCharCode(c)) >= 0) {
        if (i + 1 == n) k++; // the value is the next word
        break;
      }
      if (flags.indexOf(String.fromCharCode(c)) < 0) return;
    }
  }
  if (explicit || k >= argc) return;
  // GNU grep and rg also read options after operands (`grep f.txt -e P` searches f.txt for P): with
  // any option word later on, which operand is the pattern is not certain.
  for (let j = k + 1; j < argc; j++) {
    const w = s.viewArg(v, j);
    if (!s.isStatic(w)) return;
    const n = s.wordLen(w);
    if (n > 1 && load<u8>(s.wordPtr(w)) == 0x2d) {
      if (n == 2 && load<u8>(s.wordPtr(w) + 1) == 0x2d) break; // after `--` all are operands
      return;
    }
  }
  out.push(k);
}

function knownLongFlag(p: usize, n: i32): bool {
  return bytesIs(p, n, "--recursive") || bytesIs(p, n, "--ignore-case") || bytesIs(p, n, "--line-number") ||
    bytesIs(p, n, "--count") || bytesIs(p, n, "--files-with-matches") || bytesIs(p, n, "--word-regexp") ||
    bytesIs(p, n, "--fixed-strings") || bytesIs(p, n, "--extended-regexp") || bytesIs(p, n, "--invert-match") ||
    bytesIs(p, n, "--no-filename") || bytesIs(p, n, "--with-filename") || bytesIs(p, n, "--quiet") ||
    bytesIs(p, n, "--hidden") || bytesIs(p, n, "--color") || bytesIs(p, n, "--only-matching") ||
    bytesIs(p, n, "--smart-case");
}

/** `git commit -m MSG`, `git tag -a v1 -m MSG`, `git merge -m MSG`, `git log --grep=P`. */
function gitMessages(s: Script, v: i32, out: IntList): void {
  const argc = s.viewArgc(v);
  if (argc < 3) return;
  const sub = s.viewArg(v, 1);
  if (!s.isStatic(sub)) return;
  const sp = s.wordPtr(sub), sn = s.wordLen(sub);
  const message = bytesIs(sp, sn, "commit") || bytesIs(sp, sn, "tag") || bytesIs(sp, sn, "merge");
  const log = bytesIs(sp, sn, "log");
  if (!message && !log) return;
  for (let k = 2; k < argc; k++) {
    const w = s.viewArg(v, k);
    if (!s.isStatic(w)) continue;
    const p = s.wordPtr(w), n = s.wordLen(w);
    if (n == 2 && bytesIs(p, n, "--")) return; // pathspecs follow
    if (message) {
      if (bytesIs(p, n, "-m") || bytesIs(p, n, "--message")) { if (k + 1 < argc) { k++; out.push(k); } continue; }
      if ((n > 2 && bytesIs(p, 2, "-m")) || (n > 10 && bytesIs(p, 10, "--message="))) out.push(k);
    } else if ((n > 7 && bytesIs(p, 7, "--grep=")) || (n > 9 && bytesIs(p, 9, "--author=")) ||
      (n > 12 && bytesIs(p, 12, "--committer="))) {
      out.push(k);
    }
  }
}
