// The max_execution_time obligation as guardToolCall enforces it: the tool
// gets an AbortSignal that fires at the limit, and a tool still running then
// is cut off with oap.execution_timeout (fake timers: no real waiting).

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { guardToolCall, isBlockedToolResult } from "./guard-tool-call.ts";
import { executionLimitOf } from "./execution-limit.ts";
import type { GuardrailProvider } from "../providers/types.ts";
import type { Decision, GuardrailRequest } from "../core/decision.ts";
import { Evaluator } from "../core/evaluator.ts";
import { readFileSync } from "node:fs";

const request: GuardrailRequest = { tool_name: "Bash", tool_input: { command: "npm test" }, tool_call_id: "c1" };

function limited(seconds: unknown): GuardrailProvider {
  const decision = {
    decision: "allow", allow: true, reasons: [{ code: "oap.allowed", message: "" }],
    metadata: { obligations: [{ type: "max_execution_time", seconds }] },
  };
  return { name: "limited", evaluate: () => decision as Decision };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("max_execution_time obligation", () => {
  it("cuts off a tool that runs past the limit and aborts its signal", async () => {
    let seen: AbortSignal | undefined;
    const execute = vi.fn((signal: AbortSignal) => {
      seen = signal;
      return new Promise<string>(() => {}); // never settles, ignores the signal
    });
    const pending = guardToolCall(request, execute, { provider: limited(2) });
    await vi.advanceTimersByTimeAsync(1999);
    expect(seen?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const result = await pending;
    expect(isBlockedToolResult(result)).toBe(true);
    if (!isBlockedToolResult(result)) return;
    expect(result.decision.reasons[0].code).toBe("oap.execution_timeout");
    expect(result.content).toContain("ran past its time limit (oap.execution_timeout)");
    expect(result.content).toContain("max_execution_time (2 s)");
    expect(seen?.aborted).toBe(true);
    expect(execute).toHaveBeenCalledTimes(1);
  });

  it("returns the result of a tool that finishes in time, and leaves no timer behind", async () => {
    const value = { out: "ok" };
    const result = guardToolCall(request, async () => value, { provider: limited(5) });
    expect(await result).toBe(value);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("passes a tool's own error through, before the limit", async () => {
    const failing = guardToolCall(request, () => Promise.reject(new Error("tool failed")), { provider: limited(5) });
    await expect(failing).rejects.toThrow("tool failed");
  });

  it("gives execute a signal that never fires when there is no obligation", async () => {
    const allow: GuardrailProvider = { name: "a", evaluate: () => ({ decision: "allow", allow: true, reasons: [{ code: "oap.allowed", message: "" }] }) };
    let seen: AbortSignal | undefined;
    await guardToolCall(request, (signal) => { seen = signal; return 1; }, { provider: allow });
    expect(seen).toBeInstanceOf(AbortSignal);
    expect(seen?.aborted).toBe(false);
  });

  it("reads a malformed obligation as zero seconds (fail closed), and the shortest of several", () => {
    const of = (obligations: unknown[]) => executionLimitOf({ decision: "allow", allow: true, reasons: [], metadata: { obligations } } as Decision);
    expect(of([{ type: "max_execution_time", seconds: "300" }])).toBe(0);
    expect(of([{ type: "max_execution_time", seconds: -1 }])).toBe(0);
    expect(of([{ type: "max_execution_time", seconds: 300 }, { type: "max_execution_time", seconds: 30 }])).toBe(30);
    expect(of([{ type: "max_export_rows", rows: 5 }])).toBe(null);
    expect(of([])).toBe(null);
  });

  it("is what the core obliges for a command that states no timeout", async () => {
    vi.useRealTimers();
    const evaluator = await Evaluator.create(readFileSync(new URL("../../dist/policy.wasm", import.meta.url)));
    const passport = JSON.parse(readFileSync(new URL("../../test/vectors/policies/agents-aport.json", import.meta.url), "utf8"));
    const policy = evaluator.load(JSON.stringify({ type: "passport", passport }));
    const context = { workspace_root: "/workspace", home: "/home/agent" };
    const allowed = evaluator.evaluate(policy, JSON.stringify({ ...request, context }), Date.parse("2026-06-01T00:00:00Z"));
    expect(allowed.decision).toBe("allow");
    expect(executionLimitOf(allowed)).toBe(300);
    const denied = evaluator.evaluate(policy, JSON.stringify({ tool_name: "Bash", tool_input: { command: "npm test", timeout: 301000 }, context }), 0);
    expect(denied.decision).toBe("deny");
    expect(denied.metadata?.obligations).toBeUndefined();
  });
});
