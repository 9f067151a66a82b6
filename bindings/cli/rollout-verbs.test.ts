// The rollout verbs: `test` (a policy file's own tests), `diff` (two policies over recorded calls), and `--strict`
// and `validate` refusing a policy whose tests fail.
import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import "../node.ts";
import { main } from "./main.ts";

async function run(argv: string[], stdinText = "") {
  let stdout = "";
  let stderr = "";
  const io = {
    stdout: { write: (s: string) => ((stdout += s), true) },
    stderr: { write: (s: string) => ((stderr += s), true) },
    stdin: new PassThrough().end(stdinText),
  };
  const code = await main(argv, io as never);
  return { code, stdout, stderr };
}

const dir = mkdtempSync(join(tmpdir(), "portcullis-rollout-cli-"));
const example = JSON.parse(readFileSync(new URL("../../examples/passport.json", import.meta.url), "utf8"));
let n = 0;
function passportFile(change: (p: typeof example) => void): string {
  const copy = structuredClone(example);
  change(copy);
  const file = join(dir, `p${n++}.json`);
  writeFileSync(file, JSON.stringify(copy, null, 2));
  return file;
}
const examplePath = new URL("../../examples/passport.json", import.meta.url).pathname;
const NOW = "2026-11-22T00:00:00Z";

describe("portcullis test", () => {
  it("passes the example policies' tests", async () => {
    const r = await run(["test", examplePath]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ok {4}\/tests\/0 "git status runs in the workspace"$/m);
    expect(r.stdout).toMatch(/9 passed, 0 failed\n$/);
    const config = await run(["test", "--policy", new URL("../../examples/guardrails.yaml", import.meta.url).pathname]);
    expect(config.code).toBe(0);
    expect(config.stdout).toMatch(/12 passed, 0 failed/);
  });

  it("exits 1 with the expected and the actual decision and the reason", async () => {
    // curl allowed, and (scopes off) its contact no longer judged by web.fetch: the test that it is denied fails.
    const file = passportFile((p) => {
      p.limits["system.command.execute"].allowed_commands.push("curl");
      p.limits["system.command.execute"].bind_scopes = false;
    });
    const r = await run(["test", file, "--now", NOW]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('FAIL  /tests/2 "curl is not an allowed command": expected deny (oap.command_not_allowed), got allow (oap.allowed)');
    expect(r.stdout).toMatch(/8 passed, 1 failed\n$/);
  });

  it("exits 1 when there are no tests, 2 for a usage or policy error", async () => {
    const none = passportFile((p) => delete p.tests);
    expect((await run(["test", none])).code).toBe(1);
    expect((await run(["test"])).code).toBe(2);
    const bad = passportFile((p) => (p.tests[0].expect = "block"));
    const r = await run(["test", bad]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/\/tests\/0\/expect/);
  });
});

describe("--strict and validate", () => {
  const failing = () => passportFile((p) => (p.tests[0].expect = "deny"));

  it("validate reports a policy whose tests fail as invalid, with the test's location", async () => {
    const r = await run(["validate", failing()]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/:\d+:\d+ \/tests\/0: policy test failed: "git status runs in the workspace": expected deny, got allow/);
    expect((await run(["validate", examplePath])).code).toBe(0);
  });

  it("eval and check refuse it with --strict, and use it without", async () => {
    const file = failing();
    const strict = await run(["check", "--strict", "--policy", file, "--tool", "bash", "--input", '{"command":"ls"}']);
    expect(strict.code).toBe(2);
    expect(strict.stderr).toMatch(/policy test failed/);
    expect((await run(["eval", "--strict", "--policy", file], "{}\n")).code).toBe(2);
    expect((await run(["eval", "--policy", file], '{"tool_name":"bash","tool_input":{"command":"ls"}}\n')).code).toBe(0);
  });
});

describe("portcullis diff", () => {
  const calls = [
    { tool_name: "bash", tool_input: { command: "git status" }, context: { workspace_root: "/workspace" } },
    { tool_name: "bash", tool_input: { command: "curl https://example.com" }, context: { workspace_root: "/workspace" } },
    { tool_name: "bash", tool_input: { command: "npm publish" }, context: { workspace_root: "/workspace" } },
  ].map((c) => JSON.stringify(c)).join("\n") + "\n\nnot json\n";
  const input = join(dir, "calls.jsonl");
  writeFileSync(input, calls);

  it("exits 0 when the two policies decide every call the same", async () => {
    const r = await run(["diff", "--policy", examplePath, "--policy", passportFile(() => {}), "--input", input]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("4 calls: the two policies decide every one the same\n");
  });

  it("exits 1 and reports each call decided differently, with both decisions", async () => {
    const next = passportFile((p) => {
      p.limits["system.command.execute"].allowed_commands.push("curl");
      p.limits["system.command.execute"].bind_scopes = false;
      p.limits["system.command.execute"].blocked_patterns = ["sudo"];
      p.tests = [];
    });
    const r = await run(["diff", "--policy", examplePath, "--policy", next], calls);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('line 2: bash {"command":"curl https://example.com"}\n  old: deny (oap.command_not_allowed) — command \'curl https://example.com\' is not in allowed_commands\n  new: allow (oap.allowed)\n');
    expect(r.stdout).toContain("line 3: bash {\"command\":\"npm publish\"}\n  old: deny (oap.blocked_pattern)");
    expect(r.stdout).not.toContain("line 1:");
    expect(r.stdout).toMatch(/4 calls: 2 decided differently \(2 deny -> allow\)\n$/);
  });

  it("shows a shadowed candidate as allowed with what it would decide", async () => {
    const shadow = passportFile((p) => {
      p.enforcement = "shadow";
      p.limits["system.command.execute"].allowed_commands = ["ls"];
      p.tests = [];
    });
    const r = await run(["diff", "--policy", examplePath, "--policy", shadow, "--input", input]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("new: allow (oap.command_not_allowed) [shadow: would deny]");
  });

  it("needs exactly two policies", async () => {
    const r = await run(["diff", "--policy", examplePath, "--input", input]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/give two policies/);
  });
});
