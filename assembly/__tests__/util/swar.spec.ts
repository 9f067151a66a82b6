// containsFolded finds where a match could start eight bytes at a time; it
// must answer exactly as the byte-by-byte search it replaced, for every
// offset, case and the bytes that fold alike (`@`/`` ` ``, `_`/DEL, CR/`-`).
import { containsFolded, notWordBytes } from "../../util/swar";
import { toLowerAscii } from "../../util/bytes";
import { XorShift } from "../xorshift";

function naive(t: usize, tn: i32, l: usize, ln: i32): bool {
  for (let i = 0; i + ln <= tn; i++) {
    let j = 0;
    while (j < ln && toLowerAscii(<u32>load<u8>(t + <usize>(i + j))) == <u32>load<u8>(l + <usize>j)) j++;
    if (j == ln) return true;
  }
  return false;
}

const random = new XorShift(0x9e3779b9);

// A small alphabet, so that literals occur often: letters in both cases and bytes that fold alike.
const ALPHABET: StaticArray<u8> = [0x61, 0x41, 0x62, 0x42, 0x2d, 0x0d, 0x40, 0x60, 0x5f, 0x7f, 0x2f, 0x20, 0xc3, 0xa9];

describe("containsFolded", () => {
  test("agrees with the byte-by-byte search on 30,000 random texts and literals", () => {
    const t = heap.alloc(48), l = heap.alloc(8);
    let found = 0;
    for (let round = 0; round < 30000; round++) {
      const tn = <i32>(random.next() % 41), ln = <i32>(random.next() % 5);
      for (let i = 0; i < tn; i++) store<u8>(t + <usize>i, ALPHABET[random.next() % <u32>ALPHABET.length]);
      // The literal is lower case, as the pattern compiler makes it.
      for (let i = 0; i < ln; i++) store<u8>(l + <usize>i, <u8>toLowerAscii(ALPHABET[random.next() % <u32>ALPHABET.length]));
      const want = naive(t, tn, l, ln);
      if (want) found++;
      expect(containsFolded(t, tn, l, ln)).toBe(want, "round " + round.toString());
    }
    expect(found).toBeGreaterThan(5000);
    expect(found).toBeLessThan(25000);
  });

  test("finds a literal at every offset of a long text, in any case", () => {
    const n = 70;
    const t = heap.alloc(n);
    const lit = String.UTF8.encode("push", false);
    for (let at = 0; at + 4 <= n; at++) {
      memory.fill(t, 0x70, n); // "ppp…": the first byte everywhere, the rest nowhere
      store<u8>(t + <usize>at, 0x50); store<u8>(t + <usize>at + 1, 0x75);
      store<u8>(t + <usize>at + 2, 0x53); store<u8>(t + <usize>at + 3, 0x68); // "PuSh"
      expect(containsFolded(t, n, changetype<usize>(lit), 4)).toBe(true, at.toString());
      store<u8>(t + <usize>at + 3, 0x69);
      expect(containsFolded(t, n, changetype<usize>(lit), 4)).toBe(false, at.toString());
    }
  });
});

// notWordBytes lets the lexer copy letters, digits, - . / _ eight at a time; a byte it calls a word byte
// skips the table that finds where a word ends, so every byte value must be classified exactly.
function isWordByte(b: u32): bool {
  return (b >= 0x61 && b <= 0x7a) || (b >= 0x41 && b <= 0x5a) || (b >= 0x30 && b <= 0x39) || b == 0x2d || b == 0x2e || b == 0x2f || b == 0x5f;
}

function expectedNotWord(x: u64): u64 {
  let m: u64 = 0;
  for (let i = 0; i < 8; i++) if (!isWordByte(<u32>((x >> (<u64>i * 8)) & 0xff))) m |= (<u64>0x80) << (<u64>i * 8);
  return m;
}

describe("notWordBytes", () => {
  test("classifies every byte value at every position, whatever its neighbours", () => {
    const random = new XorShift(0x51ed270b);
    for (let b: u64 = 0; b < 256; b++) {
      for (let at: u64 = 0; at < 8; at++) {
        // Neighbours: all word bytes, all 0xff, all 0x00, and random (carries and borrows would show there).
        const fills: StaticArray<u64> = [0x6161616161616161, 0xffffffffffffffff, 0, (<u64>random.next() << 32) | <u64>random.next()];
        for (let f = 0; f < fills.length; f++) {
          const x = (fills[f] & ~((<u64>0xff) << (at * 8))) | (b << (at * 8));
          expect(notWordBytes(x)).toBe(expectedNotWord(x), b.toString() + " at " + at.toString());
        }
      }
    }
  });
});
