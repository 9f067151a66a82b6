// commandInfo keeps names of up to eight bytes it has seen in a small cache.
// It must answer exactly as the table lookup: every name in the table, its
// upper-case and versioned spellings, prefixes and near misses, and random
// names that collide in the cache's 64 slots, each asked several times.
import { commandInfo, lookupCommandInfo } from "../../shell/programs/names";
import { nameKey } from "../../shell/expand/argv";
import { XorShift } from "../xorshift";

const NAMES = [
  "git", "GIT", "Git", "rm", "RM", "grm", "sudo", "doas", "env", "xargs", "sh", "bash", "zsh", "python3", "python3.12",
  "python", "pythonx", "perl5.36", "node20", "mkfs.ext4", "mkfs", "chmod", "curl", "wget", "ls", "grep", "head",
  "npm", "npx", "pnpm", "tar", "find", "a", "ab", "abcdefgh", "abcdefghi", "timeout", "nohup", "[", "test", "eval",
  "source", ".", "exec", "command", "builtin", "find-x", "gi", "gitt", "r", "sed", "awk", "dd", "openssl", "base64",
];

const random = new XorShift(0x5eed1234);

function infoBoth(name: string): void {
  const b = String.UTF8.encode(name, false);
  const p = changetype<usize>(b), n = b.byteLength;
  expect(commandInfo(p, n)).toBe(lookupCommandInfo(p, n), name);
}

describe("commandInfo's name cache", () => {
  test("answers as the table for known names, spellings and near misses, asked repeatedly", () => {
    let known = 0;
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < NAMES.length; i++) {
        infoBoth(NAMES[i]);
        const b = String.UTF8.encode(NAMES[i], false);
        if (round == 0 && lookupCommandInfo(changetype<usize>(b), b.byteLength) != 0) known++;
      }
    }
    expect(known).toBeGreaterThan(30);
  });

  test("answers as the table for 20,000 random names that evict each other", () => {
    const buf = heap.alloc(12);
    // A small alphabet so that names recur, collide in slots and sometimes are known (rm, sh, dd, ls).
    const alphabet = "rmshdlgitx.3";
    for (let round = 0; round < 20000; round++) {
      const n = 1 + <i32>(random.next() % 10);
      for (let i = 0; i < n; i++) store<u8>(buf + <usize>i, <u8>alphabet.charCodeAt(<i32>(random.next() % <u32>alphabet.length)));
      expect(commandInfo(buf, n)).toBe(lookupCommandInfo(buf, n), "round " + round.toString());
    }
  });

  test("keys a name by its bytes exactly as a byte loop does (every length 1-8, any bytes, 20,000 names)", () => {
    const buf = heap.alloc(24);
    for (let round = 0; round < 20000; round++) {
      // Random bytes around the name too: the key must not read past it.
      for (let i = 0; i < 24; i++) store<u8>(buf + <usize>i, <u8>random.next());
      const n = 1 + round % 8, at = <usize>(4 + random.next() % 8);
      let want: u64 = 0;
      for (let i = 0; i < n; i++) want |= <u64>load<u8>(buf + at + <usize>i) << (<u64>i << 3);
      expect(nameKey(buf + at, n)).toBe(want, "round " + round.toString());
    }
  });
});
