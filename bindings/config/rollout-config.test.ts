// Enforcement modes and policy tests in config files: `guardrails.enforcement`, a passport's own
// `enforcement`, `tests:` in a config and in its passport, and the strict load.
import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadGuard } from "../node.ts";
import { ConfigError } from "./parse-config.ts";
import { applySafetyStop } from "../safety/index.ts";
import { runPolicyTests } from "../rollout/index.ts";

const dir = mkdtempSync(join(tmpdir(), "portcullis-rollout-config-"));
let n = 0;
function file(text: string, name = `c${n++}.yaml`): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}
const failure = (promise: Promise<unknown>) => promise.then(() => null, (e) => e as ConfigError);
const ALLOWLIST = "  provider:\n    use: portcullis:AllowlistProvider\n    config: {allowed_tools: [read_file]}\n";
const passport = (extra: object = {}) => ({
  passport_id: "p1",
  kind: "instance",
  spec_version: "oap/1.0",
  owner_id: "org_1",
  owner_type: "org",
  assurance_level: "L0",
  status: "active",
  regions: ["US"],
  created_at: "2026-01-01T00:00:00Z",
  updated_at: "2026-01-01T00:00:00Z",
  version: "1.0.0",
  capabilities: [{ id: "system.command.execute" }],
  limits: { "system.command.execute": { allowed_commands: ["git", "ls"], blocked_patterns: ["git push --force"] } },
  ...extra,
});
const bash = (command: string) => ({ tool_name: "bash", tool_input: { command }, context: { workspace_root: "/w" } });

describe("guardrails.enforcement", () => {
  it("shadow lets every provider's policy denial through, recorded; enforce is the default", async () => {
    const { guard } = await loadGuard(file(`guardrails:\n  enforcement: shadow\n${ALLOWLIST}`));
    expect(await guard.evaluate({ tool_name: "bash", tool_input: {} })).toMatchObject({ decision: "allow", metadata: { enforcement: "shadow", would_decide: "deny" } });
    const enforced = await loadGuard(file(`guardrails:\n${ALLOWLIST}`));
    expect((await enforced.guard.evaluate({ tool_name: "bash", tool_input: {} })).decision).toBe("deny");
  });

  it("an unknown mode is a located config error", async () => {
    const error = await failure(loadGuard(file(`guardrails:\n  enforcement: log-only\n${ALLOWLIST}`)));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.issues[0]).toMatchObject({ path: "/guardrails/enforcement", line: 2 });
    expect(error!.message).toMatch(/enforce.*warn.*shadow/);
  });

  it("a passport's unknown mode, top level or per capability, is a located config error", async () => {
    const top = await failure(loadGuard(file(JSON.stringify(passport({ enforcement: "dry-run" }), null, 2), `p${n++}.json`)));
    expect(top!.issues[0].path).toBe("/enforcement");
    const bad = passport();
    (bad.limits["system.command.execute"] as Record<string, unknown>).enforcement = "Shadow";
    const capability = await failure(loadGuard(file(JSON.stringify(bad, null, 2), `p${n++}.json`)));
    expect(capability!.issues[0].path).toBe("/limits/system.command.execute/enforcement");
    expect(capability!.issues[0].line).toBeGreaterThan(1);
  });

  it("a mode in the limits of a capability portcullis does not enforce is checked too", async () => {
    const text = JSON.stringify(passport({ limits: { "repo.pr.create": { enforcement: "later" } } }), null, 2);
    const error = await failure(loadGuard(file(`guardrails:\n  passport: ${JSON.stringify(JSON.parse(text))}\n`)));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.issues[0]).toMatchObject({ path: "/guardrails/passport/limits/repo.pr.create/enforcement", line: 2 });
  });

  it("shadow does not soften provider safety stops", async () => {
    const { guard, safety } = await loadGuard(file(`guardrails:\n  enforcement: shadow\n${ALLOWLIST}`));
    const turn = { type: "ai", id: "m1", content: "", tool_calls: [{ id: "c1", name: "bash", args: {} }], response_metadata: { finish_reason: "content_filter" } };
    expect(applySafetyStop(turn, { core: safety }).terminated).toBe(true);
    expect((await guard.evaluate({ tool_name: "bash", tool_input: {} })).allow).toBe(true);
  });
});

describe("policy tests in a policy file", () => {
  const tests = [
    { name: "git runs", request: bash("git status"), expect: "allow" },
    { name: "force push is blocked", request: bash("git push --force origin main"), expect: "deny", code: "oap.blocked_pattern" },
  ];

  it("are loaded from a bare passport and pass", async () => {
    const loaded = await loadGuard(file(JSON.stringify(passport({ tests }), null, 2), `p${n++}.json`), { strict: true });
    expect(loaded.tests.tests).toHaveLength(2);
    expect(loaded.tests.origins.map((o) => o.path)).toEqual(["/tests/0", "/tests/1"]);
    const report = await runPolicyTests(loaded.guard, loaded.tests.tests);
    expect(report).toMatchObject({ passed: 2, failed: 0 });
  });

  it("check what the policy decides before a shadow mode softens it", async () => {
    const loaded = await loadGuard(file(JSON.stringify(passport({ tests, enforcement: "shadow" }), null, 2), `p${n++}.json`), { strict: true });
    expect((await loaded.guard.evaluate(bash("git push --force origin main"))).allow).toBe(true);
    expect((await runPolicyTests(loaded.guard, loaded.tests.tests)).failed).toBe(0);
  });

  it("a strict load refuses a policy whose test fails, naming file, line and the test", async () => {
    const wrong = [tests[0], { name: "ls is blocked", request: bash("ls"), expect: "deny" }, { ...tests[1], code: "oap.command_not_allowed" }];
    const path = file(JSON.stringify(passport({ tests: wrong }), null, 2), `p${n++}.json`);
    const relaxed = await loadGuard(path);
    expect(relaxed.tests.tests).toHaveLength(3);
    const error = await failure(loadGuard(path, { strict: true }));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.issues.map((i) => i.path)).toEqual(["/tests/1", "/tests/2"]);
    expect(error!.issues[0].line).toBeGreaterThan(1);
    expect(error!.issues[0].message).toMatch(/"ls is blocked": expected deny, got allow \(oap.allowed\)/);
    expect(error!.issues[1].message).toMatch(/expected deny \(oap.command_not_allowed\), got deny \(oap.blocked_pattern\)/);
  });

  it("a config's own tests and its passport file's tests both run, each located in its file", async () => {
    const passportFile = file(JSON.stringify(passport({ tests: [{ request: bash("ls"), expect: "deny" }] }), null, 2), `p${n++}.json`);
    const config = file(`guardrails:\n  passport: ${passportFile}\ntests:\n  - name: rm is not allowed\n    request: {tool_name: bash, tool_input: {command: rm x}, context: {workspace_root: /w}}\n    expect: allow\n`);
    const error = await failure(loadGuard(config, { strict: true }));
    expect(error!.issues.map((i) => [i.file, i.path, i.line])).toEqual([[config, "/tests/0", 4], [passportFile, "/tests/0", expect.any(Number)]]);
  });

  it("a malformed test is a schema error at load", async () => {
    const error = await failure(loadGuard(file(`guardrails:\n${ALLOWLIST}tests:\n  - request: {tool_name: bash, tool_input: {}}\n    expect: block\n`)));
    expect(error!.issues[0].path).toBe("/tests/0/expect");
  });
});
