// Strict UTF-8 validation of the raw command bytes (std's decodeUnsafe
// accepts malformed input, STYLE.md §2): no overlong forms, no surrogates,
// nothing above U+10FFFF, no truncated sequences.

import { allAscii, containsZeroByte, HIGHS, ONES } from "../../util/swar";

/** What is wrong with a command's raw bytes (inputProblem). */
export const enum InputProblem {
  NONE = 0,
  NUL = 1,
  UTF8 = 2,
}

/**
 * The first problem of a command's raw bytes, a NUL byte ranking before
 * invalid UTF-8 wherever each occurs. Plain ASCII (the usual command) takes
 * one eight-byte pass for both questions; the checks proper start at the
 * first word with a zero or non-ASCII byte, which is a character boundary.
 */
export function inputProblem(p: usize, n: i32): InputProblem {
  let i = 0;
  for (; i + 8 <= n; i += 8) {
    // A byte's high bit is set in x | (x - 1s) iff it is 0 or >= 0x80; bytes below the first such byte
    // do not borrow, so the first one is always flagged.
    const x = load<u64>(p + <usize>i);
    if (((x | (x - ONES)) & HIGHS) != 0) break;
  }
  const q = p + <usize>i, m = n - i;
  if (containsZeroByte(q, m)) return InputProblem.NUL;
  return isValidUtf8(q, m) ? InputProblem.NONE : InputProblem.UTF8;
}

export function isValidUtf8(p: usize, n: i32): bool {
  let i = 0;
  while (i < n) {
    if (i + 8 <= n && allAscii(load<u64>(p + <usize>i))) {
      i += 8;
      continue;
    }
    const c = <u32>load<u8>(p + <usize>i);
    if (c < 0x80) { i++; continue; }
    let need = 0;
    let lo: u32 = 0x80, hi: u32 = 0xbf;
    if (c - 0xc2 <= 0xdf - 0xc2) need = 1;
    else if (c == 0xe0) { need = 2; lo = 0xa0; }
    else if (c - 0xe1 <= 0xec - 0xe1 || c == 0xee || c == 0xef) need = 2;
    else if (c == 0xed) { need = 2; hi = 0x9f; }
    else if (c == 0xf0) { need = 3; lo = 0x90; }
    else if (c - 0xf1 <= 0xf3 - 0xf1) need = 3;
    else if (c == 0xf4) { need = 3; hi = 0x8f; }
    else return false;
    if (i + need >= n) return false;
    const c1 = <u32>load<u8>(p + <usize>i + 1);
    if (c1 < lo || c1 > hi) return false;
    for (let k = 2; k <= need; k++) {
      const ck = <u32>load<u8>(p + <usize>(i + k));
      if (ck < 0x80 || ck > 0xbf) return false;
    }
    i += need + 1;
  }
  return true;
}
