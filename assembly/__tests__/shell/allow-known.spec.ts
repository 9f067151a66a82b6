// AllowList keeps the names a one-word entry allowed, so the next view with
// the same name is one probe. A warm list must answer every view exactly as a
// list that has seen nothing: names with arguments that a multi-word entry
// needs, paths, names that only a path entry allows, upper case, and names
// that collide in its 64 slots.
import { Parser } from "../../shell/syntax/parser";
import { Walker } from "../../shell/interp/walk";
import { AllowList, compileAllowEntry } from "../../shell/allow";
import { ByteBuffer } from "../../util/bytes";
import { XorShift } from "../xorshift";

const ENTRIES = ["git", "ls", "npm run test", "npm run lint", "/usr/bin/make", "./gradlew", "cat", "a", "ab", "abcdefgh"];

function list(): AllowList {
  const l = new AllowList();
  for (let i = 0; i < ENTRIES.length; i++) l.add(compileAllowEntry(ENTRIES[i]));
  return l;
}

const COMMANDS = [
  "git status", "GIT status", "ls -la", "npm run test", "npm run build", "npm", "npm run lint -- --fix", "make all",
  "/usr/bin/make", "/usr/bin/git log", "/tmp/git log", "./git", "./gradlew build", "gradlew", "cat x", "cats x", "a",
  "ab", "abc", "abcdefgh", "abcdefghi", "b", "ba", "bab", "git", "l", "s", "/bin/ls", "/bin/../bin/ls", "/usr/local/bin/cat",
];

const random = new XorShift(0x51ed270b);

describe("AllowList's known names", () => {
  test("a warm list answers as a fresh one for every view, over and over", () => {
    const p = new Parser();
    const w = new Walker(p);
    const warm = list();
    const scratch = new ByteBuffer(64);
    let allowed = 0;
    for (let round = 0; round < 3000; round++) {
      // Hand-picked commands, then random short names over a small alphabet (they collide in the slots).
      let cmd = COMMANDS[round % COMMANDS.length];
      if (round >= COMMANDS.length * 3) {
        const alphabet = "abgilst";
        const n = 1 + <i32>(random.next() % 9);
        cmd = "";
        for (let i = 0; i < n; i++) cmd += alphabet.charAt(<i32>(random.next() % <u32>alphabet.length));
        if (random.next() % 3 == 0) cmd += " run test";
      }
      const b = String.UTF8.encode(cmd, false);
      expect(p.parseTop(changetype<usize>(b), b.byteLength) && w.run()).toBe(true, cmd);
      for (let v = 0; v < p.script.viewCount; v++) {
        const want = list().matches(p.script, v, scratch);
        if (want) allowed++;
        expect(warm.matches(p.script, v, scratch)).toBe(want, cmd);
      }
    }
    expect(allowed).toBeGreaterThan(80);
  });
});
