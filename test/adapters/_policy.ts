// A scripted policy for the adapter tests: the adapters only translate, so what matters is that each
// decision (allow / deny / ask) reaches the framework the way it should.
import type { GuardrailProvider } from "../../bindings/providers/types.ts";
import type { GuardrailRequest } from "../../bindings/core/decision.ts";
import { ApprovalGate } from "../../bindings/approvals/index.ts";

export const scriptedPolicy: GuardrailProvider = {
  name: "scripted",
  evaluate(request: GuardrailRequest) {
    const input = request.tool_input as { command?: string; amount?: number };
    if (request.tool_name === "bash" && /rm -rf/.test(String(input.command))) {
      return { decision: "deny", allow: false, reasons: [{ code: "oap.command_blocked", message: "rm -rf is blocked" }] };
    }
    if (request.tool_name === "pay") {
      if (Number(input.amount) > 500) return { decision: "deny", allow: false, reasons: [{ code: "oap.limit_exceeded", message: "amount over 500" }] };
      return { decision: "ask", allow: false, reasons: [{ code: "oap.approval_required", message: "payments need a human" }] };
    }
    return { decision: "allow", allow: true, reasons: [{ code: "oap.allowed", message: "" }] };
  },
};

export function newGate(): Promise<ApprovalGate> {
  return ApprovalGate.create({});
}
