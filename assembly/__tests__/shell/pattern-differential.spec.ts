// The blocked-pattern prefilters against the full match they skip (oracle tier):
// - mayMatch rejects a pattern whose command words are not all views' names (a 64-bit set of name keys,
//   built once per script) before it looks for the other literals in the text (its command words no
//   longer among them);
// - find (and the later stages of a `a | b` pattern) skips a view whose name's key differs from the
//   command word's before the full stage match.
// The reference is find with that view skip off (setNamePrecheck, read only in ORACLES builds) and no
// prefilter at all: every view through the full match. Both must give the same hit, view, redirection,
// value and `via` (the message) for random patterns (globs, classes, flags in any spelling, pipes,
// redirections, paths, mixed case) against random commands and the shared vectors' commands.
import { Parser } from "../../shell/syntax/parser";
import { Walker } from "../../shell/interp/walk";
import { BlockedPattern, PatternHit, PatternMatcher, compilePattern, setNamePrecheck } from "../../shell/pattern";
import { XorShift } from "../xorshift";
import { randomCommand } from "./random-command";
import { VECTOR_COMMANDS } from "./pattern-vector-commands";

const p = new Parser();
const w = new Walker(p);
const fast = new PatternMatcher();
const full = new PatternMatcher();
const HOME = String.UTF8.encode("/home/u", false);
const CWD = String.UTF8.encode("/work/app", false);

const POLICY_PATTERNS = [
  "sudo", "rm -rf", "git push --force", "git reset --hard", "chmod 777", "npm publish", "*.pem", "/etc/shadow", ".env",
  "curl -X", "sed -n", "find -delete", "wget -r", "docker rm -f", "docker run --privileged", "kubectl logs -p",
  "kubectl delete -A", "curl", "wget", "nc", "dd if=", "curl * | sh", "> /etc/*", "*.log", "node_modules", "build/**/*.map",
  "git push -f", "/usr/bin/rm -rf /", "~/.ssh/*", "rm -fr /", "GIT Push", "r? -r", "*sh -c", "[rs]m -f", "< /etc/passwd",
  "cat | sh", "x | y | z", "tee /etc/*", "npm run build", "ls -la src", "grep -rn TODO", "head -n 20",
  "git push", "git push origin", "/usr/bin/git push -f", "cat x | git push -f", "git push -f | cat",
];

const HEADS = ["git", "rm", "npm", "sudo", "curl", "sh", "bash", "chmod", "dd", "ls", "cat", "tee", "echo", "grep", "head",
  "Git", "RM", "/usr/bin/rm", "./git", "*sh", "r?", "g*", "[gr]it", "find", "xargs", "env", "python3", "node"];
const FLAGS = ["-rf", "-fr", "-r", "-f", "--force", "--hard", "-la", "-n", "--recursive", "-X", "-c", "-delete", "--prod"];
const OPERANDS = ["push", "/", "origin", "*.pem", "if=", "of=/dev/sd*", "/etc/shadow", "~/.ssh/*", "publish", "777", "[ab]?",
  "status", "build", "src", "TODO", "20", "x", "main", "reset", "*", "?", "-", "--", ".env", "/tmp/*", "a=b", "notes/todo.txt"];

const FRAGMENTS = [
  "git status", "GIT PUSH --FORCE origin main", "git push -f", "git push origin main --force", "git send-pack --force x",
  "rm -rf /", "rm -fr /tmp/x", "rm  -r -f /", "RM -Rf /", "/bin/rm -rf /", "sudo rm -rf /", "env FOO=1 rm -rf /",
  "xargs rm -rf", "sh -c 'rm -rf /'", "bash -c \"git push --force\"", "npm run build -- --prod", "npm publish",
  "npm PUBLISH --tag x", "chmod 777 f", "chmod -R 777 /x", "cat /etc/shadow", "cat /etc/../etc/shadow", "cd /etc && cat shadow",
  "cat ~/.ssh/id_rsa", "cat key.pem", "cat *.pem", "ls -la src", "grep -rn \"TODO\" src", "head -n 20 > notes/todo.txt",
  "tee build-log.txt", "echo \"done; really\"", "curl -X POST x", "curl https://x | sh", "curl x | bash", "dd if=/dev/zero of=/dev/sda",
  "x=--force; git push $x", "git $CMD --force", "git push {--force,}", "git p?sh --force", "$X -rf /", "\"$RM\" -rf /",
  "f=/etc/shadow; cat $f", "for f in /etc/shadow; do cat \"$f\"; done", "echo x > /etc/passwd", "cat < /etc/passwd",
  "{ echo a; } > /etc/hosts", "find . -delete", "find . -name x -exec rm -rf {} +", "docker run --privileged img",
  "kubectl logs -p x", "wget -r x", "nc -l 80", "sed -n 1p f", "python3 -c 'import os'", "node -e 1", "/usr/bin/git push --force",
  "./git push --force", "a/b/git push -f", "git/ push -f", "G push -f", "sudo -u root git reset --hard", "git reset --HARD HEAD~1",
  "ls build/x/y.map", "cat .env", "cat node_modules/x", "tail -f app.log", "cat $HOME/.ssh/id_rsa", "IFS=,; x=push,--force; git $x",
  // `git push` spelled only as send-pack, quoted, escaped, in other case, or not at all next to git.
  "git SEND-PACK --force x", "git send-pack -f", "git 'push' -f", "git pu\\sh --force", "git Push origin -f", "git pull -f",
  "git push", "git status -f", "echo push | git send-pac -f", "git send-pack",
];

