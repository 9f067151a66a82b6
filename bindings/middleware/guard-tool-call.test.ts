// DeerFlow's middleware test list, ported, plus
// the hardening we add (non-decision results, ask).
import { describe, expect, it, vi } from "vitest";
import { guardToolCall, isBlockedToolResult, type BlockedToolResult } from "./guard-tool-call.ts";
import type { DecisionEvent } from "./audit.ts";
import type { GuardrailProvider } from "../providers/types.ts";
import type { Decision, GuardrailRequest } from "../core/decision.ts";
import { isGuardrailProvider } from "../providers/types.ts";
import { ApprovalGate } from "../approvals/index.ts";

const allowAll: GuardrailProvider = {
  name: "allow-all",
  evaluate: () => ({ decision: "allow", allow: true, reasons: [{ code: "oap.allowed", message: "" }] }),
};
const denyAll: GuardrailProvider = {
  name: "deny-all",
  evaluate: () => ({ decision: "deny", allow: false, reasons: [{ code: "oap.denied", message: "all tools blocked" }], policy_id: "test.deny.v1" }),
};
const exploding: GuardrailProvider = {
  name: "exploding",
  evaluate: () => {
    throw new RuntimeError("boom");
  },
};
class RuntimeError extends Error {}

const request: GuardrailRequest = {
  tool_name: "bash",
  tool_input: { command: "echo secret-token" },
  tool_call_id: "tool_call_1",
  agent_id: "agent_id",
  thread_id: "t1",
};

function blocked(result: unknown): BlockedToolResult {
  expect(isBlockedToolResult(result)).toBe(true);
  return result as BlockedToolResult;
}

