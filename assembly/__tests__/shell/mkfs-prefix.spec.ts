// infoOf's test for a versioned `mkfs` name (mkfs.ext4) is one folded four-byte load instead of hasPrefix's
// byte loop; the reference is hasPrefix itself, over every casing of the needle, near misses a fold by 0x20
// could confuse (`@`, `[`, `{`, `M` ^ 0x20), and random and adversarial bytes.
import { hasPrefix, isMkfs } from "../../shell/programs/names";
import { XorShift } from "../xorshift";

const FIXED = ["", "m", "mk", "mkf", "mkfs", "MKFS", "MkFs", "mkfs.ext4", "mkfs.vfat", "mkfsx", "mkf", "nkfs", "mkfr",
  "mkft", "mKfS.btrfs", "\u00edkfs", "mk\u00e6s", "mkfS", "-kfs", "mkf3"];

describe("isMkfs against hasPrefix(p, n, \"mkfs\")", () => {
  test("every casing, near misses and random bytes", () => {
    const random = new XorShift(0x3bf5_0001);
    // Bytes that or 0x20 near the needle's, and bytes far from it.
    const near: u8[] = [0x6d, 0x4d, 0x6b, 0x4b, 0x66, 0x46, 0x73, 0x53, 0x2d, 0x0d, 0x0b, 0x06, 0x13, 0x4c, 0x6c, 0x00, 0xff,
      0xcd, 0xed, 0x7b, 0x5b, 0x40, 0x60, 0x2e, 0x34];
    let yes = 0;
    for (let round = 0; round < 20000; round++) {
      let p: usize, n: i32;
      let buf: ArrayBuffer;
      if (round < FIXED.length) {
        buf = String.UTF8.encode(FIXED[round], false);
        n = buf.byteLength;
      } else {
        n = <i32>(random.next() % 9);
        buf = new ArrayBuffer(n + 4); // room past n: the load must not decide by bytes after the name
        for (let i = 0; i < n + 4; i++) {
          const pick = random.next() % 3;
          const c: u8 = pick == 0 ? <u8>random.next() : near[<i32>(random.next() % <u32>near.length)];
          store<u8>(changetype<usize>(buf) + <usize>i, i < 4 && pick != 0 && (random.next() & 1) != 0 ?
            <u8>"mkfs".charCodeAt(i) ^ (<u8>(random.next() & 1) << 5) : c);
        }
      }
      p = changetype<usize>(buf);
      const want = hasPrefix(p, n, "mkfs");
      expect(isMkfs(p, n)).toBe(want, round.toString());
      if (want) yes++;
    }
    expect(yes).toBeGreaterThan(150);
  });
});
