// Robustness: arbitrary bytes must never trap (a trap kills the instance) and
// must never be allowed when they cannot be parsed. Random strings over the
// shell's special characters, and mutations of real commands, under a policy
// that allows every command name (so the parser and every rule run).
import { CommandInput, CommandLimits, checkCommand } from "../../policy/capabilities/command";
import { Code, Verdict } from "../../policy/verdict";

let seed: u32 = 0x9e3779b9;
function rnd(n: i32): i32 {
  seed ^= seed << 13; seed ^= seed >> 17; seed ^= seed << 5;
  return <i32>(seed % <u32>n);
}

const ALPHABET = " \t\n;&|()<>{}[]$`'\"\\#*?~!=-/.,:%@^+0129abcdefrmsuxEOF";
const SEEDS = [
  "git status && rm -rf ~", "bash -c 'echo \"$(ls)\"' | sh", "cat <<EOF\n$(id)\nEOF\n", "for i in a b; do echo $i; done",
  "case $x in a|b) ls;; esac", "f() { :|:& }; f", "echo ${x:-$(id)} `pwd` $((1+2)) <(ls)", "x=(a b) y=$'\\x41' z",
  "[[ $a =~ ^(b|c)$ ]] && find . -exec rm {} \\;", "sudo -u r env A=1 nice -n 5 xargs -I{} sh -c 'rm {}'",
];

function limits(): CommandLimits {
  const l = new CommandLimits();
  l.allowedCommands = ["*"];
  l.blockedPatterns = ["rm -rf", "sudo", "curl * | sh", "> /dev/sd*", "*.pem"];
  l.maxExecutionTime = 100;
  l.allowedWorkingDirectories = ["/w", "~/x"];
  l.blockedEnvVars = ["LD_*", "PATH"];
  expect(l.compile()).toBe("");
  return l;
}

function check(l: CommandLimits, bytes: Uint8Array): Verdict {
  const input = new CommandInput();
  input.commandPtr = bytes.dataStart;
  input.commandLen = bytes.length;
  input.timeout = 10;
  input.cwd = "/w/a";
  input.workspaceRoot = "/w";
  input.home = "/home/u";
  const v = new Verdict();
  const ok = checkCommand(l, input, v);
  // The verdict agrees with itself: allowed means no deny code, denied means one.
  expect(ok).toBe(!v.denied);
  expect(v.denied).toBe(v.code != Code.ALLOWED);
  if (ok) allowed++; else denied++;
  return v;
}

let allowed = 0, denied = 0;
/** Both outcomes occurred since the last call: the inputs reached the rules, not only the parser's refusal. */
function expectBothOutcomes(): void {
  expect(allowed).toBeGreaterThan(0);
  expect(denied).toBeGreaterThan(0);
  allowed = 0;
  denied = 0;
}

describe("fuzz", () => {
  test("random shell-ish strings never trap", () => {
    const l = limits();
    for (let i = 0; i < 4000; i++) {
      const n = rnd(120);
      const b = new Uint8Array(n);
      for (let k = 0; k < n; k++) b[k] = <u8>ALPHABET.charCodeAt(rnd(ALPHABET.length));
      check(l, b);
    }
    expectBothOutcomes();
  });
  test("random bytes never trap", () => {
    const l = limits();
    for (let i = 0; i < 1500; i++) {
      const n = rnd(80);
      const b = new Uint8Array(n);
      for (let k = 0; k < n; k++) b[k] = <u8>rnd(256);
      const v = check(l, b);
      // Never a silent allow of what cannot be text: a NUL or a byte no UTF-8 sequence uses is invalid input.
      let impossible = false;
      for (let k = 0; k < n; k++) if (b[k] == 0 || b[k] >= 0xf8 || b[k] == 0xc0 || b[k] == 0xc1) impossible = true;
      if (impossible) expect(v.code).toBe(Code.INVALID_CONTEXT);
      expect(v.denied).toBe(v.code != Code.ALLOWED);
    }
  });
  test("mutated real commands never trap", () => {
    const l = limits();
    for (let i = 0; i < 4000; i++) {
      const s = String.UTF8.encode(SEEDS[rnd(SEEDS.length)], false);
      const src = Uint8Array.wrap(s);
      const b = new Uint8Array(src.length + 8);
      let n = 0;
      for (let k = 0; k < src.length; k++) {
        const r = rnd(20);
        if (r == 0) continue; // delete
        if (r == 1) b[n++] = <u8>ALPHABET.charCodeAt(rnd(ALPHABET.length)); // insert
        if (n < b.length) b[n++] = r == 2 ? <u8>ALPHABET.charCodeAt(rnd(ALPHABET.length)) : src[k];
      }
      check(l, b.subarray(0, n));
    }
    expectBothOutcomes();
  });
  test("deep nesting is refused, not a stack overflow", () => {
    const l = limits();
    const opens = ["$(", "( ", "{ ", "$((", "${x:-", "<(", "\"$("];
    const closes = [")", " )", "; }", "))", "}", ")", ")\""];
    for (let k = 0; k < opens.length; k++) {
      let s = "";
      for (let i = 0; i < 2000; i++) s += opens[k];
      s += "ls";
      for (let i = 0; i < 2000; i++) s += closes[k];
      const v = check(l, Uint8Array.wrap(String.UTF8.encode(s, false)));
      expect(opens[k] + " " + v.code).toBe(opens[k] + " " + Code.COMMAND_INJECTION_DETECTED);
    }
  });
  test("large input: one 60 KiB command, many commands", () => {
    const l = limits();
    let s = "echo ";
    while (s.length < 60000) s += "abcdefghij ";
    expect(check(l, Uint8Array.wrap(String.UTF8.encode(s, false))).code).toBe(Code.ALLOWED);
    let t = "";
    while (t.length < 60000) t += "ls;";
    expect(check(l, Uint8Array.wrap(String.UTF8.encode(t, false))).code).toBe(Code.ALLOWED);
    let u = "";
    while (u.length < 65600) u += "ls;";
    expect(check(l, Uint8Array.wrap(String.UTF8.encode(u, false))).code).toBe(Code.INVALID_CONTEXT);
  });
});
