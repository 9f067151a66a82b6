// `guardrails.candidate`: a candidate passport judged in shadow beside the enforced policy. The enforced decision
// is always the one returned; each call the candidate decides differently is reported, to the audit sinks by
// default or to onDifference.
import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadGuard } from "../node.ts";
import type { DecisionEvent } from "../middleware/index.ts";
import type { PolicyDifference } from "../providers/index.ts";
import type { ConfigError } from "./parse-config.ts";

const dir = mkdtempSync(join(tmpdir(), "portcullis-candidate-"));
let n = 0;
function file(text: string, name = `c${n++}.yaml`): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}
const passport = (commands: string[]) => ({
  passport_id: "ap_x", kind: "instance", owner_id: "org_1", owner_type: "org", assurance_level: "L0", regions: ["US"],
  created_at: "2026-01-01T00:00:00Z", updated_at: "2026-01-01T00:00:00Z", version: "1.0.0",
  spec_version: "oap/1.0", status: "active", capabilities: [{ id: "system.command.execute" }],
  limits: { "system.command.execute": { allowed_commands: commands } },
});
const bash = (command: string) => ({ tool_name: "bash", tool_input: { command: `${command} SECRET` }, context: { workspace_root: "/w" } });

const enforcedFile = file(JSON.stringify(passport(["git", "ls", "curl"])), "enforced.json");
const candidateFile = file(JSON.stringify(passport(["git", "ls"])), "candidate.json");
const config = (extra = "") => file(`guardrails:\n  passport: ${enforcedFile}\n  candidate:\n    passport: ${candidateFile}\n${extra}`);

describe("guardrails.candidate", () => {
  it("never changes a decision, and reports each difference to the audit sinks without the arguments", async () => {
    const events: DecisionEvent[] = [];
    const { guard } = await loadGuard(config(), { audit: [(e) => void events.push(e)] });
    // The candidate blocks curl; the enforced policy allows it, and that is what the call gets.
    expect((await guard.evaluate(bash("curl https://example.com"))).decision).toBe("allow");
    expect((await guard.evaluate(bash("git status"))).decision).toBe("allow");
    expect((await guard.evaluate(bash("rm x"))).decision).toBe("deny");
    const differs = events.filter((e) => e.action === "candidate_differs");
    expect(differs).toHaveLength(1);
    expect(differs[0]).toMatchObject({
      tool_name: "bash", decision: "allow", reason_codes: ["oap.allowed"],
      candidate: { decision: "deny", reason_codes: ["oap.command_not_allowed"], rule: "/limits/system.command.execute/allowed_commands" },
    });
    expect(differs[0].policy_digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(JSON.stringify(differs[0])).not.toContain("SECRET");
  });

  it("goes to onDifference when the loader is given one", async () => {
    const seen: PolicyDifference[] = [];
    const { guard } = await loadGuard(config(), { onDifference: (d) => void seen.push(d) });
    await guard.evaluate(bash("curl x"));
    expect(seen.map((d) => `${d.enforced.decision} -> ${d.candidate.decision}`)).toEqual(["allow -> deny"]);
  });

  it("is compared with the enforced policy's own decision, before the guard's enforcement mode", async () => {
    const seen: PolicyDifference[] = [];
    const { guard } = await loadGuard(config("  enforcement: shadow\n"), { onDifference: (d) => void seen.push(d) });
    // Both deny rm: no difference, although the guard's shadow mode lets it run.
    const d = await guard.evaluate(bash("rm x"));
    expect(d.decision).toBe("allow");
    expect(d.metadata?.would_decide).toBe("deny");
    expect(seen).toHaveLength(0);
  });

  it("an audit file records the difference", async () => {
    const log = join(dir, "audit.jsonl");
    const { guard } = await loadGuard(config(`  audit: {path: ${log}}\n`));
    await guard.evaluate(bash("curl x"));
    const lines = readFileSync(log, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    expect(lines.map((l) => l.action).sort()).toEqual(["allow_tool_call", "candidate_differs"]);
  });

  it("an invalid candidate is a config error located in the candidate", async () => {
    const bad = file(`guardrails:\n  passport: ${enforcedFile}\n  candidate:\n    passport: {spec_version: "oap/1.0", status: active, capabilities: [{id: system.command.execute}], limits: {system.command.execute: {allowed_commands: 3}}}\n`);
    const error = (await loadGuard(bad).then(() => null, (e) => e)) as ConfigError;
    expect(error).not.toBeNull();
    expect(error.message).toMatch(/\/guardrails\/candidate\/passport/);
  });
});
