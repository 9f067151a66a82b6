// `portcullis explain`: the decision, each step the policy consulted (in
// words, or JSON with --json) and what the call would do.
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: "utf8" });

const dir = mkdtempSync(join(tmpdir(), "portcullis-explain-"));
const policy = join(dir, "passport.json");
writeFileSync(policy, JSON.stringify({
  passport_id: "ap_x", kind: "instance", owner_id: "org_1", owner_type: "org", assurance_level: "L0", regions: ["US"],
  created_at: "2026-01-01T00:00:00Z", updated_at: "2026-01-01T00:00:00Z", version: "1.0.0",
  spec_version: "oap/1.0", status: "active",
  capabilities: [{ id: "system.command.execute" }, { id: "data.file.read" }],
  limits: {
    "system.command.execute": { allowed_commands: ["git status", "cat"], blocked_patterns: ["*.env"] },
    "data.file.read": { allowed_paths: ["/workspace"] },
  },
}));

describe("portcullis explain", () => {
  it("prints each step in words, then what will happen", () => {
    const r = run("explain", "--policy", policy, "--tool", "Bash", "--input", '{"command":"git status && cat /workspace/a.txt"}');
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^decision: allow$/m);
    expect(r.stdout).toMatch(/^ {2}pass {2}allowed_commands \[\/limits\/system\.command\.execute\/allowed_commands\]: 'git status' by allowed_commands\/0 \(git status\); 'cat \/workspace\/a\.txt' by allowed_commands\/1 \(cat\)$/m);
    expect(r.stdout).toMatch(/^ {2}pass {2}blocked_patterns \[\/limits\/system\.command\.execute\/blocked_patterns\]: none of 1 matched$/m);
    expect(r.stdout).toMatch(/^ {2}skip {2}max_execution_time .*: not set$/m);
    expect(r.stdout).toMatch(/\/limits\/data\.file\.read\/allowed_paths\/0 allows \/workspace\/a\.txt/);
    expect(r.stdout).toMatch(/^what will happen:\n {2}git status: no file or network effect known\n {2}cat \/workspace\/a\.txt: reads \/workspace\/a\.txt$/m);
  });

  it("names the step that denied, and stops there", () => {
    const r = run("explain", "--policy", policy, "--tool", "Bash", "--input", '{"command":"cat .env"}');
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^ {2}DENY {2}blocked_patterns \[\/limits\/system\.command\.execute\/blocked_patterns\/0\]: command 'cat \.env' matches blocked pattern '\*\.env'$/m);
    expect(r.stdout).not.toMatch(/max_execution_time/);
  });

  it("--json gives the decision and the traces; --call reads a whole call", () => {
    const call = join(dir, "call.json");
    writeFileSync(call, JSON.stringify({ tool_name: "Bash", tool_input: { command: "rm -rf build" }, context: { workspace_root: "/workspace" } }));
    const r = run("explain", "--policy", policy, "--call", call, "--json");
    expect(r.status).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out.decision).toBe("deny");
    expect(out.rule).toBe("/limits/system.command.execute/allowed_commands");
    const steps = out.traces[0].steps.map((s: { step: string; result: string }) => `${s.step}=${s.result}`);
    expect(steps.slice(-2)).toEqual(["built-in dangerous operations=pass", "allowed_commands=deny"]);
    expect(out.traces[0].effects).toEqual([
      { program: "rm", command: "rm -rf build", reads: [], writes: [], deletes: ["build"], contacts: [], unbound: false },
    ]);
  });

  it("refuses --call beside --tool", () => {
    const r = run("explain", "--policy", policy, "--call", join(dir, "call.json"), "--tool", "Bash");
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--call FILE replaces --tool and --input/);
  });
});
