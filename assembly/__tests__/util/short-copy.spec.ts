// copyBytes and fillBytes move short runs eight bytes a step; they must
// touch exactly the n bytes asked for, at every length and alignment, and
// leave the bytes around them alone (the arena's next word sits right after).
import { copyBytes, fillBytes } from "../../shell/syntax/buffers";
import { XorShift } from "../xorshift";

const random = new XorShift(0x2545f491);
const GUARD: i32 = 16;

function randomize(p: usize, n: i32): void {
  for (let i = 0; i < n; i++) store<u8>(p + <usize>i, <u8>random.next());
}

function same(a: usize, b: usize, n: i32): bool {
  for (let i = 0; i < n; i++) if (load<u8>(a + <usize>i) != load<u8>(b + <usize>i)) return false;
  return true;
}

describe("copyBytes and fillBytes", () => {
  test("copy exactly n bytes, lengths 0 to 48 at every alignment", () => {
    const area = 48 + 2 * GUARD + 8;
    const src = heap.alloc(64), got = heap.alloc(area), want = heap.alloc(area);
    let checked = 0;
    for (let round = 0; round < 4000; round++) {
      const n = <i32>(random.next() % 49), off = <i32>(random.next() % 8), srcOff = <i32>(random.next() % 8);
      randomize(src, 64);
      randomize(got, area);
      memory.copy(want, got, <usize>area);
      for (let i = 0; i < n; i++) store<u8>(want + <usize>(GUARD + off + i), load<u8>(src + <usize>(srcOff + i)));
      copyBytes(got + <usize>(GUARD + off), src + <usize>srcOff, n);
      expect(same(got, want, area)).toBe(true, "copyBytes n=" + n.toString() + " off=" + off.toString());
      checked++;
    }
    expect(checked).toBe(4000);
  });

  test("fill exactly n bytes with b, lengths 0 to 48 at every alignment, every byte value", () => {
    const area = 48 + 2 * GUARD + 8;
    const got = heap.alloc(area), want = heap.alloc(area);
    for (let round = 0; round < 4000; round++) {
      const n = <i32>(random.next() % 49), off = <i32>(random.next() % 8), b = <u32>(round & 0xff);
      randomize(got, area);
      memory.copy(want, got, <usize>area);
      for (let i = 0; i < n; i++) store<u8>(want + <usize>(GUARD + off + i), <u8>b);
      fillBytes(got + <usize>(GUARD + off), b, n);
      expect(same(got, want, area)).toBe(true, "fillBytes n=" + n.toString() + " b=" + b.toString());
    }
  });
});
