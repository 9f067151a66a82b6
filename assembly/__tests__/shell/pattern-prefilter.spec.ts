// The blocked-pattern prefilter (PatternMatcher#mayMatch) only skips work: it
// must never say "cannot match" for a script the full matcher matches. Each
// pattern is tried against commands that spell it in mixed case, split or
// reordered flags, with punctuation around it, next to commands that do not.
import { Parser } from "../../shell/syntax/parser";
import { Walker } from "../../shell/interp/walk";
import { BlockedPattern, PUSH, PUSH_PAIRS, PatternHit, PatternMatcher, SEND_PACK, SEND_PACK_PAIRS, compilePattern, pairHashAt } from "../../shell/pattern";
import { toLowerAscii } from "../../util/bytes";
import { XorShift } from "../xorshift";
import { Script } from "../../shell/syntax/nodes";

const p = new Parser();
const w = new Walker(p);
const m = new PatternMatcher();

const PATTERNS = [
  "sudo", "rm -rf", "git push --force", "curl * | sh", "> /dev/sd*", "*.pem", ".env", "chmod 777", "npm publish",
  "/etc/shadow", "id_rsa", "dd of=/dev/*", "kill -9", "docker run --privileged", "a@b", "x[1]", "{a}", "~/.ssh",
  "git push -f", "git push", "/usr/bin/git push --force", "GIT PUSH origin", "git push -f | cat",
];
const COMMANDS = [
  "SUDO ls", "Sudo -u root id", "ls; sudo id", "echo sudoku", "RM -Rf /tmp/x", "rm -f -r x", "rm --recursive --force x",
  "git PUSH origin main -f", "git push --force-with-lease", "CURL http://x | SH", "curl -s x | bash", "cat x > /DEV/SDA",
  "cat KEY.PEM", "cat a.pem", "cat .ENV", "cat ./.env", "CHMOD 777 f", "chmod 0777 f", "NPM Publish", "cat /ETC/SHADOW",
  "cat ~/.ssh/ID_RSA", "DD if=x OF=/dev/sda", "KILL -9 1", "docker RUN --PRIVILEGED img", "echo A@B", "echo X[1]",
  "echo {A}", "ls ~/.SSH", "ls", "git status && npm run build", "echo '[a]' \"{b}\" @ ~", "printf '%s' x@y",
  "git send-pack --force x", "GIT SEND-PACK --FORCE x", "git pu\\sh --force", "git \"push\" -f", "sudo git push -f",
];

