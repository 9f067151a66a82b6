// Eight bytes at a time (SWAR) for the byte loops that dominate a decision:
// most input is plain ASCII, which one 64-bit load and a few bit operations
// settle instead of eight compares and branches.

import { toLowerAscii } from "./bytes";

export const ONES: u64 = 0x0101010101010101;
export const HIGHS: u64 = 0x8080808080808080;

/** Some byte of x is zero. Exact (no false positives). */
// @ts-ignore: decorator
@inline export function hasZeroByte(x: u64): bool {
  return ((x - ONES) & ~x & HIGHS) != 0;
}

/** Some byte of x equals b. */
// @ts-ignore: decorator
@inline export function hasByte(x: u64, b: u32): bool {
  return hasZeroByte(x ^ (ONES * <u64>b));
}

/** Every byte of x is ASCII (below 0x80). */
// @ts-ignore: decorator
@inline export function allAscii(x: u64): bool {
  return (x & HIGHS) == 0;
}

/** Every byte of x is ASCII and none is below `n` (n <= 0x80). */
// @ts-ignore: decorator
@inline export function asciiNoneBelow(x: u64, n: u32): bool {
  // (x - n..) & ~x & 0x80.. is non-zero iff some byte is below n, given all bytes < 0x80.
  return (x & HIGHS) == 0 && ((x - ONES * <u64>n) & ~x & HIGHS) == 0;
}

/** 0x80 in exactly the bytes of x that are zero, 0 elsewhere (for finding where, with ctz). */
// @ts-ignore: decorator
@inline export function zeroBytes(x: u64): u64 {
  return ~(((x & 0x7f7f7f7f7f7f7f7f) + 0x7f7f7f7f7f7f7f7f) | x | 0x7f7f7f7f7f7f7f7f);
}

/**
 * 0x80 in the lowest byte of x that equals b (and perhaps in higher bytes:
 * a borrow can flag the byte above a match). Only the lowest flag is exact,
 * which is all `ctz(…) >> 3` needs to find the first match.
 */
// @ts-ignore: decorator
@inline export function firstByteFlag(x: u64, b: u32): u64 {
  const y = x ^ (ONES * <u64>b);
  return (y - ONES) & ~y & HIGHS;
}

/** Like firstByteFlag, for bytes below n (n <= 0x80) or at or above 0x80. */
// @ts-ignore: decorator
@inline export function firstBelowOrHighFlag(x: u64, n: u32): u64 {
  // A byte with its high bit clear is flagged by x - n's high bit iff it is below n (~x would add nothing).
  return ((x - ONES * <u64>n) | x) & HIGHS;
}

/** Does (p, n) hold a zero byte? */
export function containsZeroByte(p: usize, n: i32): bool {
  let i = 0;
  for (; i + 8 <= n; i += 8) if (hasZeroByte(load<u64>(p + <usize>i))) return true;
  for (; i < n; i++) if (load<u8>(p + <usize>i) == 0) return true;
  return false;
}

/**
 * Does (t, tn), ASCII letters folded to lower case, contain the lower-case
 * (l, ln)? Where the first byte could match is found eight bytes at a time:
 * every byte that folds to `first` has b | 0x20 == first | 0x20 (a few other
 * bytes do too; the full compare turns them down).
 */
export function containsFolded(t: usize, tn: i32, l: usize, ln: i32): bool {
  const last = tn - ln;
  if (last < 0) return false;
  if (ln == 0) return true;
  const first = <u32>load<u8>(l);
  const target = ONES * <u64>(first | 0x20);
  let i = 0;
  for (; i + 8 <= tn && i <= last; i += 8) {
    const y = (load<u64>(t + <usize>i) | (ONES * 0x20)) ^ target;
    // Every zero byte of y is flagged (the lowest exactly; a borrow may flag bytes above it too).
    let m = (y - ONES) & ~y & HIGHS;
    while (m != 0) {
      const at = i + <i32>(ctz(m) >> 3);
      if (at > last) return false;
      if (foldedEqual(t + <usize>at, l, ln)) return true;
      m &= m - 1;
    }
  }
  for (; i <= last; i++) if (foldedEqual(t + <usize>i, l, ln)) return true;
  return false;
}

function foldedEqual(p: usize, l: usize, n: i32): bool {
  for (let j = 0; j < n; j++) {
    if (toLowerAscii(<u32>load<u8>(p + <usize>j)) != <u32>load<u8>(l + <usize>j)) return false;
  }
  return true;
}

/**
 * 0x80 in every byte of x that is not one of the bytes most words are made of — ASCII letters, digits, `-`,
 * `.`, `/` and `_` — and 0 in the others. Exact in every byte (no carry or borrow crosses a byte: the sums
 * are made on the low seven bits), so `ctz(…) >> 3` is the length of the run of such bytes x starts with.
 */
// @ts-ignore: decorator
@inline export function notWordBytes(x: u64): u64 {
  const y = x & 0x7f7f7f7f7f7f7f7f;
  // Letters: y | 0x20 in 0x61..0x7a (only A-Z fold into that range).
  const f = y | 0x2020202020202020;
  const letter = (f + 0x1f1f1f1f1f1f1f1f) & ~(f + 0x0505050505050505);
  // `-` `.` `/` and digits: 0x2d..0x39.
  const digit = (y + 0x5353535353535353) & ~(y + 0x4646464646464646);
  // `_`: y ^ 0x5f.. is zero there, and adding 0x7f to a non-zero seven-bit byte sets its top bit.
  const under = ~((y ^ 0x5f5f5f5f5f5f5f5f) + 0x7f7f7f7f7f7f7f7f);
  // Bytes from 0x80 up count as "not" (x's own top bit).
  return ~((letter | digit | under) & ~x) & HIGHS;
}
