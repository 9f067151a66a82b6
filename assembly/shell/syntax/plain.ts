// Plain words: runs of source bytes that are a whole word as they stand (no
// quote, escape, expansion or metacharacter), which the lexer copies straight
// into the arena (lexer.ts commitPlainWord, plainWordsOf) instead of scanning
// them byte by byte into a WordBuilder.

import { notWordBytes } from "../../util/swar";

// PLAIN_WORD: one byte per value. PLAIN_BREAK for the bytes that end a run of
// plain word bytes (isWordBreak), with PLAIN_END for those of them that also
// end the word (blank, newline, ; & | and `)`: what follows is no part of it),
// PLAIN_PATTERN for * ? [ ] { } ~ (a glob, brace or tilde may follow: the
// word's flags need a full scan), PLAIN_EQ for `=` (only a word with one can
// be an assignment), PLAIN_NO_START for the bytes no plain word starts with
// (every PLAIN_BREAK byte, and `#`, which starts a comment there but is plain
// inside a word), PLAIN_BLANK for a space or a tab, 0 for every other byte (bytes from 0x80 up are plain, as in
// scanWord).
export const PLAIN_BREAK: u32 = 1;
export const PLAIN_PATTERN: u32 = 2;
export const PLAIN_EQ: u32 = 4;
export const PLAIN_END: u32 = 8;
export const PLAIN_NO_START: u32 = 16;
export const PLAIN_BLANK: u32 = 32;
// @ts-ignore: decorator
@lazy @inline export const PLAIN_WORD = memory.data<u8>([
  0, 0, 0, 0, 0, 0, 0, 0, 0, 57, 25, 0, 0, 0, 0, 0, // 0x00: \t \n
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  57, 0, 17, 16, 17, 0, 25, 17, 17, 25, 2, 0, 0, 0, 0, 0, // 0x20: space " # $ & ' ( ) *
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 25, 17, 4, 17, 2, // 0x30: ; < = > ?
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 17, 2, 0, 0, // 0x50: [ backslash ]
  17, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, // 0x60: backtick
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 25, 2, 2, 0, // 0x70: { | } ~
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
]);

/** The PLAIN_* bits of byte c. */
// @ts-ignore: decorator
@inline export function plainBits(c: u32): u32 {
  return <u32>load<u8>(PLAIN_WORD + <usize>c);
}

/**
 * The plain word at `from` (`room` bytes left), copied to `to` as it is scanned (`to` has room bytes of
 * room): its length | the PLAIN_* bits of its bytes << 32, or -1 when what is there is no plain word.
 * The copy may run past the word, within room: the caller's arena length does not cover those bytes.
 */
// @ts-ignore: decorator
@inline export function scanPlainRun(from: usize, to: usize, room: i32): i64 {
  let n = 0;
  let seen: u32 = 0;
  let k: u32 = 0;
  while (n < room) {
    // Letters, digits, - . / _ (most of a word) need no table look-up and set no bit: eight at a time.
    if (n + 8 <= room) {
      const x = load<u64>(from + <usize>n);
      store<u64>(to + <usize>n, x);
      const other = notWordBytes(x);
      if (other == 0) {
        n += 8;
        continue;
      }
      n += <i32>(ctz(other) >> 3); // still < room: the byte at n is in the window
    }
    const c = <u32>load<u8>(from + <usize>n);
    k = plainBits(c);
    if ((k & PLAIN_BREAK) != 0) break;
    seen |= k;
    store<u8>(to + <usize>n, <u8>c);
    n++;
  }
  if (n == 0 || (n < room && (k & PLAIN_END) == 0)) return -1;
  return <i64>n | (<i64>seen << 32);
}

/** A plain word may start at `pos`: not the end, `#` (a comment) or a byte that ends a run of plain bytes. */
// @ts-ignore: decorator
@inline export function startsPlainWord(src: usize, pos: i32, end: i32): bool {
  return pos < end && (plainBits(<u32>load<u8>(src + <usize>pos)) & PLAIN_NO_START) == 0;
}

/** startsPlainWord with pointers: a plain word may start at p (before `end`). */
// @ts-ignore: decorator
@inline export function startsPlainAt(p: usize, end: usize): bool {
  return p < end && (plainBits(<u32>load<u8>(p)) & PLAIN_NO_START) == 0;
}
