// judge(): the one path every caller takes. The charge travels beside the
// decision (a caller that spreads or serialises the decision cannot lose
// it), every entry point audits exactly once, usage is counted or released
// as the caller says, and observers see the final judgement.
import { describe, expect, it, vi } from "vitest";
import "../index.ts"; // provides the inlined release wasm
import { PassportProvider } from "../providers/passport.ts";
import { MemoryUsageStore } from "../usage/memory-store.ts";
import { ApprovalGate } from "../approvals/index.ts";
import type { GuardrailProvider } from "../providers/types.ts";
import type { GuardrailRequest } from "../core/decision.ts";
import { Guard, guardToolCall, isBlockedToolResult, judge, settleJudgement, type DecisionEvent, type FinalJudgement } from "./index.ts";

const T = Date.parse("2026-11-22T10:00:00Z");
const SCOPE = JSON.stringify(["ap_judge"]);
function passport(limits: Record<string, unknown>): Record<string, unknown> {
  return {
    passport_id: "ap_judge", kind: "template", spec_version: "oap/1.0", owner_id: "o", owner_type: "org", assurance_level: "L2",
    status: "active", regions: ["US"], created_at: "2026-01-01T00:00:00Z", updated_at: "2026-01-01T00:00:00Z", version: "1.0.0",
    capabilities: [{ id: "messaging.send" }], limits: { "messaging.send": limits },
  };
}
function limited(limits: Record<string, unknown> = { msgs_per_min: 1 }) {
  const usage = new MemoryUsageStore();
  return { usage, provider: new PassportProvider({ passport: passport(limits), clock: () => T, usage }) };
}
const send = (): GuardrailRequest => ({ tool_name: "send_message", tool_input: { to: "a@x.com", message: "hi" }, tool_call_id: "c1" });
const used = (usage: MemoryUsageStore) => usage.read(SCOPE, { capability: "messaging.send", per_minute: 5 }, T).calls_last_minute;

describe("the charge travels beside the decision", () => {
  it("a caller that spreads or serialises the decision keeps the charge, and it is counted", async () => {
    const { usage, provider } = limited();
    const judged = await judge(send(), { provider });
    const spread = { ...judged.decision, metadata: { ...judged.decision.metadata } };
    const cloned = JSON.parse(JSON.stringify(judged.decision));
    expect(spread).toEqual(cloned);
    expect(judged.charges).toHaveLength(1);
    expect(judged.charges[0]).toMatchObject({ store: usage, scope: SCOPE, charge: { capability: "messaging.send", per_minute: 1 } });
    await settleJudgement(judged, true);
    expect(used(usage)).toBe(1);
    expect((await judge(send(), { provider })).decision.reasons[0].code).toBe("oap.rate_limit_exceeded");
  });

  it("a wrapping provider that rebuilds the decision by spreading still has its calls counted", async () => {
    const { usage, provider } = limited();
    const wrapper: GuardrailProvider = {
      name: "wrapper",
      evaluate: async (r) => ({ ...(await provider.evaluate(r)) }),
      evaluateWithCharges: async (r) => {
        const { decision, charges } = await provider.evaluateWithCharges(r);
        return { decision: { ...decision, metadata: { ...decision.metadata, wrapped: true } }, charges };
      },
    };
    const execute = vi.fn(() => "sent");
    expect(await guardToolCall(send(), execute, { provider: wrapper })).toBe("sent");
    expect(used(usage)).toBe(1);
    const second = await guardToolCall(send(), execute, { provider: wrapper });
    expect(isBlockedToolResult(second) && second.decision.reasons[0].code).toBe("oap.rate_limit_exceeded");
    expect(execute).toHaveBeenCalledTimes(1);
  });

  it("no decision carries a hidden property: the metadata has no symbol keys", async () => {
    const { provider } = limited();
    const { decision } = await judge(send(), { provider }, { usage: "release" });
    expect(decision.metadata?.usage_limited).toBe(true);
    expect(Object.getOwnPropertySymbols(decision.metadata)).toEqual([]);
    expect(Object.getOwnPropertyNames(decision.metadata).sort()).toEqual(["capability", "usage_limited"]);
  });

  it("a provider whose charges are not a list is a provider error (fail closed)", async () => {
    const liar = { name: "liar", evaluate: () => ({ decision: "allow", allow: true, reasons: [] }), evaluateWithCharges: () => ({ decision: { decision: "allow", allow: true, reasons: [] } }) };
    const judged = await judge(send(), { provider: liar as unknown as GuardrailProvider });
    expect(judged.decision.allow).toBe(false);
    expect(judged.decision.reasons[0].code).toBe("oap.evaluator_error");
  });
});

