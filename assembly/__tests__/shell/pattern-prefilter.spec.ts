// The blocked-pattern prefilter (PatternMatcher#mayMatch) only skips work: it
// must never say "cannot match" for a script the full matcher matches. Each
// pattern is tried against commands that spell it in mixed case, split or
// reordered flags, with punctuation around it, next to commands that do not.
import { Parser } from "../../shell/parser";
import { Walker } from "../../shell/walk";
import { PatternMatcher, compilePattern } from "../../shell/pattern";

const p = new Parser();
const w = new Walker(p);
const m = new PatternMatcher();

const PATTERNS = [
  "sudo", "rm -rf", "git push --force", "curl * | sh", "> /dev/sd*", "*.pem", ".env", "chmod 777", "npm publish",
  "/etc/shadow", "id_rsa", "dd of=/dev/*", "kill -9", "docker run --privileged", "a@b", "x[1]", "{a}", "~/.ssh",
];
const COMMANDS = [
  "SUDO ls", "Sudo -u root id", "ls; sudo id", "echo sudoku", "RM -Rf /tmp/x", "rm -f -r x", "rm --recursive --force x",
  "git PUSH origin main -f", "git push --force-with-lease", "CURL http://x | SH", "curl -s x | bash", "cat x > /DEV/SDA",
  "cat KEY.PEM", "cat a.pem", "cat .ENV", "cat ./.env", "CHMOD 777 f", "chmod 0777 f", "NPM Publish", "cat /ETC/SHADOW",
  "cat ~/.ssh/ID_RSA", "DD if=x OF=/dev/sda", "KILL -9 1", "docker RUN --PRIVILEGED img", "echo A@B", "echo X[1]",
  "echo {A}", "ls ~/.SSH", "ls", "git status && npm run build", "echo '[a]' \"{b}\" @ ~", "printf '%s' x@y",
];

describe("blocked-pattern prefilter", () => {
  test("never rejects a script the full matcher matches", () => {
    let matched = 0;
    for (let c = 0; c < COMMANDS.length; c++) {
      const b = String.UTF8.encode(COMMANDS[c], false);
      expect(p.parseTop(changetype<usize>(b), b.byteLength) && w.run()).toBe(true, COMMANDS[c]);
      for (let i = 0; i < PATTERNS.length; i++) {
        const pat = compilePattern(PATTERNS[i])!;
        m.resetPlaces(0, 0, true);
        if (m.find(p.script, pat) == -1) continue;
        matched++;
        expect(m.mayMatch(p.script, pat)).toBe(true, COMMANDS[c] + " ~ " + PATTERNS[i]);
      }
    }
    // The corpus exercises the claim: most commands above match their pattern.
    expect(matched).toBeGreaterThan(20);
  });

  test("does reject a script that spells none of the pattern", () => {
    const b = String.UTF8.encode("git status && npm run build | tee log.txt", false);
    expect(p.parseTop(changetype<usize>(b), b.byteLength) && w.run()).toBe(true);
    expect(m.mayMatch(p.script, compilePattern("sudo")!)).toBe(false);
    expect(m.mayMatch(p.script, compilePattern("rm -rf")!)).toBe(false);
    expect(m.mayMatch(p.script, compilePattern("git push --force")!)).toBe(false);
  });

  test("still finds every pair after its stamp wraps around (600 scripts)", () => {
    const sudo = compilePattern("sudo")!;
    for (let i = 0; i < 600; i++) {
      const text = i % 2 == 0 ? "sudo id" : "ls -la";
      const b = String.UTF8.encode(text, false);
      expect(p.parseTop(changetype<usize>(b), b.byteLength) && w.run()).toBe(true);
      expect(m.mayMatch(p.script, sudo)).toBe(i % 2 == 0, text + " at " + i.toString());
    }
  });
});
