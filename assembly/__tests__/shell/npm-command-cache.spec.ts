// npmCommand keeps its answer for words of up to eight bytes in a small
// cache. It must answer exactly as lookupNpmCommand: every command and alias,
// abbreviations (unique and ambiguous), camelCase, empty and long words, and
// random words that collide in the cache's 32 slots, each asked repeatedly.
// The cache keys a word by nameKey, which must equal a byte loop's key.
import { lookupNpmCommand, npmCommand } from "../../shell/programs/npm-commands";
import { nameKey } from "../../shell/expand/argv";
import { XorShift } from "../xorshift";

const WORDS = [
  "run", "test", "t", "i", "install", "isntall", "pub", "publish", "exe", "exec", "x", "rm", "r", "ru", "runScript",
  "run-script", "c", "ci", "conf", "config", "set", "get", "ls", "list", "view", "info", "show", "find", "add", "",
  "unlink", "home", "author", "issues", "explore", "init", "create", "dlx", "RUN", "Run", "tst", "rb", "rebuild",
  "verylongwordhere", "restart", "start", "stop", "s", "st", "sta", "dedupe", "ddp", "up", "update", "upgrade",
];

function both(word: string): void {
  const b = String.UTF8.encode(word, false);
  const p = changetype<usize>(b), n = b.byteLength;
  expect(npmCommand(p, n)).toBe(lookupNpmCommand(p, n), word);
}

describe("npmCommand's cache", () => {
  test("answers as the lookup for commands, aliases and abbreviations, asked repeatedly", () => {
    let rewritten = 0;
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < WORDS.length; i++) {
        both(WORDS[i]);
        const b = String.UTF8.encode(WORDS[i], false);
        if (round == 0 && lookupNpmCommand(changetype<usize>(b), b.byteLength).length > 0) rewritten++;
      }
    }
    expect(rewritten).toBeGreaterThan(15);
  });

  test("answers as the lookup for 20,000 random words that evict each other", () => {
    const random = new XorShift(0x27d4eb2f);
    // Letters npm commands start with, so that words recur, collide in slots and are often abbreviations.
    const alphabet = "rustpiecxlA-";
    let rewritten = 0;
    for (let round = 0; round < 20000; round++) {
      const n = 1 + <i32>(random.next() % 9);
      let word = "";
      for (let i = 0; i < n; i++) word += alphabet.charAt(<i32>(random.next() % <u32>alphabet.length));
      both(word);
      const b = String.UTF8.encode(word, false);
      if (lookupNpmCommand(changetype<usize>(b), b.byteLength).length > 0) rewritten++;
    }
    expect(rewritten).toBeGreaterThan(1000);
  });

  test("keys a word by its bytes exactly as a byte loop does (every length 1-8, any bytes, 20,000 words)", () => {
    const random = new XorShift(0x5eed1234);
    const buf = heap.alloc(24);
    for (let round = 0; round < 20000; round++) {
      // Random bytes around the word too: the key must not read past it.
      for (let i = 0; i < 24; i++) store<u8>(buf + <usize>i, <u8>random.next());
      const n = 1 + round % 8, at = <usize>(4 + random.next() % 8);
      let want: u64 = 0;
      for (let i = 0; i < n; i++) want |= <u64>load<u8>(buf + at + <usize>i) << (<u64>i << 3);
      expect(nameKey(buf + at, n)).toBe(want, "round " + round.toString());
    }
  });
});
