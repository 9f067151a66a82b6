// The blocked-pattern prefilter indexes the text seven pairs per eight-byte
// load, with every first byte folded by one `or` (PAIR_FOLD). Each of those
// seven must be the entry pairHashAt gives the pair at its place: random bytes
// of every value, and ASCII text in both cases.
import { PAIR_FOLD, pairHashAt, pairHashOfFolded } from "../../shell/pattern";
import { XorShift } from "../xorshift";

describe("pair hashes from one load", () => {
  test("are pairHashAt of each of the seven pairs (4,000 loads)", () => {
    const random = new XorShift(0x3c6ef372);
    const buf = heap.alloc(8);
    let upper = 0;
    for (let round = 0; round < 4000; round++) {
      for (let i = 0; i < 8; i++) {
        // Half the rounds any byte, half letters and punctuation in both cases.
        const r = random.next();
        const b = round % 2 == 0 ? r & 0xff : 0x21 + (r % 0x5e);
        if (b - 0x41 < 26) upper++;
        store<u8>(buf + <usize>i, <u8>b);
      }
      const x = load<u64>(buf) | PAIR_FOLD;
      for (let k = 0; k < 7; k++) expect(<u32>pairHashOfFolded(x >> (<u64>k << 3))).toBe(pairHashAt(buf + <usize>k));
    }
    expect(upper).toBeGreaterThan(2000);
    heap.free(buf);
  });
});
