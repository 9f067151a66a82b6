// Reading a command's argv: literal text of words, basenames, options and
// variable names. A word that is not static (expansion, glob, brace expansion)
// never counts as an option: it is an operand, so a wrapper's inner command
// computed at run time is caught as such (interp/opt-scan.ts).

import { toLowerAscii } from "../../util/bytes";
import { ONES, firstByteFlag, zeroBytes } from "../../util/swar";
import { Script } from "../syntax/nodes";
import { Ch, WordFlag } from "../syntax/tokens";

/** Exact equality of word `w` with an ASCII literal. */
// @ts-ignore: decorator
@inline export function wordIs(s: Script, w: i32, lit: string): bool {
  // Inline up to the length check, which settles most calls (a decision made ~30, most with other lengths).
  const n = s.wordLen(w);
  return n == lit.length && bytesIs(s.wordPtr(w), n, lit);
}

/**
 * Code unit i of a string, read without charCodeAt's bounds check (a load and a compare per byte): every
 * caller below stays under the string's length.
 */
// @ts-ignore: decorator
@inline function unitAt(lit: string, i: i32): u32 {
  return <u32>load<u16>(changetype<usize>(lit) + (<usize>i << 1));
}

/** Exact equality of (p, n) with an ASCII literal. */
export function bytesIs(p: usize, n: i32, lit: string): bool {
  if (n != lit.length) return false;
  for (let i = 0; i < n; i++) if (<u32>load<u8>(p + <usize>i) != unitAt(lit, i)) return false;
  return true;
}

/** ASCII case-insensitive equality of (p, n) with a lowercase literal. */
export function bytesIsLower(p: usize, n: i32, lit: string): bool {
  if (n != lit.length) return false;
  for (let i = 0; i < n; i++) if (toLowerAscii(<u32>load<u8>(p + <usize>i)) != unitAt(lit, i)) return false;
  return true;
}

/** Does (p, n) start with the ASCII literal (case-insensitive)? */
export function bytesStartLower(p: usize, n: i32, lit: string): bool {
  const m = lit.length;
  if (n < m) return false;
  for (let i = 0; i < m; i++) if (toLowerAscii(<u32>load<u8>(p + <usize>i)) != unitAt(lit, i)) return false;
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
  // Bytes [0, e) are searched, from the end: eight at a time while there are eight (a path's directories),
  // then one at a time. zeroBytes is exact in every byte, so its highest flag is the last `/`.
  let e = n - 1;
  while (e >= 8) {
    const f = zeroBytes(load<u64>(p + <usize>(e - 8)) ^ SLASHES);
    if (f != 0) return e - 8 + (<i32>(63 - clz(f)) >> 3) + 1;
    e -= 8;
  }
  while (e > 0 && <u32>load<u8>(p + <usize>e - 1) != Ch.SLASH) e--;
  return e < 0 ? 0 : e;
}

const SLASHES: u64 = ONES * <u64>Ch.SLASH;

/** Index of the first `c` in (p, n), or -1. */
export function indexOf(p: usize, n: i32, c: u32): i32 {
  if (c > 0xff) return -1; // no byte is c (and ONES * c would smear c across the word's bytes)
  if (n < 8) {
    for (let i = 0; i < n; i++) if (<u32>load<u8>(p + <usize>i) == c) return i;
    return -1;
  }
  // Eight bytes a load; the last load overlaps the one before rather than a byte loop. Bytes already
  // searched hold no `c`, so nothing below a real match is flagged and the lowest flag is exact.
  let i = 0;
  for (; i + 8 < n; i += 8) {
    const f = firstByteFlag(load<u64>(p + <usize>i), c);
    if (f != 0) return i + (<i32>ctz(f) >> 3);
  }
  i = n - 8;
  const f = firstByteFlag(load<u64>(p + <usize>i), c);
  return f != 0 ? i + (<i32>ctz(f) >> 3) : -1;
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


export function contains(list: string, c: u32): bool {
  for (let i = 0, n = list.length; i < n; i++) if (unitAt(list, i) == c) return true;
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
