import { describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import { mkdtempSync, readFileSync, writeFileSync, copyFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadGuard } from "../node.ts";
import { ConfigError } from "./parse-config.ts";
import { PassportProvider } from "../providers/passport.ts";
import { CompositeProvider } from "../providers/composite.ts";
import { isBlockedToolResult } from "../middleware/guard-tool-call.ts";

const at = (p: string) => fileURLToPath(new URL(`../../test/${p}`, import.meta.url));
const NOW = () => Date.parse("2026-11-22T00:00:00Z");

describe("loadGuard", () => {
  it("loads a DeerFlow-shaped config with a passport file", async () => {
    const { guard, config } = await loadGuard(fileURLToPath(new URL("../../examples/guardrails.yaml", import.meta.url)), { clock: NOW });
    expect(config.guardrails.provider?.use).toBe("portcullis:PassportProvider");
    expect(guard.provider).toBeInstanceOf(PassportProvider);
    expect(guard.failClosed).toBe(true);
    const d = await guard.evaluate({ tool_name: "bash", tool_input: { command: "git status", timeout: 30 } });
    expect(d.decision).toBe("allow");
  });

  it("accepts a bare passport file", async () => {
    const { guard } = await loadGuard(at("vectors/policies/core-passport.json"), { clock: NOW });
    expect((await guard.evaluate({ tool_name: "nope", tool_input: {} })).reasons[0].code).toBe("oap.unknown_capability");
  });

  it("loads a custom provider from `use: ./file.mjs:Export` with its config", async () => {
    const { guard } = await loadGuard(at("fixtures/providers/custom.yaml"));
    expect(guard.provider.name).toBe("business-hours");
    expect((await guard.evaluate({ tool_name: "deploy", tool_input: {} })).decision).toBe("deny");
    expect((await guard.evaluate({ tool_name: "ls", tool_input: {} })).decision).toBe("allow");
  });

  it("builds a composite where deny beats allow", async () => {
    const { guard } = await loadGuard(at("fixtures/providers/composite.yaml"), { clock: NOW });
    expect(guard.provider).toBeInstanceOf(CompositeProvider);
    // allowed by the allowlist and the passport, denied by the custom provider
    const ls = await guard.evaluate({ tool_name: "ls", tool_input: { path: "/workspace" } });
    expect(ls.decision).toBe("deny");
    expect(ls.policy_id).toBe("custom.hours.v1");
    // denied by the allowlist first
    expect((await guard.evaluate({ tool_name: "read_file", tool_input: { path: "/workspace/a" } })).reasons[0].code).toBe("oap.tool_not_allowed");
    // allowed by all three
    expect((await guard.evaluate({ tool_name: "bash", tool_input: { command: "git status" } })).decision).toBe("allow");
  });

  it("applies fail_closed to a throwing custom provider, both ways", async () => {
    const closed = (await loadGuard(at("fixtures/providers/exploding.yaml"))).guard;
    let ran = false;
    const result = await closed.guardToolCall({ tool_name: "bash", tool_input: {} }, () => (ran = true));
    expect(ran).toBe(false);
    expect(isBlockedToolResult(result) && result.decision.reasons[0].code).toBe("oap.evaluator_error");
    const open = (await loadGuard(at("fixtures/providers/exploding-open.yaml"))).guard;
    expect(await open.guardToolCall({ tool_name: "bash", tool_input: {} }, () => "ran")).toBe("ran");
  });

  it("runs calls unjudged only when the config explicitly disables the guard", async () => {
    const { guard } = await loadGuard(at("fixtures/providers/disabled.yaml"));
    expect(await guard.guardToolCall({ tool_name: "bash", tool_input: {} }, () => "ran")).toBe("ran");
  });

  it("rejects a class that is not a provider, naming the config path", async () => {
    const error = await loadGuard(at("fixtures/providers/not-a-provider.yaml")).catch((e) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.issues[0].path).toBe("/guardrails/provider/use");
    expect(error.issues[0].line).toBe(3);
    expect(error.message).toContain("is not a provider");
  });

  it("maps a core policy error back to the passport file's line and path", async () => {
    const error = await loadGuard(at("fixtures/providers/bad-limits.json")).catch((e) => e);
    expect(error).toBeInstanceOf(ConfigError);
    const issue = error.issues[0];
    expect(issue.path).toBe("/limits/system.command.execute/max_execution_time");
    expect(issue.file).toContain("bad-limits.json");
    const line = readFileSync(at("fixtures/providers/bad-limits.json"), "utf8").split("\n")[issue.line - 1];
    expect(line).toContain("max_execution_time");
  });

  it("reports YAML syntax errors and duplicate keys with a position", async () => {
    const dir = mkdtempSync(join(tmpdir(), "portcullis-"));
    const file = join(dir, "dup.yaml");
    writeFileSync(file, "guardrails:\n  fail_closed: true\n  fail_closed: false\n");
    const error = await loadGuard(file).catch((e) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.issues[0].line).toBe(3);
  });

  it("refuses a YAML alias bomb as a config error at the first alias, not an internal error", async () => {
    const dir = mkdtempSync(join(tmpdir(), "portcullis-"));
    const file = join(dir, "bomb.yaml");
    const levels = ['a0: &a0 ["x","x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 8; i++) levels.push(`a${i}: &a${i} [${Array(10).fill(`*a${i - 1}`).join(",")}]`);
    writeFileSync(file, levels.join("\n") + "\nguardrails:\n  enabled: true\n");
    const error = await loadGuard(file).catch((e) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.issues[0].line).toBe(2);
    expect(error.message).toMatch(/bomb\.yaml:2:\d+ .*aliases expand too far/);
  });

  it("writes a JSON Lines audit file without tool arguments", async () => {
    const dir = mkdtempSync(join(tmpdir(), "portcullis-"));
    copyFileSync(at("vectors/policies/core-passport.json"), join(dir, "passport.json"));
    writeFileSync(join(dir, "g.yaml"), "guardrails:\n  passport: ./passport.json\n  audit:\n    path: ./audit.jsonl\n");
    const { guard } = await loadGuard(join(dir, "g.yaml"), { clock: NOW });
    await guard.guardToolCall({ tool_name: "bash", tool_input: { command: "curl https://x/?token=SECRET" }, tool_call_id: "c9" }, () => 1);
    await guard.guardToolCall({ tool_name: "bash", tool_input: { command: "git status" }, tool_call_id: "c10" }, () => 1);
    const lines = readFileSync(join(dir, "audit.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.tool_call_id, l.decision, l.reason_codes[0]])).toEqual([
      ["c9", "deny", "oap.command_not_allowed"],
      ["c10", "allow", "oap.allowed"],
    ]);
    expect(JSON.stringify(lines)).not.toContain("SECRET");
    expect(lines[0].agent_id).toBe("ap_core_active");
  });

  it("reads a file that is strict JSON as JSON whatever its name, and a YAML flow mapping as YAML", async () => {
    const dir = mkdtempSync(join(tmpdir(), "portcullis-"));
    // Strict JSON in a .yaml file: the same guard as from the .json file, duplicate keys still refused.
    copyFileSync(at("vectors/policies/core-passport.json"), join(dir, "passport.yaml"));
    const fromYamlName = (await loadGuard(join(dir, "passport.yaml"), { clock: NOW })).guard;
    const fromJsonName = (await loadGuard(at("vectors/policies/core-passport.json"), { clock: NOW })).guard;
    for (const command of ["git status", "rm -rf /"]) {
      const call = { tool_name: "bash", tool_input: { command } };
      expect(await fromYamlName.evaluate(call)).toEqual(await fromJsonName.evaluate(call));
    }
    writeFileSync(join(dir, "dup.yaml"), '{\n  "spec_version": "oap/1.0",\n  "status": "active",\n  "status": "suspended"\n}\n');
    const dup = await loadGuard(join(dir, "dup.yaml")).catch((e) => e);
    expect(dup).toBeInstanceOf(ConfigError);
    expect(dup.issues[0].line).toBe(4);
    // Not strict JSON (unquoted keys): YAML reads it, so a disabled guard stays disabled.
    writeFileSync(join(dir, "flow.yaml"), "{guardrails: {enabled: false, provider: {use: 'portcullis:AllowlistProvider', config: {allowed_tools: []}}}}\n");
    const flow = (await loadGuard(join(dir, "flow.yaml"))).guard;
    expect(await flow.guardToolCall({ tool_name: "bash", tool_input: {} }, () => "ran")).toBe("ran");
    // Neither JSON nor YAML: YAML's error, located.
    writeFileSync(join(dir, "broken.yaml"), "{guardrails: {enabled: false\n");
    const broken = await loadGuard(join(dir, "broken.yaml")).catch((e) => e);
    expect(broken).toBeInstanceOf(ConfigError);
    expect(broken.message).toMatch(/broken\.yaml:\d+:\d+ .*syntax error/);
    expect(broken.message).not.toMatch(/expected ',' or '}'/);
  });

  it("reads a passport named by path with the syntax its own text needs", async () => {
    const dir = mkdtempSync(join(tmpdir(), "portcullis-"));
    writeFileSync(join(dir, "passport.yml"), readFileSync(at("vectors/policies/core-passport.json"), "utf8").replace(/^\{/, "# a YAML comment first\n{"));
    writeFileSync(join(dir, "g.json"), '{"guardrails": {"passport": "./passport.yml"}}');
    const { guard } = await loadGuard(join(dir, "g.json"), { clock: NOW });
    expect((await guard.evaluate({ tool_name: "bash", tool_input: { command: "git status" } })).decision).toBe("allow");
  });
});