describe("blocked-pattern prefilter", () => {
  test("never rejects a script the full matcher matches", () => {
    let matched = 0;
    for (let c = 0; c < COMMANDS.length; c++) {
      const b = String.UTF8.encode(COMMANDS[c], false);
      expect(p.parseTop(changetype<usize>(b), b.byteLength) && w.run()).toBe(true, COMMANDS[c]);
      for (let i = 0; i < PATTERNS.length; i++) {
        const pat = compilePattern(PATTERNS[i]).pattern!;
        m.resetPlaces(0, 0, true);
        if (m.find(p.script, pat) == PatternHit.NONE) continue;
        matched++;
        expect(m.mayMatch(p.script, pat)).toBe(true, COMMANDS[c] + " ~ " + PATTERNS[i]);
      }
    }
    // The corpus exercises the claim: most commands above match their pattern.
    expect(matched).toBeGreaterThan(20);
  });

  test("the written-out spellings of git push and their pairs are what they say", () => {
    const words = ["push", "send-pack"];
    const at: usize[] = [PUSH, SEND_PACK];
    const pairs: usize[] = [PUSH_PAIRS, SEND_PACK_PAIRS];
    for (let i = 0; i < 2; i++) {
      const b = String.UTF8.encode(words[i], false);
      const n = b.byteLength;
      for (let k = 0; k < n; k++) expect(load<u8>(at[i] + <usize>k)).toBe(load<u8>(changetype<usize>(b) + <usize>k), words[i]);
      for (let k = 0; k + 1 < n; k++) {
        expect(<u32>load<u16>(pairs[i] + (<usize>k << 1))).toBe(pairHashAt(changetype<usize>(b) + <usize>k), words[i]);
      }
    }
  });

  test("does reject a script that spells none of the pattern", () => {
    const b = String.UTF8.encode("git status && npm run build | tee log.txt", false);
    expect(p.parseTop(changetype<usize>(b), b.byteLength) && w.run()).toBe(true);
    expect(m.mayMatch(p.script, compilePattern("sudo").pattern!)).toBe(false);
    expect(m.mayMatch(p.script, compilePattern("rm -rf").pattern!)).toBe(false);
    expect(m.mayMatch(p.script, compilePattern("npm publish --force").pattern!)).toBe(false);
    // `git push` patterns need `push` or `send-pack` spelled (`git send-pack` pushes too).
    expect(m.mayMatch(p.script, compilePattern("git push --force").pattern!)).toBe(false);
    expect(m.mayMatch(p.script, compilePattern("GIT Push -f").pattern!)).toBe(false);
    const pushes = ["git send-pack --force x", "git SEND-PACK --force x", "git Push -f", "git pu\\sh -f", "git 'push' -f",
      "echo push; git status", "git status | cat send-pack"];
    for (let i = 0; i < pushes.length; i++) {
      const c = String.UTF8.encode(pushes[i], false);
      expect(p.parseTop(changetype<usize>(c), c.byteLength) && w.run()).toBe(true, pushes[i]);
      expect(m.mayMatch(p.script, compilePattern("git push --force").pattern!)).toBe(true, pushes[i]);
    }
  });

  test("still finds every pair after its stamp wraps around (600 scripts)", () => {
    const sudo = compilePattern("sudo").pattern!;
    for (let i = 0; i < 600; i++) {
      const text = i % 2 == 0 ? "sudo id" : "ls -la";
      const b = String.UTF8.encode(text, false);
      expect(p.parseTop(changetype<usize>(b), b.byteLength) && w.run()).toBe(true);
      expect(m.mayMatch(p.script, sudo)).toBe(i % 2 == 0, text + " at " + i.toString());
    }
  });

  test("answers exactly 'every literal is in the text' where words are plain text (4,000 scripts)", () => {
    literalsExactly(0x6b43a9b5);
  });

  test("a matcher kept across scripts answers as a fresh one (the view-name keys follow the script)", () => {
    // The keys are cached per script and mayMatch tests the cache before the call: a stale key set would
    // skip views of the next script. Commands of different view counts in turn, every pattern each time.
    let differ = 0;
    for (let round = 0; round < 3 * COMMANDS.length; round++) {
      const cmd = COMMANDS[(round * 7) % COMMANDS.length];
      const b = String.UTF8.encode(cmd, false);
      expect(p.parseTop(changetype<usize>(b), b.byteLength) && w.run()).toBe(true, cmd);
      for (let i = 0; i < PATTERNS.length; i++) {
        const pat = compilePattern(PATTERNS[i]).pattern!;
        const fresh = new PatternMatcher();
        fresh.resetPlaces(0, 0, true);
        m.resetPlaces(0, 0, true);
        const may = fresh.mayMatch(p.script, pat);
        expect(m.mayMatch(p.script, pat)).toBe(may, cmd + " ~ " + PATTERNS[i]);
        expect(m.find(p.script, pat)).toBe(fresh.find(p.script, pat), cmd + " ~ " + PATTERNS[i]);
        if (!may) differ++;
      }
    }
    expect(differ).toBeGreaterThan(100);
  });

  test("rejects a pattern whose command runs in no view, even where the text spells it", () => {
    const b = String.UTF8.encode("echo chmod 777 x && ls /usr/bin/npm; grep publish f", false);
    expect(p.parseTop(changetype<usize>(b), b.byteLength) && w.run()).toBe(true);
    expect(m.mayMatch(p.script, compilePattern("chmod 777").pattern!)).toBe(false);
    expect(m.mayMatch(p.script, compilePattern("npm publish").pattern!)).toBe(false);
    expect(m.mayMatch(p.script, compilePattern("ECHO CHMOD").pattern!)).toBe(true);
    expect(m.mayMatch(p.script, compilePattern("/bin/ls -l").pattern!)).toBe(true);
    expect(m.mayMatch(p.script, compilePattern("echo x | grep publish").pattern!)).toBe(true);
    expect(m.mayMatch(p.script, compilePattern("echo x | grep sudo").pattern!)).toBe(false);
    expect(m.mayMatch(p.script, compilePattern("echo x | chmod").pattern!)).toBe(false);
    // One word meets any word, not only a name.
    expect(m.mayMatch(p.script, compilePattern("chmod").pattern!)).toBe(true);
  });
});

