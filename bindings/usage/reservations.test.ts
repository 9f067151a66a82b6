// Usage limits end to end: judge() reserves, guardToolCall keeps a
// call's charge once the tool ran and releases it when the tool threw, one
// winner for the last slot, charges that survive composites and approvals,
// and stores that fail or lie.
import { describe, expect, it, vi } from "vitest";
import "../index.ts"; // provides the inlined release wasm
import { guardToolCall, judge, settleJudgement, isBlockedToolResult, type BlockedToolResult } from "../middleware/index.ts";
import type { DecisionEvent } from "../middleware/audit.ts";
import type { GuardrailProvider } from "../providers/types.ts";
import type { GuardrailRequest } from "../core/decision.ts";
import { PassportProvider, type PassportConfig } from "../providers/passport.ts";
import { AllowlistProvider } from "../providers/allowlist.ts";
import { CompositeProvider } from "../providers/composite.ts";
import { ApprovalGate } from "../approvals/index.ts";
import { MemoryUsageStore } from "./memory-store.ts";
import type { UsageStore } from "./types.ts";

function blocked(result: unknown): BlockedToolResult {
  expect(isBlockedToolResult(result)).toBe(true);
  return result as BlockedToolResult;
}

const T = Date.parse("2026-11-22T10:00:00Z");
function passport(limits: Record<string, unknown>, caps = ["messaging.send"]): Record<string, unknown> {
  return {
    passport_id: "ap_usage", kind: "template", spec_version: "oap/1.0", owner_id: "o", owner_type: "org", assurance_level: "L2",
    status: "active", regions: ["US"], created_at: "2026-01-01T00:00:00Z", updated_at: "2026-01-01T00:00:00Z", version: "1.0.0",
    capabilities: caps.map((id) => ({ id })), limits,
  };
}
function provider(limits: Record<string, unknown>, extra: Partial<PassportConfig> = {}, caps?: string[]) {
  return new PassportProvider({ passport: passport(limits, caps), clock: () => T, tool_map: { refund: "finance.payment.refund" }, ...extra });
}
const send = (to = "a@x.com"): GuardrailRequest => ({ tool_name: "send_message", tool_input: { to, message: "hi" }, tool_call_id: "c1" });
const refund = (key: string, amount: number): GuardrailRequest => ({
  tool_name: "refund",
  tool_input: { order_id: "o", customer_id: "c", amount, currency: "USD", region: "US", reason_code: "customer_request", idempotency_key: key },
});
const codeOf = (r: unknown) => (isBlockedToolResult(r) ? r.decision.reasons[0].code : "ran");

