import { describe, expect, it, vi } from "vitest";
import { readFileSync } from "node:fs";
import "../index.ts"; // provides the inlined release wasm
import { AllowlistProvider } from "./allowlist.ts";
import { PassportProvider } from "./passport.ts";
import { CompositeProvider } from "./composite.ts";
import { CoreError } from "../core/abi.ts";
import type { GuardrailProvider } from "./types.ts";

const passport = JSON.parse(readFileSync(new URL("../../test/vectors/policies/core-passport.json", import.meta.url), "utf8"));
const at = (iso: string) => () => Date.parse(iso);

describe("AllowlistProvider", () => {
  it("is named 'allowlist' and decides async and sync alike", async () => {
    const p = new AllowlistProvider({ allowed_tools: ["web_search"], denied_tools: ["bash"] });
    expect(p.name).toBe("allowlist");
    const req = { tool_name: "bash", tool_input: {} };
    const a = await p.evaluate(req);
    expect(a).toEqual(p.evaluateSync(req));
    expect(a).toEqual({ decision: "deny", allow: false, reasons: [{ code: "oap.tool_not_allowed", message: "tool 'bash' not in allowlist" }], rule: "/allowed_tools" });
    expect(await p.evaluate({ tool_name: "web_search", tool_input: {} })).toEqual({
      decision: "allow",
      allow: true,
      reasons: [{ code: "oap.allowed", message: "" }],
      rule: "/allowed_tools/0",
    });
  });

  it("reads no clock, its default or a given one, and decides alike whatever the time", () => {
    // No allowlist decision depends on the time: reading Date.now was a measurable share of a decision.
    const config = { allowed_tools: ["web_search", "read_file"], denied_tools: ["read_file"] };
    const requests = ['{"tool_name":"web_search","tool_input":{"q":"x"}}', '{"tool_name":"read_file"}', '{"tool_name":"bash"}', '{"tool_name":1}', "{"];
    // Spied before the provider is made: a provider keeps the clock function it was given (Date.now by default).
    const now = vi.spyOn(Date, "now");
    try {
      const p = new AllowlistProvider(config);
      const decisions = requests.map((r) => p.evaluateJsonSync(r));
      expect(now).not.toHaveBeenCalled();
      for (const time of [0, Date.parse("2099-01-01T00:00:00Z"), -1]) {
        const clock = vi.fn(() => time);
        expect(requests.map((r) => new AllowlistProvider({ ...config, clock }).evaluateJsonSync(r))).toEqual(decisions);
        expect(clock).not.toHaveBeenCalled();
      }
    } finally {
      now.mockRestore();
    }
  });

  it("rejects a malformed config at create() with the offending path", async () => {
    const error = await AllowlistProvider.create({ allowed_tools: "bash" as unknown as string[] }).catch((e) => e);
    expect(error).toBeInstanceOf(CoreError);
    expect(error.issues[0].path).toBe("/allowed_tools");
  });

  it("denies a request that cannot be serialised", async () => {
    const cyclic: Record<string, unknown> = { tool_name: "x" };
    cyclic.tool_input = cyclic;
    const d = await new AllowlistProvider().evaluate(cyclic as never);
    expect(d.reasons[0].code).toBe("oap.invalid_context");
  });
});

describe("PassportProvider", () => {
  it("uses the injected clock for expiry", async () => {
    const req = { tool_name: "bash", tool_input: { command: "git status" } };
    expect((await new PassportProvider({ passport, clock: at("2026-06-01T00:00:00Z") }).evaluate(req)).decision).toBe("allow");
    const late = await new PassportProvider({ passport, clock: at("2027-06-01T00:00:00Z") }).evaluate(req);
    expect(late.reasons[0]).toEqual({ code: "oap.passport_expired", message: "passport expired at 2027-01-01T00:00:00Z" });
  });

  it("reports policy_id and the capability in metadata", async () => {
    const d = await new PassportProvider({ passport, clock: at("2026-06-01T00:00:00Z") }).evaluate({ tool_name: "bash", tool_input: { command: "ls" } });
    expect(d.policy_id).toBe("system.command.execute.v1");
    expect(d.metadata).toEqual({ capability: "system.command.execute" });
  });

  it("honours tool_map and request.context", async () => {
    const p = new PassportProvider({ passport, tool_map: { sh: "system.command.execute" }, clock: at("2026-06-01T00:00:00Z") });
    // The passport binds what commands read to data.file.read: `ls` reads its working directory, which the context names.
    expect((await p.evaluate({ tool_name: "sh", tool_input: { command: "ls" }, context: { workspace_root: "/workspace" } })).decision).toBe("allow");
  });

  it("rejects an invalid passport at create()", async () => {
    const error = await PassportProvider.create({ passport: { ...passport, capabilities: "all" } }).catch((e) => e);
    expect(error).toBeInstanceOf(CoreError);
    expect(error.issues.map((i: { path: string }) => i.path)).toContain("/passport/capabilities");
  });
});

describe("CompositeProvider", () => {
  const allow: GuardrailProvider = { name: "a", evaluate: () => ({ decision: "allow", allow: true, reasons: [{ code: "oap.allowed", message: "" }] }) };
  const ask: GuardrailProvider = { name: "q", evaluate: async () => ({ decision: "ask", allow: false, reasons: [{ code: "oap.approval_required", message: "?" }] }) };
  const deny: GuardrailProvider = { name: "d", evaluate: () => ({ decision: "deny", allow: false, reasons: [{ code: "oap.denied", message: "no" }] }) };
  const req = { tool_name: "x", tool_input: {} };

  it("deny beats ask beats allow, whatever the order", async () => {
    expect((await new CompositeProvider({ providers: [allow, ask] }).evaluate(req)).decision).toBe("ask");
    expect((await new CompositeProvider({ providers: [ask, allow] }).evaluate(req)).decision).toBe("ask");
    expect((await new CompositeProvider({ providers: [ask, deny, allow] }).evaluate(req)).decision).toBe("deny");
    expect((await new CompositeProvider({ providers: [allow, allow] }).evaluate(req)).decision).toBe("allow");
  });

  it("stops at the first deny", async () => {
    let called = false;
    const spy: GuardrailProvider = { name: "s", evaluate: () => ((called = true), allow.evaluate(req)) };
    await new CompositeProvider({ providers: [deny, spy] }).evaluate(req);
    expect(called).toBe(false);
  });

  it("treats a sub-provider returning garbage as an error, never an allow", async () => {
    const junk: GuardrailProvider = { name: "j", evaluate: () => ({ ok: true }) as never };
    await expect(new CompositeProvider({ providers: [allow, junk] }).evaluate(req)).rejects.toThrow("not a decision");
  });

  it("refuses an empty or malformed provider list", () => {
    expect(() => new CompositeProvider({ providers: [] })).toThrow();
    expect(() => new CompositeProvider({ providers: [{} as GuardrailProvider] })).toThrow();
  });
});
