/**
 * @module
 * What the framework adapters share: the request a tool call becomes, the
 * pre-execution look a framework's approval hook needs, and a human's
 * decision in the framework written to the ApprovalGate. Nothing here
 * judges on its own: judge() and the gate do.
 */

// From the package's main entry, as a user's own import: one module instance (tsup.config.ts keeps it external).
import {
  argsDigest, denialMessage, judge,
  type ApprovalGate, type GuardOptions, type GuardrailRequest, type PublicAction, type Reason,
} from "portcullis";

/** Request fields every call of one run carries (the thread is what approvals are bound to). */
export type CallContext = Omit<GuardrailRequest, "tool_name" | "tool_input" | "tool_call_id">;

export interface AdapterOptions extends GuardOptions {
  /** agent_id, thread_id, run_id, context… — a function is read per call. */
  call?: CallContext | (() => CallContext);
}

export function toRequest(options: AdapterOptions, toolName: string, input: unknown, toolCallId: string | undefined): GuardrailRequest {
  const base = typeof options.call === "function" ? options.call() : options.call ?? {};
  // A non-object input is judged as such: the provider and gate refuse what they cannot read.
  const request: GuardrailRequest = { ...base, tool_name: toolName, tool_input: input as Record<string, unknown> };
  if (toolCallId !== undefined) request.tool_call_id = toolCallId;
  return request;
}

/** Before a framework's pause: run it through guardToolCall, refuse it now, or pause on a pending action. */
export type Preflight =
  | { kind: "run" }
  | { kind: "deny"; message: string }
  | { kind: "ask"; action_id: string; message: string };

/**
 * Is this call one a human must decide before it runs? The policy is asked
 * without recording (the real judgement, recorded, is guardToolCall's when
 * the call runs); only an ask goes to the gate, recorded, creating the
 * pending action the page shows. A call the gate already allows runs.
 */
export async function preflight(request: GuardrailRequest, options: AdapterOptions): Promise<Preflight> {
  if (!options.approvals) return { kind: "run" };
  const quiet = await judge(request, options, { usage: "release", record: false, approvals: false });
  if (quiet.decision.decision !== "ask") return { kind: "run" };
  // A framework may look again when its run resumes: an action this call already has is read, never
  // re-checked (checking consumes an approve-once that the call itself must use when it runs).
  const existing = await findAction(options.approvals, request);
  if (existing?.status === "pending") return { kind: "ask", action_id: existing.id, message: pausedMessage(request, existing.id, existing.reasons[0]) };
  if (existing) return { kind: "run" };
  const { decision, outcome } = await judge(request, options, { usage: "release" });
  if (decision.allow) return { kind: "run" };
  if (outcome?.kind === "pending" && outcome.action) {
    return { kind: "ask", action_id: outcome.action.id, message: pausedMessage(request, outcome.action.id, decision.reasons[0]) };
  }
  return { kind: "deny", message: denialMessage(request.tool_name, decision) };
}

function pausedMessage(request: GuardrailRequest, actionId: string, reason: Reason | undefined): string {
  return `Action requires approval (ID: ${actionId}). Tool '${request.tool_name}' was paused` +
    `${reason ? ` (${reason.code}). Reason: ${reason.message || "a human must approve this call"}` : ""}.`;
}

/**
 * The gate's action for one framework tool call: same tool, same tool-call
 * id, same arguments and thread. Matching on all of them means a tampered
 * framework message cannot point a decision at another call's action.
 */
export async function findAction(gate: ApprovalGate, request: GuardrailRequest): Promise<PublicAction | null> {
  const digest = await argsDigest(request.tool_input);
  const threadId = request.thread_id ?? null;
  for (const action of await gate.listActions({ limit: 1000 })) {
    if (action.tool_call_id === (request.tool_call_id ?? null) && action.tool_name === request.tool_name &&
      action.args_digest === digest && action.thread_id === threadId) return action;
  }
  return null;
}

export interface FrameworkDecision {
  approved: boolean;
  /** For a rejection: what the model reads. */
  message?: string;
  /** Replacement arguments; the policy judges them again before the approval counts. */
  editedInput?: Record<string, unknown>;
  decidedBy?: string;
}

/**
 * Record a decision taken in the framework. An action already decided (on
 * the page, say) keeps that decision: the gate's record wins. Returns the
 * action as it now stands, or null when no action matches the call.
 */
export async function recordDecision(options: AdapterOptions, request: GuardrailRequest, decision: FrameworkDecision): Promise<PublicAction | null> {
  const gate = options.approvals;
  if (!gate) return null;
  const action = await findAction(gate, request);
  if (!action) return null;
  if (action.status !== "pending") return action;
  const decidedBy = decision.decidedBy ?? null;
  if (!decision.approved) return gate.reject(action.id, { message: decision.message, decidedBy });
  // Judging the edited call runs nothing: the usage it would charge is released.
  const reevaluate = async (edited: GuardrailRequest) => (await judge(edited, options, { usage: "release", approvals: false })).decision;
  return gate.approve(action.id, { updatedInput: decision.editedInput, decidedBy }, reevaluate);
}

/** The gate's decision on an action, once a human (or the clock) took one; null while it is pending. */
export function settledDecision(action: PublicAction | null): { approved: boolean; reason: string } | null {
  if (!action) return { approved: false, reason: "no approval record exists for this call" };
  switch (action.status) {
    case "pending": return null;
    case "approved": return { approved: true, reason: `approved (action ${action.id})` };
    case "rejected": {
      const message = action.decision?.message;
      return { approved: false, reason: message ? `a human rejected this call: ${message}` : "a human rejected this call" };
    }
    default: return { approved: false, reason: `the approval is ${action.status}${action.expired_reason ? ` (${action.expired_reason})` : ""}` };
  }
}