describe("one path, one record", () => {
  function recorder() {
    const events: DecisionEvent[] = [];
    const finals: FinalJudgement[] = [];
    return { events, finals, options: { onDecision: (e: DecisionEvent) => void events.push(e), observers: [(j: FinalJudgement) => void finals.push(j)] } };
  }

  it("Guard.evaluate audits and tells observers, like every other path, and counts nothing", async () => {
    const { usage, provider } = limited();
    const r = recorder();
    const sink = vi.fn();
    const guard = new Guard({ provider, ...r.options, audit: [sink] });
    expect((await guard.evaluate(send())).allow).toBe(true);
    expect((await guard.evaluate(send())).allow).toBe(true);
    expect(r.events.map((e) => e.action)).toEqual(["allow_tool_call", "allow_tool_call"]);
    expect(sink).toHaveBeenCalledTimes(2);
    expect(r.finals).toHaveLength(2);
    expect(used(usage)).toBe(0);
  });

  it("guardToolCall, Guard.judge and Guard.guardToolCall each record exactly one event per call", async () => {
    const { provider } = limited({ msgs_per_min: 10 });
    const r = recorder();
    const guard = new Guard({ provider, ...r.options });
    await guardToolCall(send(), () => 1, { provider, ...r.options });
    await guard.judge(send(), { usage: "release" });
    await guard.guardToolCall(send(), () => 1);
    expect(r.events).toHaveLength(3);
    expect(r.finals).toHaveLength(3);
  });

  it("usage: count keeps the charge now, release never counts, a probe records nothing", async () => {
    const { usage, provider } = limited({ msgs_per_min: 5 });
    const r = recorder();
    const counted = await judge(send(), { provider, ...r.options }, { usage: "count" });
    expect(counted.reserved).toEqual([]);
    expect(used(usage)).toBe(1);
    await judge(send(), { provider, ...r.options }, { usage: "release" });
    await judge(send(), { provider, ...r.options }, { usage: "release", record: false });
    expect(used(usage)).toBe(1);
    expect(usage.pendingCount).toBe(0);
    expect(r.events).toHaveLength(2);
    expect(r.finals).toHaveLength(2);
  });

  it("observers see the final judgement (after the gate) with the event the audit got; a failing observer changes nothing", async () => {
    const { provider } = limited({ msgs_per_min: 5, approval_required: true });
    const gate = await ApprovalGate.create({ clock: () => T });
    const r = recorder();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const failing = () => { throw new Error("observer down"); };
    const options = { provider, approvals: gate, ...r.options, observers: [failing, ...r.options.observers] };
    const first = await judge(send(), options);
    expect(first.outcome?.kind).toBe("pending");
    await gate.approve(first.outcome!.action!.id, { scope: "once", ttlSeconds: 300 });
    const second = await judge(send(), options);
    expect(second.decision.allow).toBe(true);
    expect(r.finals.map((f) => [f.event.action, f.decision.decision, f.outcome?.kind])).toEqual([
      ["ask_tool_call", "ask", "pending"],
      ["ask_tool_call", "allow", "approved"],
    ]);
    // The approved call keeps its charge (approving is no exemption), and the observer saw it.
    expect(r.finals[1].charges).toHaveLength(1);
    expect(second.reserved).toHaveLength(1);
    expect(warn.mock.calls.some((c) => String(c[0]).includes("observer down"))).toBe(true);
    warn.mockRestore();
    await settleJudgement(second, false);
  });

  it("approvals: false leaves an ask an ask and creates no pending action", async () => {
    const { provider } = limited({ msgs_per_min: 5, approval_required: true });
    const gate = await ApprovalGate.create({ clock: () => T });
    const judged = await judge(send(), { provider, approvals: gate }, { approvals: false, usage: "release" });
    expect(judged.decision.decision).toBe("ask");
    expect(judged.outcome).toBeNull();
    expect(await gate.listActions({})).toEqual([]);
  });

  it("integers past 2^53 are refused wherever an approval could be bound to them; Guard.evaluate lets the policy judge them", async () => {
    const allowAll: GuardrailProvider = { name: "all", evaluate: () => ({ decision: "allow", allow: true, reasons: [] }) };
    const big = (): GuardrailRequest => ({ tool_name: "pay", tool_input: { amount: 2 ** 60 } });
    const code = (j: { decision: { reasons: { code: string }[] } }) => j.decision.reasons[0]?.code ?? "allowed";
    expect(code(await judge(big(), { provider: allowAll }))).toBe("oap.invalid_context");
    expect(code(await judge(big(), { provider: allowAll }, { exactIntegers: false }))).toBe("oap.invalid_context");
    expect(code(await judge(big(), { provider: allowAll }, { exactIntegers: false, approvals: false }))).toBe("allowed");
    expect((await new Guard({ provider: allowAll }).evaluate(big())).allow).toBe(true);
    const infinite: GuardrailRequest = { tool_name: "pay", tool_input: { amount: Infinity } };
    expect(code(await judge(infinite, { provider: allowAll }, { exactIntegers: false, approvals: false }))).toBe("oap.invalid_context");
  });

  it("a provider error: Guard.evaluate names the cause in the reason, guardToolCall keeps DeerFlow's text for the agent", async () => {
    const broken: GuardrailProvider = { name: "broken", evaluate: () => { throw new Error("policy file vanished"); } };
    const evaluated = await new Guard({ provider: broken }).evaluate(send());
    expect(evaluated.reasons).toEqual([{ code: "oap.evaluator_error", message: "guardrail provider error (fail-closed): policy file vanished" }]);
    const open = await new Guard({ provider: broken, failClosed: false }).evaluate(send());
    expect([open.allow, open.reasons[0].message]).toEqual([true, "guardrail provider error (fail-open): policy file vanished"]);
    const blocked = await guardToolCall(send(), () => 1, { provider: broken });
    expect(isBlockedToolResult(blocked) && blocked.content).toContain("Reason: guardrail provider error (fail-closed).");
  });
});
