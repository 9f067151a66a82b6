// inputProblem answers "NUL byte?" and "valid UTF-8?" in one pass for plain
// ASCII and hands the rest to the two full checks. It must rank and find
// problems exactly as those checks run one after the other over the whole
// input: a NUL anywhere first, then invalid UTF-8 anywhere.
import { InputProblem, inputProblem, isValidUtf8 } from "../../shell/syntax/input";
import { containsZeroByte } from "../../util/swar";
import { XorShift } from "../xorshift";

function reference(p: usize, n: i32): InputProblem {
  if (containsZeroByte(p, n)) return InputProblem.NUL;
  return isValidUtf8(p, n) ? InputProblem.NONE : InputProblem.UTF8;
}

const random = new XorShift(0x2545f491);

// Bytes that sit on the fast pass's edges: 0, 1, 0x7f, 0x80, lead and continuation bytes, 0xff.
const SPECIAL: StaticArray<u8> = [0x00, 0x01, 0x7f, 0x80, 0xbf, 0xc2, 0xe2, 0x82, 0xac, 0xed, 0xa0, 0xf0, 0x9f, 0xf4, 0xff];

describe("inputProblem", () => {
  test("agrees with the NUL check and then the UTF-8 check on 20,000 random inputs", () => {
    const buf = heap.alloc(64);
    let nul = 0, utf8 = 0;
    for (let round = 0; round < 20000; round++) {
      const n = <i32>(random.next() % 40);
      for (let i = 0; i < n; i++) {
        // Mostly ASCII letters, a few special bytes, so that problems appear at every offset.
        const r = random.next();
        store<u8>(buf + <usize>i, r % 12 == 0 ? SPECIAL[(r >> 8) % <u32>SPECIAL.length] : <u8>(0x61 + (r >> 8) % 26));
      }
      const want = reference(buf, n);
      if (want == InputProblem.NUL) nul++;
      if (want == InputProblem.UTF8) utf8++;
      expect(inputProblem(buf, n)).toBe(want, "round " + round.toString());
    }
    // The corpus reaches both problems often.
    expect(nul).toBeGreaterThan(1000);
    expect(utf8).toBeGreaterThan(1000);
  });

  test("finds a NUL or a stray byte at every offset of a long ASCII command, NUL first", () => {
    const n = 67;
    const buf = heap.alloc(n);
    for (let at = 0; at < n; at++) {
      memory.fill(buf, 0x61, n);
      store<u8>(buf + <usize>at, 0);
      expect(inputProblem(buf, n)).toBe(InputProblem.NUL);
      store<u8>(buf + <usize>at, 0x80);
      expect(inputProblem(buf, n)).toBe(InputProblem.UTF8);
      // An invalid byte early and a NUL late: the NUL wins, as it did with two separate checks.
      if (at + 1 < n) {
        store<u8>(buf + <usize>(n - 1), 0);
        expect(inputProblem(buf, n)).toBe(InputProblem.NUL);
      }
    }
    memory.fill(buf, 0x61, n);
    expect(inputProblem(buf, n)).toBe(InputProblem.NONE);
  });
});
