// The work budget (util/budget.ts): every command decision counts its work in
// units that depend on the input alone, repeated structures cost linearly,
// and a decision past WORK_BUDGET is denied with oap.work_budget_exceeded,
// having stopped soon after the budget ran out.
import { CommandInput, CommandLimits, checkCommand } from "../../policy/capabilities/command";
import { Code, Verdict } from "../../policy/verdict";
import { WORK_BUDGET, workSpent } from "../../util/budget";
import { MAX_DIR } from "../../shell/interp/cwd";

let last = new Verdict();
/** The largest single charge: parsing a whole 64 KiB command. */
const OVERSHOOT: i64 = 70_000;
const PATHS = ["/etc/shadow", "~/.ssh/*", "sudo", "git push --force", "curl | sh", "> /etc/*"];

function check(cmd: string, patterns: Array<string> = PATHS, dirs: Array<string> | null = null): string {
  const l = new CommandLimits();
  l.allowedCommands = ["*"];
  l.blockedPatterns = patterns;
  l.allowedWorkingDirectories = dirs;
  const err = l.compile();
  if (err.length > 0) return "compile: " + err;
  const i = new CommandInput();
  const b = String.UTF8.encode(cmd, false);
  i.commandPtr = changetype<usize>(b);
  i.commandLen = b.byteLength;
  i.cwd = "/workspace";
  i.workspaceRoot = "/workspace";
  i.home = "/home/agent";
  last = new Verdict();
  return checkCommand(l, i, last) ? "allow" : last.code;
}

function units(cmd: string, patterns: Array<string> = PATHS): i64 {
  check(cmd, patterns);
  return workSpent();
}

function rep(s: string, n: i32): string {
  let out = "";
  for (let i = 0; i < n; i++) out += s;
  return out;
}

/** Work of `prefix + unit × n + suffix` is affine in n: each doubling adds twice what the last one did. */
function expectLinear(unit: string, prefix: string = "", suffix: string = ""): void {
  const a = units(prefix + rep(unit, 50) + suffix);
  const b = units(prefix + rep(unit, 100) + suffix);
  const c = units(prefix + rep(unit, 200) + suffix);
  expect(c - b).toBe(2 * (b - a), unit);
}

describe("work budget: deterministic counts", () => {
  test("a benign command spends a few hundred units, the same each time", () => {
    const cmd = 'git status && npm run build -- --prod | tee build-log.txt; ls -la src && grep -rn "TODO" src | head -n 20 > notes/todo.txt';
    const first = units(cmd);
    expect(check(cmd)).toBe("allow");
    expect(workSpent()).toBe(first);
    expect(first).toBeLessThan(2_000);
    expect(first).toBeGreaterThan(0);
  });

  test("repeated structures cost linearly", () => {
    expectLinear("env ", "", "ls");
    expectLinear("env -C a ", "", "ls");
    expectLinear("sudo ", "", "ls");
    expectLinear("cd a; cd ..; ", "", "cat shadow");
    expectLinear("pushd a; popd; ", "", "cat shadow");
    expectLinear("true && ");
    expectLinear("cat <<EOF\nx\nEOF\n");
    expectLinear("a|", "case x in ", ") ;; esac");
    expectLinear("echo /etc/passwd ");
    expectLinear("cat a b c; ", "cd /tmp; cd /var; ");
  });

  test("a chain of cd stops growing past the longest tracked directory", () => {
    // Up to MAX_DIR bytes each cd copies its directory; past it the cd resolves to no known directory.
    const n = MAX_DIR / 2 + 100;
    const a = units(rep("cd a;", n) + rep("cd a;", 400), []);
    const b = units(rep("cd a;", n) + rep("cd a;", 800), []);
    const c = units(rep("cd a;", n) + rep("cd a;", 1600), []);
    expect(c).toBeLessThan(WORK_BUDGET);
    expect(c - b).toBe(2 * (b - a));
    expect(c - b).toBeLessThan(800 * 100);
  });
});

describe("work budget: over budget is a deny", () => {
  test("a function with a cd and a relative path, defined 2,000 times", () => {
    expect(check(rep("f() { cd a; cat shadow; }; ", 2000))).toBe(Code.WORK_BUDGET_EXCEEDED);
    expect(workSpent()).toBeGreaterThan(WORK_BUDGET);
    expect(workSpent()).toBeLessThan(WORK_BUDGET + OVERSHOOT);
    expect(last.message.includes("more analysis work than a decision may spend")).toBe(true);
  });

  test("the worst inputs we know stop within the budget", () => {
    const inputs: string[] = [
      rep("cd a;", 13107),
      rep("cd a&&", 10922) + "cd a",
      rep("cd a; ", 1600) + "cat shadow",
      rep("cd a; ", 400) + "cat shadow",
      rep("env -C a ", 7000) + "ls",
      rep("pushd a;", 8000),
      rep("pushd a;", 1000) + "cat shadow",
      rep("env ", 16000) + "ls",
      rep("sudo ", 13000) + "ls",
      rep("cd a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t/u/v/w/x/y/z; ", 300) + rep("cat x; ", 6000),
      "cd " + rep("a/", 2040) + "; " + rep("cat a b c d e f; ", 3500),
      rep("curl x | ", 6000) + "sh",
      rep("echo $(", 200) + rep(")", 200),
      rep("true && ", 8000) + "true",
      rep("cat <<EOF\nx\nEOF\n", 4000),
      "echo " + rep("{a,b}", 12000),
      "case x in " + rep("a) ls;; ", 6000) + "esac",
      rep("f() { cd a; cat shadow; }; ", 2000),
      "for i in 1; do " + rep("cd ..; ", 8000) + "done",
      rep("(", 100) + "ls" + rep(")", 100),
      rep("cat a; ", 9000) + "cat shadow",
      rep("d=/etc; cat $d/shadow; ", 2500),
      rep("env -C /tmp env -C /var ", 3000) + "ls",
    ];
    for (let k = 0; k < inputs.length; k++) {
      const code = check(inputs[k].length > 65536 ? inputs[k].slice(0, 65536) : inputs[k]);
      expect(workSpent()).toBeLessThan(WORK_BUDGET + OVERSHOOT, inputs[k].slice(0, 40));
      expect(code.length).toBeGreaterThan(0);
    }
  });
});

describe("longest tracked directory", () => {
  test("a cd past MAX_DIR bytes resolves nowhere: allowed_working_directories denies", () => {
    const deep = rep("a/", MAX_DIR / 2 - 10);
    expect(check("cd " + deep, [], ["/workspace"])).toBe("allow");
    expect(check("cd " + deep + rep("b/", 20), [], ["/workspace"])).toBe(Code.DIRECTORY_NOT_ALLOWED);
    expect(last.message.includes("cannot be resolved")).toBe(true);
  });
});
