// Eight bytes at a time ("SIMD within a register") for the sanitizer's scans over plain text:
// the fast paths test a u64 of input at once and fall back to one byte at a time only where a
// word holds something they must look at. Unaligned loads are fine in wasm.

export const ONES: u64 = 0x0101010101010101;
export const HIGHS: u64 = 0x8080808080808080;
const LOWS: u64 = 0x7f7f7f7f7f7f7f7f;

/** Some byte of w is zero (may flag a byte after a true zero too: only the yes/no is exact). */
// @ts-ignore: decorator
@inline export function hasZeroByte(w: u64): bool {
  return ((w - ONES) & ~w & HIGHS) != 0;
}

/** Some byte of w equals b. */
// @ts-ignore: decorator
@inline export function hasByte(w: u64, b: u8): bool {
  return hasZeroByte(w ^ (ONES * <u64>b));
}

/** 0x80 in exactly the bytes of w that are zero, 0 elsewhere. */
// @ts-ignore: decorator
@inline export function zeroBytes(w: u64): u64 {
  return ~(((w & LOWS) + LOWS) | w | LOWS);
}

/** Some byte of w is below n (0 < n <= 128), given no byte of w has its high bit set. */
// @ts-ignore: decorator
@inline export function hasByteBelow(w: u64, n: u8): bool {
  return ((w - ONES * <u64>n) & ~w & HIGHS) != 0;
}
