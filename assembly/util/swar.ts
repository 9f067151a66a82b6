// Eight bytes at a time (SWAR) for the byte loops that dominate a decision:
// most input is plain ASCII, which one 64-bit load and a few bit operations
// settle instead of eight compares and branches.

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
  return ((x - ONES * <u64>n) & ~x & HIGHS) | (x & HIGHS);
}

/** Does (p, n) hold a zero byte? */
export function containsZeroByte(p: usize, n: i32): bool {
  let i = 0;
  for (; i + 8 <= n; i += 8) if (hasZeroByte(load<u64>(p + <usize>i))) return true;
  for (; i < n; i++) if (load<u8>(p + <usize>i) == 0) return true;
  return false;
}
