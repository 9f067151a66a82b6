// The core's work budget, through the public evaluator: the worst inputs we
// know up to the 64 KiB command limit decide within 200 ms (ten times the
// 20 ms goal: a guard against a return of the quadratic and cubic blow-ups, not
// a benchmark — `npm run bench` has the timings), denied with
// oap.work_budget_exceeded when they run out of budget, while every shared
// command vector stays far below the budget.
import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Evaluator } from "../dist/node.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const WORK_BUDGET = 2_000_000; // assembly/util/budget.ts
const GUARD_MS = 200;
const now = Date.parse("2026-11-22T00:00:00Z");

const evaluator = Evaluator.createSync(readFileSync(`${root}dist/policy.wasm`));
const workUnits = (): number => (evaluator as unknown as { wasm: { exports: { workUnits(): number } } }).wasm.exports.workUnits();

const passport = JSON.parse(readFileSync(`${root}examples/passport.json`, "utf8"));
const limits = passport.limits["system.command.execute"];
limits.allowed_commands.push("cd", "env", "pushd", "popd", "sudo", "true", "curl", "sh", "f", "x");
limits.blocked_patterns.push("/etc/shadow", "~/.ssh/*", "> /etc/*", "curl | sh");
delete limits.allowed_working_directories;
const policy = evaluator.load(JSON.stringify({ type: "passport", passport, workspace_root: "/workspace", home: "/home/agent" }));

const rep = (s: string, n: number) => s.repeat(n);
const cap = (s: string) => s.slice(0, 65536);

const adversarial: Array<[string, string]> = [
  ["cd a; to 64 KiB", rep("cd a;", 13107)],
  ["cd a; ×1600, then a relative path", rep("cd a; ", 1600) + "cat shadow"],
  ["env -C a ×7000", rep("env -C a ", 7000) + "ls"],
  ["pushd a; ×8000", rep("pushd a;", 8000)],
  ["pushd a; ×1000, then a relative path", rep("pushd a;", 1000) + "cat shadow"],
  ["env ×16000", rep("env ", 16000) + "ls"],
  ["sudo ×13000", rep("sudo ", 13000) + "ls"],
  ["deep cds, then many words", rep("cd a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t/u/v/w/x/y/z; ", 300) + rep("cat x; ", 6000)],
  ["a 4 KiB directory, then many words", "cd " + rep("a/", 2040) + "; " + rep("cat a b c d e f; ", 3500)],
  ["long pipeline against a pipe pattern", rep("curl x | ", 7000) + "sh"],
  ["nested $( )", rep("echo $(", 200) + rep(")", 200)],
  ["long && chain", rep("true && ", 8000) + "true"],
  ["many here-docs", rep("cat <<EOF\nx\nEOF\n", 4000)],
  ["huge brace expansion", "echo " + rep("{a,b}", 12000)],
  ["long case", "case x in " + rep("a) ls;; ", 6000) + "esac"],
  ["cd inside functions", rep("f() { cd a; cat shadow; }; ", 2000)],
  ["cd .. in a loop", "for i in 1; do " + rep("cd ..; ", 8000) + "done"],
  ["deep subshells", rep("(", 100) + "ls" + rep(")", 100)],
  ["many words, one pattern each", rep("cat a; ", 9000) + "cat shadow"],
  ["written values", rep("d=/etc; cat $d/shadow; ", 2500)],
  ["alternating env -C", rep("env -C /tmp env -C /var ", 3000) + "ls"],
  ["cd up and down", "cd " + rep("a/", 500) + "; " + rep("cd a; cd ..; ", 5000)],
  ["redirections", rep("ls > /tmp/a; ", 5000)],
];

function decide(command: string) {
  return policy.evaluateJson(JSON.stringify({ tool_name: "bash", tool_input: { command, timeout: 10 }, tool_call_id: "c" }), now);
}

describe("work budget", () => {
  it.each(adversarial)("%s: decides within the budget and the time guard", (_name, command) => {
    const input = cap(command);
    decide(input); // compile and warm up
    const t0 = performance.now();
    const d = decide(input);
    const ms = performance.now() - t0;
    const units = workUnits();
    expect(ms).toBeLessThan(GUARD_MS);
    expect(units).toBeLessThan(WORK_BUDGET + 70_000); // the largest single charge is parsing 64 KiB
    if (units > WORK_BUDGET) {
      expect(d.decision).toBe("deny");
      expect(d.reasons[0].code).toBe("oap.work_budget_exceeded");
    }
    // The same input spends the same units.
    decide(input);
    expect(workUnits()).toBe(units);
  });

  it("the red team's cd chain with a path pattern is denied at once, not allowed after seconds", () => {
    // Each `cd a;` may fail, so the directories cat may run in double per cd: past what is followed, the relative
    // path cannot be checked against the pattern.
    const d = decide(rep("cd a; ", 1600) + "cat shadow");
    expect(d.decision).toBe("deny");
    expect(d.reasons[0].code).toBe("oap.blocked_pattern");
    expect(d.reasons[0].message).toContain("cannot be known when an earlier cd fails");
  });

  it("a function with a cd and a relative path, defined 2,000 times, is denied for its work", () => {
    const d = decide(rep("f() { cd a; cat shadow; }; ", 2000));
    expect(d.decision).toBe("deny");
    expect(d.reasons[0].code).toBe("oap.work_budget_exceeded");
    expect(d.reasons[0].message).toContain("2000000 units");
  });

  it("every shared command vector spends under a tenth of the budget", () => {
    const dir = `${root}test/vectors/`;
    let max = 0, count = 0;
    const policies = new Map<string, ReturnType<typeof evaluator.load>>();
    for (const file of readdirSync(dir).filter((f) => f.startsWith("commands") && f.endsWith(".jsonl"))) {
      for (const line of readFileSync(dir + file, "utf8").split("\n").filter((l) => l.trim())) {
        const v = JSON.parse(line);
        if (!v.request || !String(v.policy).endsWith(".json")) continue;
        let p = policies.get(v.policy);
        if (!p) {
          const doc = JSON.parse(readFileSync(`${dir}policies/${v.policy}`, "utf8"));
          p = evaluator.load(JSON.stringify(doc.type ? doc : { type: "passport", passport: doc, workspace_root: "/workspace", home: "/home/agent" }));
          policies.set(v.policy, p);
        }
        p.evaluateJson(JSON.stringify(v.request), now);
        max = Math.max(max, workUnits());
        count++;
      }
    }
    expect(count).toBeGreaterThan(500);
    expect(max).toBeGreaterThan(0);
    expect(max).toBeLessThan(WORK_BUDGET / 10);
    for (const p of policies.values()) p.free();
  });
});
