import { describe, expect, it, vi } from "vitest";
import "../index.ts"; // provides the inlined release wasm
import { PassportProvider } from "./passport.ts";
import { AllowlistProvider } from "./allowlist.ts";
import { EnforcedProvider } from "./enforced.ts";
import { ShadowProvider, type PolicyDifference } from "./shadow.ts";
import type { GuardrailProvider } from "./types.ts";

const passport = (extra: Record<string, unknown> = {}, limits: Record<string, unknown> = {}) => ({
  passport_id: "p1",
  spec_version: "oap/1.0",
  status: "active",
  capabilities: [{ id: "system.command.execute" }, { id: "web.fetch" }],
  limits: {
    "system.command.execute": { allowed_commands: ["git", "ls"], blocked_patterns: ["git push --force"], ...(limits.command as object) },
    "web.fetch": { allowed_domains: ["example.com"], ...(limits.web as object) },
  },
  ...extra,
});
const bash = (command: string) => ({ tool_name: "bash", tool_input: { command }, context: { workspace_root: "/w" } });
const fetchUrl = (url: string) => ({ tool_name: "web_fetch", tool_input: { url } });

describe("PassportProvider enforcement modes", () => {
  it("shadow: a blocked command is allowed, recording what would have happened", async () => {
    const p = new PassportProvider({ passport: passport({ enforcement: "shadow" }) });
    const d = await p.evaluate(bash("git push --force origin main"));
    expect(d.decision).toBe("allow");
    expect(d.reasons[0].code).toBe("oap.blocked_pattern");
    expect(d.metadata).toMatchObject({ enforcement: "shadow", would_decide: "deny", capability: "system.command.execute" });
    // Same on the synchronous and raw-bytes paths (the CLI's).
    expect(p.evaluateSync(bash("git push --force origin main"))).toEqual(d);
    expect(p.evaluateBytesSync(new TextEncoder().encode(JSON.stringify(bash("git push --force origin main"))))).toEqual(d);
  });

  it("enforce (the default) still denies", async () => {
    const d = await new PassportProvider({ passport: passport() }).evaluate(bash("git push --force origin main"));
    expect(d.decision).toBe("deny");
    expect(d.metadata?.would_decide).toBeUndefined();
  });

  it("per capability: the command rule in shadow, web still enforced", async () => {
    const p = new PassportProvider({ passport: passport({}, { command: { enforcement: "shadow" } }) });
    expect((await p.evaluate(bash("curl http://x"))).decision).toBe("allow");
    expect((await p.evaluate(fetchUrl("https://evil.example.net/"))).decision).toBe("deny");
  });

  it("a capability set to enforce wins over a shadowed passport", async () => {
    const p = new PassportProvider({ passport: passport({ enforcement: "shadow" }, { web: { enforcement: "enforce" } }) });
    expect((await p.evaluate(fetchUrl("https://evil.example.net/"))).decision).toBe("deny");
    expect((await p.evaluate(bash("curl http://x"))).decision).toBe("allow");
  });

  it("never softens a malformed request, a suspended passport or a built-in dangerous command", async () => {
    const shadow = new PassportProvider({ passport: passport({ enforcement: "shadow" }) });
    const malformed = await shadow.evaluate({ tool_name: "bash", tool_input: "rm -rf /" as never });
    expect(malformed).toMatchObject({ decision: "deny", reasons: [{ code: "oap.invalid_context" }] });
    expect(shadow.evaluateBytesSync(new TextEncoder().encode("{not json"))).toMatchObject({ decision: "deny", reasons: [{ code: "oap.invalid_context" }] });
    const suspended = new PassportProvider({ passport: passport({ enforcement: "shadow", status: "suspended" }) });
    expect(await suspended.evaluate(bash("ls"))).toMatchObject({ decision: "deny", reasons: [{ code: "oap.passport_suspended" }] });
    const wide = new PassportProvider({ passport: passport({ enforcement: "warn" }, { command: { allowed_commands: ["rm", "ls", "git"] } }) });
    expect(await wide.evaluate(bash("rm -rf /"))).toMatchObject({ decision: "deny", reasons: [{ code: "oap.dangerous_operation" }] });
  });

  it("an unknown mode fails at construction, and the core refuses it too", async () => {
    expect(() => new PassportProvider({ passport: passport({ enforcement: "audit" }) })).toThrow(/\/enforcement: expected "enforce", "warn" or "shadow"/);
    expect(() => new PassportProvider({ passport: passport({}, { web: { enforcement: 1 } }) })).toThrow(/\/limits\/web.fetch\/enforcement/);
  });
});

describe("EnforcedProvider", () => {
  it("softens any provider's policy decision and nothing else", async () => {
    const p = new EnforcedProvider({ provider: new AllowlistProvider({ allowed_tools: ["ls"] }), mode: "warn" });
    expect(await p.evaluate({ tool_name: "bash", tool_input: {} })).toMatchObject({ decision: "allow", metadata: { enforcement: "warn", would_decide: "deny" } });
    expect(p.evaluateSync({ tool_name: "bash", tool_input: {} }).allow).toBe(true);
    const broken: GuardrailProvider = { name: "broken", evaluate: () => "yes" as never };
    await expect(new EnforcedProvider({ provider: broken, mode: "shadow" }).evaluate({ tool_name: "x", tool_input: {} })).rejects.toThrow(/not a decision/);
    expect(() => new EnforcedProvider({ provider: broken, mode: "loud" as never })).toThrow(/mode must be/);
  });
});

describe("ShadowProvider", () => {
  const enforced = new PassportProvider({ passport: passport() });
  const candidate = new PassportProvider({ passport: passport({}, { command: { allowed_commands: ["git"] } }) });

  it("returns the enforced decision and reports each call the candidate decides differently", async () => {
    const seen: PolicyDifference[] = [];
    const shadow = new ShadowProvider({ enforced, candidate, onDifference: (d) => void seen.push(d) });
    expect((await shadow.evaluate(bash("ls"))).decision).toBe("allow");
    expect((await shadow.evaluate(bash("git status"))).decision).toBe("allow");
    expect(seen).toHaveLength(1);
    expect(seen[0].request.tool_input).toEqual({ command: "ls" });
    expect(seen[0].enforced.decision).toBe("allow");
    expect(seen[0].candidate).toMatchObject({ decision: "deny", reasons: [{ code: "oap.command_not_allowed" }] });
  });

  it("reports other reason codes for the same decision as a difference", async () => {
    const seen: PolicyDifference[] = [];
    const other = new PassportProvider({ passport: passport({}, { command: { blocked_patterns: [] , allowed_commands: ["ls"] } }) });
    const shadow = new ShadowProvider({ enforced, candidate: other, onDifference: (d) => void seen.push(d) });
    expect((await shadow.evaluate(bash("git push --force"))).reasons[0].code).toBe("oap.blocked_pattern");
    expect(seen.map((d) => d.candidate.reasons[0].code)).toEqual(["oap.command_not_allowed"]);
  });

  it("a failing candidate or onDifference never changes the outcome", async () => {
    const exploding: GuardrailProvider = { name: "boom", evaluate: () => { throw new Error("candidate down"); } };
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const seen: PolicyDifference[] = [];
    const shadow = new ShadowProvider({ enforced, candidate: exploding, onDifference: (d) => { seen.push(d); throw new Error("sink down"); } });
    expect((await shadow.evaluate(bash("ls"))).decision).toBe("allow");
    expect(seen[0].candidate).toMatchObject({ decision: "deny", reasons: [{ code: "oap.evaluator_error" }] });
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
