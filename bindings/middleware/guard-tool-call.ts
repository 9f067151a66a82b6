/**
 * @module
 * guardToolCall: the framework-neutral middleware every adapter wraps.
 * Allow runs the tool; deny returns an error tool result the agent can read
 * and adapt to; ask pauses the call (with an `approvals` gate: a pending
 * action a human decides, and the retried call runs once approved); a
 * provider that throws denies with oap.evaluator_error unless fail-open was
 * chosen. Behaviour follows DeerFlow's GuardrailMiddleware.
 *
 * Usage (rate limits, daily caps, idempotency replay): judging an allowed
 * call whose decision carries usage charges reserves them in their
 * UsageStore (atomically re-checking the limits against calls judged at the
 * same time); guardToolCall keeps them once execute() resolves and releases
 * them if it throws — a call counts only when it actually ran.
 *
 * Obligations: a decision may oblige the host to stop the call at the
 * passport's max_execution_time (`metadata.obligations`). execute() then gets
 * an AbortSignal that fires at the limit, and if the tool has not settled by
 * then the agent gets an error result with `oap.execution_timeout` (see
 * execution-limit.ts; stopping the process is the tool's job).
 */

import { normalizeDecision, obligationsOf, type Decision, type GuardrailRequest } from "../core/decision.ts";
import { runWithinLimit, executionLimitOf, isTimeoutResult, type ToolExecute } from "./execution-limit.ts";
import type { GuardrailProvider } from "../providers/types.ts";
import { buildDecisionEvent, type AuditSink, type DecisionEvent } from "./audit.ts";
import { isControlFlowSignal } from "./control-flow.ts";
import { snapshotRequest } from "./request-snapshot.ts";
import type { ApprovalGate, GateOutcome, WaitOptions } from "../approvals/index.ts";
import { carryCharges, reserveCharges, settleReservations, type Reservation } from "../usage/reservations.ts";

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

/**
 * Rewrites the result of a tool that ran, before the agent sees it — e.g. the
 * `ToolResultSanitizer` of `portcullis/sanitize` (kept as an interface so the
 * default entry does not pull the sanitizer in).
 */
export interface ToolResultFilter {
  sanitizeToolResult<T>(request: GuardrailRequest, result: T): T;
}

