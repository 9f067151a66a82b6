// writes-then-runs' gitPath (does a written file's path hold `.git/` or `git/config`?) scans only the bytes
// before the basename (all of them when the name ends in `/`), and not at all for a name with no `/`; the
// reference is the scan over every byte it replaced. Paths are fixed edge cases, then random bytes from an alphabet that spells the needles often,
// with adversarial bytes (NUL, 0xff, UTF-8) among them.
import { gitPath } from "../../shell/interp/writes-then-runs";
import { basenameOffset } from "../../shell/expand/argv";
import { XorShift } from "../xorshift";

/** gitPath as it was: every offset of the path. */
function referenceGitPath(p: usize, n: i32): bool {
  for (let i = 0; i + 4 <= n; i++) {
    if (load<u32>(p + <usize>i) != 0x2f746967) continue; // "git/"
    if (i > 0 && load<u8>(p + <usize>i - 1) == 0x2e) return true;
    if (i + 10 <= n && load<u32>(p + <usize>i, 4) == 0x666e6f63 && load<u16>(p + <usize>i, 8) == 0x6769) return true;
  }
  return false;
}

/** As loaderOf asks it now. */
function fastGitPath(p: usize, n: i32): bool {
  const b = basenameOffset(p, n);
  const end = n > 0 && load<u8>(p + <usize>n - 1) == 0x2f ? n : b;
  return end > 0 && gitPath(p, n, end);
}

const FIXED = ["", "/", "git/", ".git/", ".git", "git", ".git/config", ".git/hooks/pre-commit", "~/.config/git/config",
  "git/config", "git/configx", "git/confi", "xgit/config", "a.git/", "a/.git/x", "a/git/conf", "notes/todo.txt",
  "build-log.txt", ".gitconfig", "dir/.gitconfig", "x/git/", "/.git/", "git/.git/", "a/b/c/d/e/f/g/h/.git/HEAD",
  "repo.git/config", "a/.git/", "git/config/", "a/x.git/", "..git/", "\u00e9.git/x", "gi/t/config"];

function randomPath(random: XorShift): string {
  const alphabet = ".git/confx\u00ff\u0000\u00e9";
  const n = <i32>(random.next() % 24);
  let out = "";
  for (let i = 0; i < n; i++) {
    // Whole needles now and then, so that hits are common.
    const pick = random.next() % 12;
    if (pick == 0) out += ".git/";
    else if (pick == 1) out += "git/config";
    else out += alphabet.charAt(<i32>(random.next() % <u32>alphabet.length));
  }
  return out;
}

describe("gitPath over the directories against the scan over every byte", () => {
  test("fixed and random paths", () => {
    const random = new XorShift(0x6175_0a7e);
    let hits = 0, misses = 0;
    for (let round = 0; round < 20000; round++) {
      const text = round < FIXED.length ? FIXED[round] : randomPath(random);
      const b = String.UTF8.encode(text, false);
      const p = changetype<usize>(b), n = b.byteLength;
      const want = referenceGitPath(p, n);
      expect(fastGitPath(p, n)).toBe(want, text);
      // Every start and length inside the bytes: unaligned starts, and paths cut inside a needle.
      if (round % 500 == 0) {
        for (let o = 0; o < n; o++) for (let m = 0; o + m <= n; m++) {
          expect(fastGitPath(p + <usize>o, m)).toBe(referenceGitPath(p + <usize>o, m), text);
        }
      }
      if (want) hits++; else misses++;
    }
    expect(hits).toBeGreaterThan(2000);
    expect(misses).toBeGreaterThan(2000);
  });
});
