// Byte classes for the lexer and the word-scanning modes.

import { Ch } from "./tokens";

/** Word-scanning modes. */
export const enum Mode {
  NORMAL = 0,
  ASSIGN_OK = 1, // a `NAME=(…)` array literal may follow
  REGEX = 2,     // right side of [[ x =~ … ]]: ( ) | are part of the word
}

// @ts-ignore: decorator
@inline export function isBlank(c: u32): bool {
  return c == Ch.SPACE || c == Ch.TAB;
}

// @ts-ignore: decorator
@inline export function isNameStart(c: u32): bool {
  return (c | 0x20) - 0x61 < 26 || c == Ch.UNDERSCORE;
}

// @ts-ignore: decorator
@inline export function isNameChar(c: u32): bool {
  return isNameStart(c) || c - Ch.ZERO < 10;
}

// @ts-ignore: decorator
@inline export function isDigit(c: u32): bool {
  return c - Ch.ZERO < 10;
}

// Character classes for the lexer, one byte per value: 1 = metacharacter
// (ends an unquoted word: blank, newline, ; & | ( ) < >), 2 = starts quoting
// or an expansion (' " \\ $ `). Everything else is a plain word byte.
// @ts-ignore: decorator
@lazy @inline const CLASS = memory.data<u8>([
  0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, // 0x00: \t \n
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  1, 0, 2, 0, 2, 0, 1, 2, 1, 1, 0, 0, 0, 0, 0, 0, // 0x20: space " $ & ' ( )
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 1, 0, // 0x30: ; < >
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, // 0x50: backslash
  2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, // 0x60: backtick
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, // 0x70: |
]);

/** Characters that end an unquoted word (the POSIX metacharacters). */
// @ts-ignore: decorator
@inline export function isMeta(c: u32): bool {
  return c < 128 && load<u8>(CLASS + <usize>c) == 1;
}

/** A metacharacter, a quote, `\\`, `$` or a backtick: ends a run of plain word bytes. */
// @ts-ignore: decorator
@inline export function isWordBreak(c: u32): bool {
  return c < 128 && load<u8>(CLASS + <usize>c) != 0;
}


/**
 * 0x80 in every byte of x that is no lower-case ASCII letter, 0 in the others. Exact in every byte (the sums
 * are made on the low seven bits, so no carry crosses a byte): `ctz(…) >> 3` is the length of the run of
 * letters x starts with (8: all eight are letters).
 */
// @ts-ignore: decorator
@inline export function notLowerBytes(x: u64): u64 {
  const y = x & 0x7f7f7f7f7f7f7f7f;
  // y + 0x1f sets a byte's top bit iff y >= 0x61 (`a`); y + 0x05 iff y >= 0x7b (past `z`).
  const lower = (y + 0x1f1f1f1f1f1f1f1f) & ~(y + 0x0505050505050505);
  return ~(lower & ~x) & 0x8080808080808080;
}