describe("guardToolCall", () => {
  it("runs an allowed tool once and returns its result by identity", async () => {
    const value = { out: "ok" };
    const execute = vi.fn(() => value);
    const result = await guardToolCall(request, execute, { provider: allowAll });
    expect(execute).toHaveBeenCalledTimes(1);
    expect(result).toBe(value);
  });

  it("returns DeerFlow's denial text and does not run a denied tool", async () => {
    const execute = vi.fn();
    const result = blocked(await guardToolCall(request, execute, { provider: denyAll }));
    expect(execute).not.toHaveBeenCalled();
    expect(result.status).toBe("error");
    expect(result.name).toBe("bash");
    expect(result.tool_call_id).toBe("tool_call_1");
    expect(result.content).toBe(
      "Guardrail denied: tool 'bash' was blocked (oap.denied). Reason: all tools blocked. Choose an alternative approach.",
    );
  });

  it("fails closed on a provider error by default", async () => {
    const execute = vi.fn();
    const result = blocked(await guardToolCall(request, execute, { provider: exploding }));
    expect(execute).not.toHaveBeenCalled();
    expect(result.content).toContain("oap.evaluator_error");
    expect(result.content).toContain("guardrail provider error (fail-closed)");
  });

  it("fails open only when asked, and still runs the tool", async () => {
    const execute = vi.fn(() => "ran");
    expect(await guardToolCall(request, execute, { provider: exploding, failClosed: false })).toBe("ran");
    expect(execute).toHaveBeenCalledTimes(1);
  });

  it("never turns a real denial into an allow, even fail-open", async () => {
    const execute = vi.fn();
    blocked(await guardToolCall(request, execute, { provider: denyAll, failClosed: false }));
    expect(execute).not.toHaveBeenCalled();
  });

  it("passes the passport as agent_id when the request has none", async () => {
    const seen: GuardrailRequest[] = [];
    const spy: GuardrailProvider = { name: "spy", evaluate: (r) => (seen.push(r), allowAll.evaluate(r)) };
    await guardToolCall({ tool_name: "bash", tool_input: {} }, () => 1, { provider: spy, passport: "./guardrails/passport.json" });
    expect(seen[0].agent_id).toBe("./guardrails/passport.json");
  });

  it("uses the fallback code and text when a denial has no reasons", async () => {
    const empty: GuardrailProvider = { name: "empty", evaluate: () => ({ decision: "deny", allow: false, reasons: [] }) };
    const result = blocked(await guardToolCall(request, () => 1, { provider: empty }));
    expect(result.content).toBe(
      "Guardrail denied: tool 'bash' was blocked (oap.denied). Reason: blocked by guardrail policy. Choose an alternative approach.",
    );
  });

  it("runs a tool with an empty name when the provider allows it", async () => {
    expect(await guardToolCall({ tool_name: "", tool_input: {} }, () => "ran", { provider: allowAll })).toBe("ran");
  });

  it("uses DeerFlow's fallbacks only for missing keys", async () => {
    const result = blocked(await guardToolCall({ tool_input: {} } as unknown as GuardrailRequest, () => 1, { provider: denyAll }));
    expect(result.name).toBe("unknown_tool");
    expect(result.tool_call_id).toBe("missing_id");
  });

  it("recognises providers structurally", () => {
    expect(isGuardrailProvider(allowAll)).toBe(true);
    expect(isGuardrailProvider({ name: "x" })).toBe(false);
    expect(isGuardrailProvider(null)).toBe(false);
  });

  it("lets framework control-flow signals through untouched", async () => {
    class GraphInterrupt extends Error {
      name = "GraphInterrupt";
    }
    const signal = new GraphInterrupt("pause");
    const interrupting: GuardrailProvider = { name: "i", evaluate: () => { throw signal; } };
    await expect(guardToolCall(request, () => 1, { provider: interrupting })).rejects.toBe(signal);
    const bubbling = Object.assign(new Error("bubble"), { is_bubble_up: true });
    const b: GuardrailProvider = { name: "b", evaluate: async () => { throw bubbling; } };
    const events: DecisionEvent[] = [];
    await expect(guardToolCall(request, () => 1, { provider: b, onDecision: (e) => void events.push(e) })).rejects.toBe(bubbling);
    expect(events).toHaveLength(0);
  });

  it("accepts a custom control-flow predicate", async () => {
    const stop = new Error("stop");
    const p: GuardrailProvider = { name: "p", evaluate: () => { throw stop; } };
    await expect(guardToolCall(request, () => 1, { provider: p, isControlFlow: (e) => e === stop })).rejects.toBe(stop);
  });

  it("treats a provider that returns a non-decision as a provider error", async () => {
    const broken: GuardrailProvider = { name: "broken", evaluate: () => null as unknown as Decision };
    const execute = vi.fn();
    const result = blocked(await guardToolCall(request, execute, { provider: broken }));
    expect(execute).not.toHaveBeenCalled();
    expect(result.decision.reasons[0].code).toBe("oap.evaluator_error");
  });

  it("pauses on ask without running the tool", async () => {
    const asking: GuardrailProvider = {
      name: "ask",
      evaluate: () => ({ decision: "ask", allow: false, reasons: [{ code: "oap.approval_required", message: "needs a human" }] }),
    };
    const execute = vi.fn();
    const result = blocked(await guardToolCall(request, execute, { provider: asking }));
    expect(execute).not.toHaveBeenCalled();
    expect(result.pending).toBe(true);
    expect(result.content).toContain("oap.approval_required");
  });

  it("does not let a tool's own error be mistaken for a guard decision", async () => {
    await expect(guardToolCall(request, () => { throw new Error("tool broke"); }, { provider: allowAll })).rejects.toThrow("tool broke");
  });
});