export interface GuardOptions {
  provider: GuardrailProvider;
  /** Deny when the provider throws (default true). False runs the tool and records that it ran unjudged. */
  failClosed?: boolean;
  /** Set as `agent_id` when the request has none (DeerFlow passes the passport path or id). */
  passport?: string;
  /** Errors that must pass through untouched (framework interrupts). Default: LangGraph's GraphBubbleUp family. */
  isControlFlow?: (error: unknown) => boolean;
  /** Called with every decision (never the tool arguments). Errors in it are reported, never change the outcome. */
  onDecision?: AuditSink;
  /** Further sinks, e.g. a JSON Lines audit file. */
  audit?: AuditSink[];
  /** Where `ask` goes: pending actions a human approves or rejects. Without it, ask only pauses (pending: true). */
  approvals?: ApprovalGate;
  /** Hold the call until a human decides (or the action times out), then run or refuse it. Default: return at once. */
  waitForApproval?: boolean | WaitOptions;
  /** Applied to the result of every call that ran (untrusted-content sanitizing). */
  sanitizer?: ToolResultFilter;
  /** The digest of the policy `provider` enforces: every decision and decision event carries it as `policy_digest`. */
  policyDigest?: string;
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

/** The judgement of one call: the policy's decision and, when it asked, the approvals gate's. */
export interface Judgement {
  /** The request as judged (with `agent_id` filled from `passport`). */
  request: GuardrailRequest;
  /** The effective decision: the gate's when the policy asked and a gate is attached. */
  decision: Decision;
  /** The gate's outcome, when it was consulted. */
  outcome: GateOutcome | null;
  /**
   * The usage reserved for an allowed, usage-limited call. Whoever runs the
   * call must settle it (settleJudgement): kept if it ran, released if not.
   */
  reserved: Reservation[];
}

/** Keep (the call ran) or release what judging the call reserved. */
export function settleJudgement(judgement: Judgement, ran: boolean): Promise<void> {
  return settleReservations(judgement.reserved, ran);
}

/**
 * Judge one call without running anything: the provider (fail mode applied,
 * one decision event recorded), then, on ask, the approvals gate. The HTTP
 * API's /api/evaluate and guardToolCall share it.
 */
export async function judgeToolCall(request: GuardrailRequest, options: GuardOptions): Promise<Judgement> {
  const failClosed = options.failClosed ?? true;
  const isControlFlow = options.isControlFlow ?? isControlFlowSignal;
  // Judged, gated and reported from one plain copy: getters are read once (request-snapshot.ts).
  const snapshot = snapshotRequest(request);
  if (!snapshot.ok) {
    const unreadable: GuardrailRequest = { tool_name: "unknown_tool", tool_input: {} };
    await record(options, buildDecisionEvent(unreadable, snapshot.decision, {
      provider: options.provider.name, failClosed, providerError: false, durationMs: 0, policyDigest: options.policyDigest,
    }));
    return { request: unreadable, decision: withDigest(snapshot.decision, options.policyDigest), outcome: null, reserved: [] };
  }
  const copy = snapshot.request;
  const req: GuardrailRequest =
    options.passport !== undefined && copy.agent_id == null ? { ...copy, agent_id: options.passport } : copy;

  const started = now();
  let decision: Decision;
  let providerError = false;
  try {
    const raw = await options.provider.evaluate(req);
    const normalized = normalizeDecision(raw);
    // Hardening beyond DeerFlow: a provider that returns a non-decision is a provider error.
    if (!normalized) throw new TypeError(`provider '${options.provider.name}' returned something that is not a decision`);
    decision = normalized;
    if (options.policyDigest !== undefined) decision.policy_digest = options.policyDigest; // normalized is our own copy
  } catch (error) {
    if (isControlFlow(error)) throw error;
    providerError = true;
    decision = errorDecision("guardrail provider error", failClosed, error);
  }
  let reserved: Reservation[] = [];
  if (decision.allow && !providerError) {
    const usage = await reserve(decision, failClosed, isControlFlow);
    decision = usage.decision;
    reserved = usage.reserved;
    providerError = usage.storeError;
  }
  const elapsed = now() - started;

  await record(options, buildDecisionEvent(req, decision, {
    provider: options.provider.name,
    failClosed,
    providerError,
    durationMs: elapsed,
    policyDigest: options.policyDigest,
  }));

  let outcome: GateOutcome | null = null;
  if (decision.decision === "ask" && options.approvals) {
    const asked = decision;
    outcome = await consultGate(options.approvals, req, asked, options.waitForApproval);
    decision = outcome.decision;
    if (decision.allow) {
      decision = carryObligations(asked, decision);
      const usage = await reserve(carryCharges(asked, decision), failClosed, isControlFlow);
      decision = usage.decision;
      reserved = usage.reserved;
    }
  }
  return { request: req, decision: withDigest(decision, options.policyDigest), outcome, reserved };
}

/**
 * The decision, naming the policy that made it: a copy when it does not yet (it may be an object someone else
 * holds). Object.assign, not a spread: a spread of a decision costs a few microseconds on the hot path.
 */
export function withDigest(decision: Decision, digest: string | undefined): Decision {
  return digest === undefined || decision.policy_digest === digest ? decision : Object.assign({}, decision, { policy_digest: digest });
}

/** Reserve an allowed decision's usage; a store error follows the fail mode like a provider error. */
async function reserve(
  decision: Decision,
  failClosed: boolean,
  isControlFlow: (error: unknown) => boolean,
): Promise<{ decision: Decision; reserved: Reservation[]; storeError: boolean }> {
  try {
    const outcome = await reserveCharges(decision);
    return Array.isArray(outcome) ? { decision, reserved: outcome, storeError: false } : { decision: outcome, reserved: [], storeError: false };
  } catch (error) {
    if (isControlFlow(error)) throw error;
    return { decision: errorDecision("usage store error", failClosed, error), reserved: [], storeError: true };
  }
}

/** A provider or store failure: deny (fail-closed) or let the call run unjudged (fail-open), saying which. */
function errorDecision(what: string, failClosed: boolean, error: unknown): Decision {
  const mode = failClosed ? "fail-closed" : "fail-open";
  return {
    decision: failClosed ? "deny" : "allow",
    allow: !failClosed,
    reasons: [{ code: "oap.evaluator_error", message: `${what} (${mode})` }],
    metadata: { error: error instanceof Error ? error.message : String(error) },
  };
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
  const judgement = await judgeToolCall(request, options);
  const { decision, outcome } = judgement;
  request = judgement.request;
  if (decision.allow) {
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

/** An approval replaces the policy's decision; the limits the policy obliged still hold. */
function carryObligations(asked: Decision, approved: Decision): Decision {
  const obligations = obligationsOf(asked);
  if (obligations.length === 0) return approved;
  const kept = obligationsOf(approved);
  return { ...approved, metadata: { ...(approved.metadata ?? {}), obligations: [...kept, ...obligations] } };
}

/** Ask the gate; with `wait`, hold until a human decides and ask again. A failing store denies. */
async function consultGate(
  gate: ApprovalGate,
  request: GuardrailRequest,
  asked: Decision,
  wait: boolean | WaitOptions | undefined,
): Promise<GateOutcome> {
  try {
    const first = await gate.check(request, asked);
    if (first.kind !== "pending" || !wait || !first.action) return first;
    await gate.waitForDecision(first.action.id, wait === true ? {} : wait);
    return await gate.check(request, asked);
  } catch (error) {
    if (typeof wait === "object" && wait.signal?.aborted) throw error;
    const message = `approval store failed (fail-closed): ${(error as Error)?.message ?? error}`;
    return { kind: "invalid", action: null, decision: { decision: "deny", allow: false, reasons: [{ code: "oap.evaluator_error", message }] } };
  }
}

async function record(options: GuardOptions, event: DecisionEvent): Promise<void> {
  const sinks = options.onDecision ? [options.onDecision, ...(options.audit ?? [])] : options.audit ?? [];
  for (const sink of sinks) {
    try {
      await sink(event);
    } catch (error) {
      console.warn(`portcullis: failed to record guardrail event: ${(error as Error)?.message ?? error}`);
    }
  }
}

const now: () => number =
  typeof performance !== "undefined" && typeof performance.now === "function" ? () => performance.now() : () => Date.now();
