/**
 * @module
 * guardToolCall: the framework-neutral middleware every adapter wraps.
 * Allow runs the tool; deny returns an error tool result the agent can read
 * and adapt to; ask pauses the call (with an `approvals` gate: a pending
 * action a human decides, and the retried call runs once approved); a
 * provider that throws denies with oap.evaluator_error unless fail-open was
 * chosen. Behaviour follows DeerFlow's GuardrailMiddleware.
 *
 * Judging is judge() (judge.ts), the one path every caller shares. Usage
 * (rate limits, daily caps, idempotency replay): judge() reserves an
 * allowed call's charges; guardToolCall keeps them once execute() resolves
 * and releases them if it throws — a call counts only when it actually ran.
 *
 * Obligations: a decision may oblige the host to stop the call at the
 * passport's max_execution_time (`metadata.obligations`). execute() then gets
 * an AbortSignal that fires at the limit, and if the tool has not settled by
 * then the agent gets an error result with `oap.execution_timeout` (see
 * execution-limit.ts; stopping the process is the tool's job).
 */

import type { Decision, GuardrailRequest } from "../core/decision.ts";
import { runWithinLimit, executionLimitOf, isTimeoutResult, type ToolExecute } from "./execution-limit.ts";
import { judge, settleJudgement, type GuardOptions, type ToolResultFilter } from "./judge.ts";
import { withWarning } from "./enforcement-warning.ts";
import type { DecisionReceipt } from "../proof/index.ts";

/** What the agent sees instead of the tool's output when the call did not run. */
export interface BlockedToolResult {
  status: "error";
  name: string;
  tool_call_id: string;
  content: string;
  decision: Decision;
  /** True for `ask`: the call waits for a human decision. */
  pending: boolean;
  /** The pending action's id, when an approvals gate created or found one. */
  action_id?: string;
  /** For frameworks with native interrupts (LangGraph `interrupt()`, Eino): what to raise instead of this result. */
  approval?: ApprovalInterrupt;
  /** The signed decision receipt, when receipts are on. */
  receipt?: DecisionReceipt;
}

/** The interrupt value an adapter maps to its framework's pause; it carries no arguments. */
export interface ApprovalInterrupt {
  type: "approval_required";
  action_id: string;
  tool_name: string;
  tool_call_id: string | null;
  expires_at: string;
  reason_codes: string[];
}

export function isBlockedToolResult(value: unknown): value is BlockedToolResult {
  return (
    value !== null &&
    typeof value === "object" &&
    (value as BlockedToolResult).status === "error" &&
    typeof (value as BlockedToolResult).content === "string" &&
    typeof (value as BlockedToolResult).decision === "object"
  );
}

/** DeerFlow's denial text, exactly. */
export function denialMessage(toolName: string, decision: Decision): string {
  const reason = decision.reasons[0];
  const code = reason ? reason.code : "oap.denied";
  const text = reason ? reason.message : "blocked by guardrail policy";
  return `Guardrail denied: tool '${toolName}' was blocked (${code}). Reason: ${text}. Choose an alternative approach.`;
}

function approvalMessage(toolName: string, decision: Decision, actionId: string | undefined): string {
  const reason = decision.reasons[0];
  const code = reason?.code ?? "oap.approval_required";
  const text = reason?.message || "a human must approve this call";
  if (actionId === undefined) {
    return `Guardrail paused: tool '${toolName}' needs human approval (${code}). Reason: ${text}. The call was not executed.`;
  }
  return `Action requires approval (ID: ${actionId}). Tool '${toolName}' was paused (${code}). Reason: ${text}. ` +
    "The call was not executed; once a human approves it, call the tool again with the same arguments.";
}

function editedMessage(toolName: string, decision: Decision): string {
  const text = decision.reasons[0]?.message ?? "";
  return `Guardrail: tool '${toolName}' was not run as called (oap.approval_edited): ${text}.`;
}

/**
 * Judge one tool call, then run it only if allowed. Returns the tool's own
 * result on allow, a BlockedToolResult otherwise.
 */
export async function guardToolCall<T>(
  request: GuardrailRequest,
  execute: ToolExecute<T>,
  options: GuardOptions,
): Promise<T | BlockedToolResult> {
  const judgement = await judge(request, options);
  const { decision, outcome } = judgement;
  request = judgement.request;
  if (decision.allow) {
    execute = await withWarning(request, decision, execute, options.onWarning);
    const seconds = executionLimitOf(decision);
    if (judgement.reserved.length === 0 && seconds === null) return runFiltered(request, execute, options.sanitizer);
    let result: T | BlockedToolResult;
    try {
      result = await runWithinLimit(request, execute, seconds);
    } catch (error) {
      await settleJudgement(judgement, false);
      throw error;
    }
    // A call cut off at its limit did run (for part of the time): its usage counts.
    await settleJudgement(judgement, true);
    if (isTimeoutResult(result)) return result;
    return options.sanitizer ? options.sanitizer.sanitizeToolResult(request, result as T) : (result as T);
  }
  const name = "tool_name" in request ? String(request.tool_name) : "unknown_tool";
  const id = "tool_call_id" in request ? String(request.tool_call_id) : "missing_id";
  const pending = decision.decision === "ask";
  const action = outcome?.action ?? undefined;
  const result: BlockedToolResult = {
    status: "error",
    name,
    tool_call_id: id,
    content: pending
      ? approvalMessage(name, decision, action?.id)
      : outcome?.kind === "edited" ? editedMessage(name, decision) : denialMessage(name, decision),
    decision,
    pending,
  };
  if (action) result.action_id = action.id;
  if (judgement.receipt) result.receipt = judgement.receipt;
  if (pending && action) {
    result.approval = {
      type: "approval_required",
      action_id: action.id,
      tool_name: action.tool_name,
      tool_call_id: action.request.tool_call_id == null ? null : String(action.request.tool_call_id),
      expires_at: action.expires_at,
      reason_codes: action.reasons.map((r) => r.code),
    };
  }
  return result;
}

/** Run the tool; with a filter, the agent gets the filtered result. */
export async function runFiltered<T>(request: GuardrailRequest, execute: ToolExecute<T>, filter?: ToolResultFilter): Promise<T> {
  const signal = new AbortController().signal; // never fires: the decision set no limit
  if (!filter) return execute(signal);
  return filter.sanitizeToolResult(request, await execute(signal));
}