describe("decision events", () => {
  it("records a denial with ids, codes and policy id but never the arguments", async () => {
    const events: DecisionEvent[] = [];
    await guardToolCall({ ...request, user_id: "u1", is_subagent: false }, () => 1, { provider: denyAll, onDecision: (e) => void events.push(e) });
    expect(events).toHaveLength(1);
    const e = events[0];
    expect(e).toMatchObject({
      action: "deny_tool_call",
      tool_name: "bash",
      tool_call_id: "tool_call_1",
      agent_id: "agent_id",
      thread_id: "t1",
      is_subagent: false,
      allow: false,
      decision: "deny",
      policy_id: "test.deny.v1",
      reason_codes: ["oap.denied"],
      fail_closed: true,
      provider_error: false,
      provider: "deny-all",
    });
    expect(e.duration_ms).toBeGreaterThanOrEqual(0);
    const text = JSON.stringify(e);
    for (const secret of ["tool_input", "args", "command", "secret-token", "user_id"]) expect(text).not.toContain(secret);
  });

  it("records fail-closed and fail-open provider errors", async () => {
    const events: DecisionEvent[] = [];
    const sink = (e: DecisionEvent) => void events.push(e);
    await guardToolCall(request, () => 1, { provider: exploding, onDecision: sink });
    await guardToolCall(request, () => 1, { provider: exploding, failClosed: false, onDecision: sink });
    expect(events.map((e) => [e.action, e.allow, e.provider_error, e.fail_closed, e.reason_codes[0]])).toEqual([
      ["deny_tool_call", false, true, true, "oap.evaluator_error"],
      ["allow_tool_call_after_provider_error", true, true, false, "oap.evaluator_error"],
    ]);
  });

  it("leaves out reason messages, which can quote the arguments", async () => {
    const quoting: GuardrailProvider = { name: "q", evaluate: () => ({ decision: "deny", allow: false, reasons: [{ code: "oap.command_not_allowed", message: "command 'curl https://x/?token=SECRET' is not allowed" }] }) };
    const events: DecisionEvent[] = [];
    await guardToolCall(request, () => 1, { provider: quoting, onDecision: (e) => void events.push(e) });
    expect(events[0].reason_codes).toEqual(["oap.command_not_allowed"]);
    expect(JSON.stringify(events[0])).not.toContain("SECRET");
  });

  it("keeps the outcome when a sink throws, and warns", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const execute = vi.fn();
    const result = blocked(await guardToolCall(request, execute, { provider: denyAll, onDecision: () => { throw new Error("disk full"); } }));
    expect(result.decision.allow).toBe(false);
    expect(execute).not.toHaveBeenCalled();
    expect(warn.mock.calls[0][0]).toContain("failed to record guardrail event");
    warn.mockRestore();
  });
});