describe("guardToolCall with usage limits", () => {
  it("counts an allowed call once it has run, and denies past the limit", async () => {
    const p = provider({ "messaging.send": { msgs_per_min: 2 } });
    const execute = vi.fn(() => "sent");
    const results = [];
    for (let i = 0; i < 3; i++) results.push(codeOf(await guardToolCall(send(), execute, { provider: p })));
    expect(results).toEqual(["ran", "ran", "oap.rate_limit_exceeded"]);
    expect(execute).toHaveBeenCalledTimes(2);
  });

  it("does not count a tool that threw (its error is passed on)", async () => {
    const p = provider({ "messaging.send": { msgs_per_min: 1 } });
    await expect(guardToolCall(send(), () => { throw new Error("smtp down"); }, { provider: p })).rejects.toThrow("smtp down");
    await expect(guardToolCall(send(), async () => { throw new Error("again"); }, { provider: p })).rejects.toThrow("again");
    expect((p.usage as MemoryUsageStore).pendingCount).toBe(0);
    expect(await guardToolCall(send(), () => "sent", { provider: p })).toBe("sent");
    expect(codeOf(await guardToolCall(send(), () => "sent", { provider: p }))).toBe("oap.rate_limit_exceeded");
  });

  it("lets only one of two calls judged at the same time take the last slot", async () => {
    const p = provider({ "messaging.send": { msgs_per_min: 1 } });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const execute = vi.fn(async () => { await gate; return "sent"; });
    const a = guardToolCall(send(), execute, { provider: p });
    const b = guardToolCall(send(), execute, { provider: p });
    await new Promise((r) => setTimeout(r, 10));
    release();
    const codes = [codeOf(await a), codeOf(await b)].sort();
    expect(codes).toEqual(["oap.rate_limit_exceeded", "ran"]);
    expect(execute).toHaveBeenCalledTimes(1);
  });

  it("keeps daily caps and refuses replayed idempotency keys", async () => {
    const p = provider({ "finance.payment.refund": { currency_limits: { USD: { max_per_tx: 5000, daily_cap: 8000 } }, refund_reason_codes: ["customer_request"] } }, {}, ["finance.payment.refund"]);
    const run = () => "refunded";
    expect(codeOf(await guardToolCall(refund("key-00001", 5000), run, { provider: p }))).toBe("ran");
    expect(codeOf(await guardToolCall(refund("key-00001", 1), run, { provider: p }))).toBe("oap.idempotency_conflict");
    expect(codeOf(await guardToolCall(refund("key-00002", 3001), run, { provider: p }))).toBe("oap.limit_exceeded");
    expect(codeOf(await guardToolCall(refund("key-00002", 3000), run, { provider: p }))).toBe("ran");
  });

  it("does not count an ask (nothing ran)", async () => {
    const p = provider({ "messaging.send": { msgs_per_min: 1, approval_required: true } });
    const r = await guardToolCall(send(), () => "sent", { provider: p });
    expect(isBlockedToolResult(r) && r.pending).toBe(true);
    expect((p.usage as MemoryUsageStore).read(JSON.stringify(["ap_usage"]), { capability: "messaging.send", per_minute: 1 }, T)).toMatchObject({ calls_last_minute: 0 });
  });

  it("never puts the charge in the decision's JSON or the audit event", async () => {
    const p = provider({ "finance.payment.refund": { currency_limits: { USD: { max_per_tx: 5000, daily_cap: 8000 } }, refund_reason_codes: ["customer_request"] } }, {}, ["finance.payment.refund"]);
    const { decision: d, charges } = await p.evaluateWithCharges(refund("secret-key-1", 4321));
    expect(d.metadata).toEqual({ capability: "finance.payment.refund", usage_limited: true });
    expect(JSON.stringify(d)).not.toContain("secret-key-1");
    expect(Object.getOwnPropertySymbols(d.metadata)).toEqual([]);
    expect(charges[0].charge).toMatchObject({ idempotency_key: "secret-key-1", amount: 4321, currency: "USD", daily_cap: 8000 });
    const events: DecisionEvent[] = [];
    await guardToolCall(refund("secret-key-2", 4321), () => 1, { provider: p, onDecision: (e) => void events.push(e) });
    expect(JSON.stringify(events)).not.toMatch(/secret-key|4321/);
  });

  it("refuses a usage-limited allow whose charge was lost, instead of running it uncounted", async () => {
    const p = provider({ "messaging.send": { msgs_per_min: 5 } });
    const cloning: GuardrailProvider = { name: "remote", evaluate: async (r) => JSON.parse(JSON.stringify(await p.evaluate(r))) };
    const execute = vi.fn();
    const result = blocked(await guardToolCall(send(), execute, { provider: cloning }));
    expect(execute).not.toHaveBeenCalled();
    expect(result.decision.reasons[0].code).toBe("oap.evaluator_error");
  });

  it("a failing store fails closed by default, open only when asked", async () => {
    const broken: UsageStore = {
      read: () => ({ calls_last_minute: 0, calls_today: 0, amount_today: 0, idempotency_key_seen: false }),
      reserve: () => { throw new Error("redis down"); },
      settle: () => {},
    };
    const p = provider({ "messaging.send": { msgs_per_min: 5 } }, { usage: broken });
    const execute = vi.fn(() => "sent");
    expect(codeOf(await guardToolCall(send(), execute, { provider: p }))).toBe("oap.evaluator_error");
    expect(execute).not.toHaveBeenCalled();
    expect(await guardToolCall(send(), execute, { provider: p, failClosed: false })).toBe("sent");
    const reading: UsageStore = { ...broken, read: async () => { throw new Error("redis down"); } };
    expect(codeOf(await guardToolCall(send(), execute, { provider: provider({ "messaging.send": { msgs_per_min: 5 } }, { usage: reading }) }))).toBe("oap.evaluator_error");
  });

  it("a store that fails to settle does not change the tool's result", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const memory = new MemoryUsageStore();
    const flaky: UsageStore = { read: (...a) => memory.read(...a), reserve: (...a) => memory.reserve(...a), settle: () => { throw new Error("lost"); } };
    expect(await guardToolCall(send(), () => "sent", { provider: provider({ "messaging.send": { msgs_per_min: 5 } }, { usage: flaky }) })).toBe("sent");
    expect(warn.mock.calls[0][0]).toContain("failed to record usage");
    warn.mockRestore();
  });

  it("CompositeProvider carries every provider's charge, whichever decision it returns", async () => {
    const tight = provider({ "messaging.send": { msgs_per_min: 1 } });
    const composite = new CompositeProvider({ providers: [new AllowlistProvider({ allowed_tools: ["send_message"] }), tight] });
    expect(codeOf(await guardToolCall(send(), () => 1, { provider: composite }))).toBe("ran");
    expect(codeOf(await guardToolCall(send(), () => 1, { provider: composite }))).toBe("oap.rate_limit_exceeded");
    const loose = provider({ "messaging.send": { msgs_per_min: 5 } });
    const both = new CompositeProvider({ providers: [loose, provider({ "messaging.send": { msgs_per_min: 1 } })] });
    expect(codeOf(await guardToolCall(send(), () => 1, { provider: both }))).toBe("ran");
    expect(codeOf(await guardToolCall(send(), () => 1, { provider: both }))).toBe("oap.rate_limit_exceeded");
    expect((loose.usage as MemoryUsageStore).read(JSON.stringify(["ap_usage"]), { capability: "messaging.send", per_minute: 5 }, T).calls_last_minute).toBe(1);
  });

  it("usage_scope: one passport's limit is shared unless the host scopes it per agent or thread", async () => {
    const as = (agent: string, thread: string): GuardrailRequest => ({ ...send(), agent_id: agent, thread_id: thread });
    const shared = provider({ "messaging.send": { msgs_per_min: 1 } });
    await guardToolCall(as("a", "t1"), () => 1, { provider: shared });
    expect(codeOf(await guardToolCall(as("b", "t1"), () => 1, { provider: shared }))).toBe("oap.rate_limit_exceeded");
    const perAgent = provider({ "messaging.send": { msgs_per_min: 1 } }, { usage_scope: "agent" });
    await guardToolCall(as("a", "t1"), () => 1, { provider: perAgent });
    expect(codeOf(await guardToolCall(as("a", "t2"), () => 1, { provider: perAgent }))).toBe("oap.rate_limit_exceeded");
    expect(codeOf(await guardToolCall(as("b", "t1"), () => 1, { provider: perAgent }))).toBe("ran");
    const perThread = provider({ "messaging.send": { msgs_per_min: 1 } }, { usage_scope: "thread" });
    await guardToolCall(as("a", "t1"), () => 1, { provider: perThread });
    expect(codeOf(await guardToolCall(as("a", "t2"), () => 1, { provider: perThread }))).toBe("ran");
    expect(() => provider({}, { usage_scope: "user" as never })).toThrow(/usage_scope/);
  });

  it("evaluateSync needs a store that answers synchronously", () => {
    const p = provider({ "messaging.send": { msgs_per_min: 1 } });
    expect(p.evaluateSync(send()).decision).toBe("allow");
    const slow: UsageStore = { read: async () => ({ calls_last_minute: 0, calls_today: 0, amount_today: 0, idempotency_key_seen: false }), reserve: () => ({ ok: true, reservation: "x" }), settle: () => {} };
    const d = provider({ "messaging.send": { msgs_per_min: 1 } }, { usage: slow }).evaluateSync(send());
    expect(d.decision).toBe("deny");
    expect(d.reasons[0].message).toContain("asynchronously");
  });

  it("an approved call keeps its usage limits: approving is not an exemption", async () => {
    const p = provider({ "messaging.send": { msgs_per_min: 1, approval_required: true } });
    const gate = await ApprovalGate.create({ clock: () => T });
    const execute = vi.fn(() => "sent");
    const first = blocked(await guardToolCall(send(), execute, { provider: p, approvals: gate }));
    expect(first.pending).toBe(true);
    await gate.approve(first.action_id!, { scope: "once", ttlSeconds: 300 });
    expect(await guardToolCall(send(), execute, { provider: p, approvals: gate })).toBe("sent");
    // The approval still stands, but the rate limit is spent.
    expect(codeOf(await guardToolCall(send(), execute, { provider: p, approvals: gate }))).toBe("oap.rate_limit_exceeded");
    expect(execute).toHaveBeenCalledTimes(1);
  });

  it("judge() reserves; whoever runs the call settles (a judgement that is not run can be released)", async () => {
    const p = provider({ "messaging.send": { msgs_per_min: 1 } });
    const judged = await judge(send(), { provider: p });
    expect(judged.decision.allow).toBe(true);
    expect(judged.reserved).toHaveLength(1);
    expect(codeOf(await guardToolCall(send(), () => 1, { provider: p }))).toBe("oap.rate_limit_exceeded");
    await settleJudgement(judged, false);
    expect(await guardToolCall(send(), () => "sent", { provider: p })).toBe("sent");
  });

  it("a store answering nonsense is a provider error, not zero", async () => {
    const liar: UsageStore = { read: () => ({ calls_last_minute: -1, calls_today: 0, amount_today: 0, idempotency_key_seen: false }), reserve: () => ({ ok: true, reservation: "x" }), settle: () => {} };
    const execute = vi.fn();
    expect(codeOf(await guardToolCall(send(), execute, { provider: provider({ "messaging.send": { msgs_per_min: 1 } }, { usage: liar }) }))).toBe("oap.evaluator_error");
    expect(execute).not.toHaveBeenCalled();
  });
});