function literalsExactly(seed: u32): void {
  {
    // The byte-pair index reads seven pairs per eight-byte load: a pair it drops at any offset (word lengths
    // vary, so pairs land everywhere in the loads and in the tail) makes mayMatch say false where it must not.
    const random = new XorShift(seed);
    const ALPHA = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.@:,+%=";
    let hits = 0, misses = 0;
    for (let round = 0; round < 4000; round++) {
      let cmd = "";
      const words = 1 + <i32>(random.next() % 12);
      for (let k = 0; k < words; k++) {
        if (k > 0) cmd += random.next() % 5 == 0 ? " | " : " ";
        const len = 1 + <i32>(random.next() % 11);
        for (let j = 0; j < len; j++) cmd += ALPHA.charAt(<i32>(random.next() % <u32>ALPHA.length));
      }
      const b = String.UTF8.encode(cmd, false);
      // A random `fi` or `done` may end up where a command belongs: such a line is no script.
      if (!p.parseTop(changetype<usize>(b), b.byteLength) || !w.run()) continue;
      const s = p.script;
      for (let q = 0; q < 4; q++) {
        // A literal cut from the text (at any offset, any case), or made up.
        let lit = "";
        const len = 2 + <i32>(random.next() % 4);
        if (q < 3 && s.text.length >= len) {
          const at = <i32>(random.next() % <u32>(s.text.length - len + 1));
          for (let j = 0; j < len; j++) lit += String.fromCharCode(load<u8>(s.text.ptr + <usize>(at + j)));
        } else {
          for (let j = 0; j < len; j++) lit += ALPHA.charAt(<i32>(random.next() % 36));
        }
        if (lit.includes("|") || lit.startsWith("-") || lit.includes("*") || lit.includes("?")) continue;
        // One word, or a command and an operand: the command is met by the view-name set, exactly when
        // some view's name is that word (a name cut from the text), the operand by the text.
        let head = random.next() % 2 == 0 ? firstName(s) : "";
        if (head.length == 0) head = "x" + lit;
        const one = random.next() % 2 == 0;
        const pat = compilePattern(one ? lit : head + " " + lit.toUpperCase()).pattern!;
        const want = allLiteralsIn(s.text.ptr, s.text.length, pat) && (one || someViewNamed(s, head));
        if (want) hits++; else misses++;
        const got = m.mayMatch(s, pat);
        // The name set is 64 bits: another name may share the bit, so only `want` must be met exactly.
        if (want || one) expect(got).toBe(want, cmd + " ~ " + pat.raw);
      }
    }
    expect(hits).toBeGreaterThan(2000);
    expect(misses).toBeGreaterThan(1000);
  }
}

/** The name of one view of the script, picked by its text length (the spec's random source stays the same). */
function firstName(s: Script): string {
  if (s.viewCount == 0) return "";
  const v = s.text.length % s.viewCount;
  const w = s.viewName(v);
  return String.UTF8.decodeUnsafe(s.wordPtr(w), s.wordLen(w));
}

function someViewNamed(s: Script, name: string): bool {
  const b = String.UTF8.encode(name.toLowerCase(), false);
  for (let v = 0; v < s.viewCount; v++) {
    const w = s.viewName(v);
    const n = s.wordLen(w);
    if (n != b.byteLength) continue;
    let k = 0;
    while (k < n && toLowerAscii(<u32>load<u8>(s.wordPtr(w) + <usize>k)) == <u32>load<u8>(changetype<usize>(b) + <usize>k)) k++;
    if (k == n) return true;
  }
  return false;
}

/** The reference: a byte-by-byte case-folded search for each literal. */
function allLiteralsIn(t: usize, n: i32, pat: BlockedPattern): bool {
  for (let i = 0; i < pat.literals.length; i++) {
    const l = pat.literals[i];
    let found = false;
    for (let at = 0; !found && at + l.length <= n; at++) {
      let k = 0;
      while (k < l.length && toLowerAscii(<u32>load<u8>(t + <usize>(at + k))) == <u32>l[k]) k++;
      found = k == l.length;
    }
    if (!found) return false;
  }
  return true;
}
