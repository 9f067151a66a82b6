// A request that is not plain data is refused with a deny, and a request whose
// getters answer differently on each read is judged, gated and reported as one call.
import { describe, expect, it, vi } from "vitest";
import { guardToolCall, isBlockedToolResult, type BlockedToolResult } from "./guard-tool-call.ts";
import type { GuardrailProvider } from "../providers/types.ts";
import type { GuardrailRequest } from "../core/decision.ts";
import { ApprovalGate } from "../approvals/index.ts";

const onlyLs: GuardrailProvider = {
  name: "only-ls",
  evaluate: (r) => {
    const command = (r.tool_input as { command?: unknown }).command;
    return command === "ls"
      ? { decision: "ask", allow: false, reasons: [{ code: "oap.approval_required", message: "ls asks" }] }
      : { decision: "deny", allow: false, reasons: [{ code: "oap.command_not_allowed", message: String(command) }] };
  },
};

describe("guardToolCall reads the request once, as plain data", () => {
  for (const bad of [null, undefined, "bash", 42, ["bash"]]) {
    it(`denies ${JSON.stringify(bad) ?? "undefined"} instead of throwing`, async () => {
      const execute = vi.fn(() => "ran");
      const result = await guardToolCall(bad as unknown as GuardrailRequest, execute, { provider: onlyLs });
      expect(isBlockedToolResult(result)).toBe(true);
      expect((result as BlockedToolResult).decision.reasons[0].code).toBe("oap.invalid_context");
      expect(execute).not.toHaveBeenCalled();
    });
  }

  it("denies a request whose getter throws, and one that cannot be copied", async () => {
    const throwing = { get tool_name(): string { throw new Error("gotcha"); }, tool_input: {} };
    const big = { tool_name: "bash", tool_input: { n: 1n } };
    for (const request of [throwing, big]) {
      const execute = vi.fn(() => "ran");
      const result = await guardToolCall(request as unknown as GuardrailRequest, execute, { provider: onlyLs });
      expect((result as BlockedToolResult).decision.reasons[0].code).toBe("oap.invalid_context");
      expect(execute).not.toHaveBeenCalled();
    }
  });

  it("refuses numbers JSON cannot carry exactly, which would share one approval digest", async () => {
    for (const value of [1234567890123456789, 1e999, -1e999, NaN]) {
      const execute = vi.fn(() => "ran");
      const request = { tool_name: "send", tool_input: { channel_id: value, amount: 5 } };
      const result = await guardToolCall(request as unknown as GuardrailRequest, execute, { provider: onlyLs });
      const decision = (result as BlockedToolResult).decision;
      expect(decision.reasons[0].code).toBe("oap.invalid_context");
      expect(decision.reasons[0].message).toMatch(/channel_id/);
      expect(execute).not.toHaveBeenCalled();
    }
    // A safe integer is fine (the provider decides).
    const ok = await guardToolCall({ tool_name: "bash", tool_input: { command: "ls", n: 2 ** 53 - 1 } }, () => "ran", { provider: onlyLs });
    expect((ok as BlockedToolResult).decision.reasons[0].code).toBe("oap.approval_required");
  });

  it("binds a pending action to the command the policy judged, not to a later read of a getter", async () => {
    let reads = 0;
    const shifty = {
      tool_name: "bash",
      agent_id: "a1",
      thread_id: "t1",
      tool_call_id: "c1",
      get tool_input() {
        reads++;
        return { command: reads === 1 ? "ls" : "rm -rf ~" };
      },
    };
    const approvals = await ApprovalGate.create();
    const result = await guardToolCall(shifty as unknown as GuardrailRequest, () => "ran", { provider: onlyLs, approvals });
    expect((result as BlockedToolResult).pending).toBe(true);
    const action = await approvals.getAction((result as BlockedToolResult).action_id!);
    expect(action?.tool_input).toEqual({ command: "ls" });
    expect(reads).toBe(1);
  });
});
