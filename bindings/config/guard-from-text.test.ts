// loadGuardFromText: the portable loader every runtime gets from the default entry.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ConfigError, loadGuardFromText } from "../index.ts";
import { yamlSyntax } from "../yaml.ts";
import type { DecisionEvent } from "../middleware/audit.ts";

const passportText = readFileSync(new URL("../../test/vectors/policies/core-passport.json", import.meta.url), "utf8");
const passport = JSON.parse(passportText);
const clock = () => Date.parse("2026-11-22T00:00:00Z");
const failure = (promise: Promise<unknown>) => promise.then(() => null, (e) => e as ConfigError);

describe("loadGuardFromText", () => {
  it("builds a guard from JSON with an inline passport, no host needed", async () => {
    const text = JSON.stringify({ guardrails: { passport, provider: { use: "portcullis:PassportProvider" } } }, null, 2);
    const { guard, file } = await loadGuardFromText(text, { clock });
    expect(file).toBe("config");
    expect((await guard.evaluate({ tool_name: "bash", tool_input: { command: "git status" } })).decision).toBe("allow");
    expect((await guard.evaluate({ tool_name: "bash", tool_input: { command: "rm -rf /" } })).decision).toBe("deny");
  });

  it("accepts a bare passport and YAML through portcullis/yaml", async () => {
    const bare = await loadGuardFromText(passportText, { file: "passport.json", clock });
    expect((await bare.guard.evaluate({ tool_name: "bash", tool_input: { command: "ls" }, context: { workspace_root: "/workspace" } })).decision).toBe("allow");
    const yaml = "guardrails:\n  provider:\n    use: portcullis:AllowlistProvider\n    config: {allowed_tools: [web_search]}\n";
    const { guard } = await loadGuardFromText(yaml, { file: "g.yaml", syntax: yamlSyntax });
    expect((await guard.evaluate({ tool_name: "web_search", tool_input: {} })).decision).toBe("allow");
    expect((await guard.evaluate({ tool_name: "bash", tool_input: {} })).decision).toBe("deny");
  });

  it("reads a passport named by path through the host, with that file's name in errors", async () => {
    const reads: [string, string][] = [];
    const host = {
      readFile: (path: string, from: string) => {
        reads.push([path, from]);
        return { file: "/etc/p/" + path.slice(2), text: path === "./good.json" ? passportText : '{"passport_id": 1}' };
      },
    };
    const good = await loadGuardFromText('{"guardrails": {"passport": "./good.json"}}', { file: "/etc/p/g.json", host, clock });
    expect(reads).toEqual([["./good.json", "/etc/p/g.json"]]);
    expect((await good.guard.evaluate({ tool_name: "bash", tool_input: { command: "ls" }, context: { workspace_root: "/workspace" } })).decision).toBe("allow");
    const error = await failure(loadGuardFromText('{"guardrails": {"passport": "./bad.json"}}', { file: "g.json", host }));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.issues[0]!.file).toBe("/etc/p/bad.json");
  });

  it("refuses what needs a missing host capability instead of weakening the guard", async () => {
    const cases: [string, string, RegExp][] = [
      ['{"guardrails": {"passport": "./p.json"}}', "/guardrails/passport", /readFile/],
      ['{"guardrails": {"provider": {"use": "./mine.js:Mine"}}}', "/guardrails/provider/use", /importModule/],
      [JSON.stringify({ guardrails: { passport, audit: { path: "./audit.jsonl" } } }), "/guardrails/audit/path", /audit/],
    ];
    for (const [text, path, message] of cases) {
      const error = await failure(loadGuardFromText(text, { file: "g.json", clock }));
      expect(error, text).toBeInstanceOf(ConfigError);
      expect(error!.issues[0]!.path).toBe(path);
      expect(error!.message).toMatch(message);
    }
  });

  it("uses the host for custom providers and audit files", async () => {
    const events: DecisionEvent[] = [];
    class Mine {
      readonly name = "mine";
      evaluate() {
        return { decision: "ask", allow: false, reasons: [{ code: "oap.approval_required", message: "ask" }] };
      }
    }
    const host = {
      importModule: async (specifier: string) => (specifier === "./mine.js" ? { Mine } : {}),
      auditFile: () => (event: DecisionEvent) => void events.push(event),
    };
    const text = '{"guardrails": {"provider": {"use": "./other.js:Mine"}, "audit": {"path": "a.jsonl"}}}';
    const error = await failure(loadGuardFromText(text, { host }));
    expect(error!.message).toContain("has no exported class 'Mine'");
    const { guard } = await loadGuardFromText(text.replace("other", "mine"), { host });
    await guard.guardToolCall({ tool_name: "x", tool_input: {}, tool_call_id: "c1" }, () => 1);
    expect(events.map((e) => [e.tool_call_id, e.decision])).toEqual([["c1", "ask"]]);
  });

  it("locates a core policy error in JSON text", async () => {
    const bad = { ...passport, limits: { "system.command.execute": { max_execution_time: -5 } } };
    const text = JSON.stringify({ guardrails: { passport: bad } }, null, 2);
    const error = await failure(loadGuardFromText(text, { file: "g.json", clock }));
    expect(error).toBeInstanceOf(ConfigError);
    const issue = error!.issues[0]!;
    expect(issue.path).toBe("/guardrails/passport/limits/system.command.execute/max_execution_time");
    expect(text.split("\n")[issue.line - 1]).toContain('"max_execution_time"');
  });
});