describe("guardToolCall with an approvals gate", () => {
  const asking: GuardrailProvider = {
    name: "ask",
    evaluate: () => ({ decision: "ask", allow: false, reasons: [{ code: "oap.approval_required", message: "needs a human" }], policy_id: "p.v1" }),
  };

  it("pauses with an action id, runs the retry once a human approves, then asks again", async () => {
    const gate = await ApprovalGate.create();
    const execute = vi.fn(() => "pushed");
    const first = blocked(await guardToolCall(request, execute, { provider: asking, approvals: gate }));
    expect(execute).not.toHaveBeenCalled();
    expect(first.pending).toBe(true);
    expect(first.action_id).toMatch(/^act_[0-9a-f]{32}$/);
    expect(first.content).toMatch(new RegExp(`^Action requires approval \\(ID: ${first.action_id}\\)\\. Tool 'bash' was paused \\(oap\\.approval_required\\)`));
    expect(first.approval).toEqual({
      type: "approval_required", action_id: first.action_id, tool_name: "bash", tool_call_id: "tool_call_1",
      expires_at: first.decision.metadata!.expires_at, reason_codes: ["oap.approval_required"],
    });
    expect(JSON.stringify(first.approval)).not.toContain("secret-token");
    await gate.approve(first.action_id!);
    expect(await guardToolCall({ ...request, tool_call_id: "tool_call_2" }, execute, { provider: asking, approvals: gate })).toBe("pushed");
    expect(execute).toHaveBeenCalledTimes(1);
    expect(blocked(await guardToolCall(request, execute, { provider: asking, approvals: gate })).pending).toBe(true);
    expect(execute).toHaveBeenCalledTimes(1);
  });

  it("tells the model a human's rejection, and never runs the tool", async () => {
    const gate = await ApprovalGate.create();
    const execute = vi.fn();
    const { action_id } = blocked(await guardToolCall(request, execute, { provider: asking, approvals: gate }));
    await gate.reject(action_id!, { message: "use the staging branch" });
    const result = blocked(await guardToolCall(request, execute, { provider: asking, approvals: gate }));
    expect(result.pending).toBe(false);
    expect(result.content).toBe(
      "Guardrail denied: tool 'bash' was blocked (oap.approval_rejected). Reason: a human rejected this call: use the staging branch. Choose an alternative approach.",
    );
    expect(execute).not.toHaveBeenCalled();
  });

  it("tells the model the edited arguments to call with", async () => {
    const gate = await ApprovalGate.create();
    const { action_id } = blocked(await guardToolCall(request, () => 1, { provider: asking, approvals: gate }));
    await gate.approve(action_id!, { updatedInput: { command: "echo redacted" } }, asking.evaluate);
    const result = blocked(await guardToolCall(request, () => 1, { provider: asking, approvals: gate }));
    expect(result.content).toContain("(oap.approval_edited)");
    expect(result.content).toContain(`{"command":"echo redacted"}`);
    expect(await guardToolCall({ ...request, tool_input: { command: "echo redacted" } }, () => "ran", { provider: asking, approvals: gate })).toBe("ran");
  });

  it("with waitForApproval, holds the call until a human decides, then runs it", async () => {
    const gate = await ApprovalGate.create();
    const execute = vi.fn(() => "ran");
    const running = guardToolCall(request, execute, { provider: asking, approvals: gate, waitForApproval: { pollMs: 5 } });
    let pending: string | undefined;
    while (!pending) {
      await new Promise((r) => setTimeout(r, 5));
      pending = (await gate.listActions({ status: "pending" }))[0]?.id;
    }
    expect(execute).not.toHaveBeenCalled();
    await gate.approve(pending);
    expect(await running).toBe("ran");
    expect(execute).toHaveBeenCalledTimes(1);
  });

  it("with waitForApproval, a timeout denies as a timeout", async () => {
    let now = 0;
    const gate = await ApprovalGate.create({ clock: () => now, timeoutSeconds: 60 });
    const running = guardToolCall(request, () => 1, { provider: asking, approvals: gate, waitForApproval: { pollMs: 5 } });
    while ((await gate.listActions({ status: "pending" })).length === 0) await new Promise((r) => setTimeout(r, 5));
    now = 61_000;
    const result = blocked(await running);
    expect(result.decision.reasons[0].code).toBe("oap.approval_timeout");
  });

  it("an aborted wait throws the abort reason instead of deciding", async () => {
    const gate = await ApprovalGate.create();
    const controller = new AbortController();
    const running = guardToolCall(request, () => 1, { provider: asking, approvals: gate, waitForApproval: { pollMs: 5, signal: controller.signal } });
    controller.abort(new Error("user left"));
    await expect(running).rejects.toThrow("user left");
  });

  it("denies when the approval store fails", async () => {
    const gate = await ApprovalGate.create();
    vi.spyOn(gate.store, "findLatest").mockRejectedValue(new Error("connection refused"));
    const execute = vi.fn();
    const result = blocked(await guardToolCall(request, execute, { provider: asking, approvals: gate }));
    expect(result.decision).toMatchObject({ decision: "deny", reasons: [{ code: "oap.evaluator_error" }] });
    expect(result.content).toContain("approval store failed (fail-closed): connection refused");
    expect(execute).not.toHaveBeenCalled();
  });

  it("never lets a gate turn a deny or an allow into anything else", async () => {
    const gate = await ApprovalGate.create();
    const check = vi.spyOn(gate, "check");
    blocked(await guardToolCall(request, () => 1, { provider: denyAll, approvals: gate }));
    expect(await guardToolCall(request, () => "ran", { provider: allowAll, approvals: gate })).toBe("ran");
    expect(check).not.toHaveBeenCalled();
  });
});
