import { describe, expect, it } from "vitest";
import { applyEnforcement, isSoftenable, softenedBy, wouldDecide, ALWAYS_ENFORCED_CODES } from "./enforcement.ts";
import { passportModes, EnforcementModeError } from "./passport-modes.ts";
import { MemoryUsageStore, markUsageLimited } from "../usage/index.ts";
import { EnforcedProvider, evaluateWithCharges } from "../providers/index.ts";
import type { Decision } from "../core/index.ts";

const deny = (code: string, extra: Partial<Decision> = {}): Decision => ({ decision: "deny", allow: false, reasons: [{ code, message: `because ${code}` }], ...extra });
const ask: Decision = { decision: "ask", allow: false, reasons: [{ code: "oap.approval_required", message: "needs a human" }], metadata: { capability: "web.fetch", obligations: [{ type: "max_execution_time", seconds: 5 }] } };

describe("applyEnforcement", () => {
  it("enforce returns the decision itself", () => {
    const d = deny("oap.blocked_pattern");
    expect(applyEnforcement(d, "enforce")).toBe(d);
  });

  it("shadow allows a policy deny and records what would have happened, keeping the reasons", () => {
    const d = deny("oap.blocked_pattern", { policy_id: "system.command.execute.v1", metadata: { capability: "system.command.execute" } });
    expect(applyEnforcement(d, "shadow")).toEqual({
      decision: "allow",
      allow: true,
      reasons: d.reasons,
      policy_id: "system.command.execute.v1",
      metadata: { capability: "system.command.execute", enforcement: "shadow", would_decide: "deny" },
    });
    expect(d.decision).toBe("deny"); // the input is not changed
  });

  it("warn allows an ask and keeps its obligations", () => {
    const out = applyEnforcement(ask, "warn");
    expect(out.allow).toBe(true);
    expect(wouldDecide(out)).toBe("ask");
    expect(softenedBy(out)).toBe("warn");
    expect(out.metadata?.obligations).toEqual([{ type: "max_execution_time", seconds: 5 }]);
  });

  it("keeps the usage charges, so a softened call is counted", async () => {
    const charge = { store: new MemoryUsageStore(), scope: "s", charge: { capability: "web.fetch", per_minute: 1 }, at: 0 };
    const limited = markUsageLimited({ ...ask });
    const inner = { name: "p", evaluate: () => limited, evaluateWithCharges: async () => ({ decision: limited, charges: [charge as never] }) };
    const out = await evaluateWithCharges(new EnforcedProvider({ provider: inner, mode: "shadow" }), { tool_name: "web_fetch", tool_input: {} });
    expect(out.charges).toEqual([charge]);
    expect([out.decision.decision, out.decision.metadata?.would_decide, out.decision.metadata?.usage_limited]).toEqual(["allow", "ask", true]);
  });

  it("never softens what is not a policy rule's verdict", () => {
    for (const code of ALWAYS_ENFORCED_CODES) {
      const d = deny(code);
      expect(applyEnforcement(d, "shadow"), code).toBe(d);
      expect(applyEnforcement(d, "warn"), code).toBe(d);
    }
    for (const code of ["oap.invalid_context", "oap.evaluator_error", "oap.passport_suspended", "oap.dangerous_operation", "oap.passport_expired"]) {
      expect(ALWAYS_ENFORCED_CODES.has(code), code).toBe(true);
    }
  });

  it("does not soften a decision with an always-enforced code among others, or with no reason code", () => {
    const mixed: Decision = { decision: "deny", allow: false, reasons: [{ code: "oap.blocked_pattern", message: "" }, { code: "oap.dangerous_operation", message: "" }] };
    expect(isSoftenable(mixed)).toBe(false);
    expect(isSoftenable({ decision: "deny", allow: false, reasons: [] })).toBe(false);
    expect(isSoftenable({ decision: "deny", allow: false, reasons: [{ code: "", message: "x" }] })).toBe(false);
  });

  it("leaves an allow alone, and wouldDecide ignores a forged would_decide on a deny", () => {
    const allow: Decision = { decision: "allow", allow: true, reasons: [{ code: "oap.allowed", message: "" }] };
    expect(applyEnforcement(allow, "shadow")).toBe(allow);
    expect(wouldDecide(deny("x", { metadata: { would_decide: "deny", enforcement: "shadow" } }))).toBeNull();
  });
});

describe("passportModes", () => {
  const command = (decision: Partial<Decision> = {}): Decision => ({
    ...deny("oap.blocked_pattern"), policy_id: "system.command.execute.v1", metadata: { capability: "system.command.execute" }, ...decision,
  });
  const web: Decision = { ...deny("oap.domain_not_allowed"), policy_id: "web.fetch.v1", metadata: { capability: "web.fetch" } };

  it("is null when the passport sets no mode", () => {
    expect(passportModes({ limits: { "web.fetch": { allowed_domains: [] } } })).toBeNull();
  });

  it("uses the top-level mode for every capability", () => {
    const modes = passportModes({ enforcement: "shadow" })!;
    expect(modes(command())).toBe("shadow");
    expect(modes(deny("oap.unknown_capability"))).toBe("shadow");
  });

  it("a capability's own mode wins over the top level, under its id or its pack id", () => {
    const byId = passportModes({ enforcement: "enforce", limits: { "system.command.execute": { enforcement: "warn" } } })!;
    expect(byId(command())).toBe("warn");
    expect(byId(web)).toBe("enforce");
    const byPack = passportModes({ enforcement: "shadow", limits: { "system.command.execute.v1": { enforcement: "enforce" } } })!;
    expect(byPack(command())).toBe("enforce");
    expect(byPack(web)).toBe("shadow");
    const byBase = passportModes({ limits: { "messaging.message.send": { enforcement: "shadow" } } })!;
    expect(byBase({ ...deny("oap.recipient_not_allowed"), policy_id: "messaging.message.send.v1", metadata: { capability: "messaging.send" } })).toBe("shadow");
  });

  it("refuses an unknown mode with its path", () => {
    expect(() => passportModes({ enforcement: "off" })).toThrow(EnforcementModeError);
    const error = (() => {
      try {
        passportModes({ limits: { "web.fetch": { enforcement: "Shadow" } } });
      } catch (e) {
        return e as EnforcementModeError;
      }
    })();
    expect(error?.path).toBe("/limits/web.fetch/enforcement");
    expect(() => passportModes({ enforcement: null })).toThrow(/expected "enforce", "warn" or "shadow", got null/);
  });
});