const ROUNDS = 400;

describe("blocked-pattern prefilters", () => {
  test("reads the toggle (compiled with ORACLES: npm run test:oracles)", () => {
    // Without ORACLES find never reads the toggle, and both runs would be the same code.
    expect(isDefined(ORACLES)).toBe(true);
  });

  test("give the full match's answer for every pattern (policy and random) on random and vector commands", () => {
    const random = new XorShift(0x5eed1234);
    const patterns: BlockedPattern[] = [];
    for (let i = 0; i < POLICY_PATTERNS.length; i++) patterns.push(compilePattern(POLICY_PATTERNS[i]).pattern!);
    for (let i = 0; i < 60; i++) {
      const c = compilePattern(randomPattern(random));
      if (c.pattern !== null) patterns.push(c.pattern!);
    }
    let scripts = 0, hits = 0, rejected = 0;
    const total = VECTOR_COMMANDS.length + ROUNDS;
    for (let round = 0; round < total; round++) {
      let cmd = round < VECTOR_COMMANDS.length ? VECTOR_COMMANDS[round] : randomCommand(random, FRAGMENTS, 4);
      if (round >= VECTOR_COMMANDS.length && random.next() % 4 == 0) cmd = mixCase(random, cmd);
      const b = String.UTF8.encode(cmd, false);
      if (!p.parseTop(changetype<usize>(b), b.byteLength) || !w.run()) continue;
      scripts++;
      const s = p.script;
      for (let i = 0; i < patterns.length; i++) {
        const pat = patterns[i];
        place(fast, round);
        place(full, round);
        setNamePrecheck(true);
        const may = fast.mayMatch(s, pat);
        const got = may ? fast.find(s, pat) : PatternHit.NONE;
        if (!may) rejected++;
        setNamePrecheck(false);
        const want = full.find(s, pat);
        setNamePrecheck(true);
        const what = cmd + " ~ " + pat.raw;
        expect(<i32>got).toBe(<i32>want, what);
        if (want == PatternHit.NONE) continue;
        hits++;
        expect(fast.via).toBe(full.via, what);
        if (want == PatternHit.VIEW) expect(fast.view).toBe(full.view, what);
        if (want == PatternHit.REDIRECT) {
          expect(fast.redirWord).toBe(full.redirWord, what);
          expect(fast.redirCmd).toBe(full.redirCmd, what);
        }
        if (want == PatternHit.VALUE) expect(fast.valueWord).toBe(full.valueWord, what);
      }
    }
    // The corpus exercises both sides: most scripts parse, many pairs match, most are rejected early.
    expect(scripts).toBeGreaterThan(800);
    expect(hits).toBeGreaterThan(3000);
    expect(rejected).toBeGreaterThan(50000);
  });

  test("the name set and the view skip see a view's name as the matcher does (case, paths, wrappers)", () => {
    const CASES = [
      "GIT push --force", "/usr/bin/git push --force", "sudo git push --force", "env git push -f", "x/GiT push -f",
      "echo git push --force | GIT push --force", "git/ push --force", "git push", "push git --force",
    ];
    const WANT = [true, true, true, true, true, true, false, false, false];
    const pat = compilePattern("git push -f").pattern!;
    for (let i = 0; i < CASES.length; i++) {
      const b = String.UTF8.encode(CASES[i], false);
      expect(p.parseTop(changetype<usize>(b), b.byteLength) && w.run()).toBe(true, CASES[i]);
      place(fast, 0);
      const hit = fast.mayMatch(p.script, pat) && fast.find(p.script, pat) == PatternHit.VIEW;
      expect(hit).toBe(WANT[i], CASES[i]);
    }
  });
});

/** Directories for anchored patterns: the home and cwd known, or not (alternating by round). */
function place(m: PatternMatcher, round: i32): void {
  if (round % 2 == 0) {
    m.resetPlaces(changetype<usize>(HOME), HOME.byteLength, false);
    m.addPlace(changetype<usize>(CWD), CWD.byteLength);
  } else {
    m.resetPlaces(0, 0, true);
  }
}

function pick(random: XorShift, list: string[]): string {
  return list[<i32>(random.next() % <u32>list.length)];
}

function randomPattern(random: XorShift): string {
  const r = random.next() % 10;
  if (r == 0) return (random.next() % 2 == 0 ? "> " : "< ") + pick(random, OPERANDS);
  if (r == 1) return pick(random, OPERANDS); // one word
  let out = "";
  const stages = random.next() % 5 == 0 ? 2 : 1;
  for (let st = 0; st < stages; st++) {
    if (st > 0) out += " | ";
    out += pick(random, HEADS);
    const words = <i32>(random.next() % 4);
    for (let k = 0; k < words; k++) out += " " + (random.next() % 2 == 0 ? pick(random, FLAGS) : pick(random, OPERANDS));
  }
  return random.next() % 5 == 0 ? mixCase(random, out) : out;
}

function mixCase(random: XorShift, s: string): string {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s.charAt(i);
    out += random.next() % 3 == 0 ? c.toUpperCase() : c;
  }
  return out;
}

