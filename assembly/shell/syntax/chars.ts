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

