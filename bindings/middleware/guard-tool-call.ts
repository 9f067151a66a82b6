/**
 * @module
 * guardToolCall: the framework-neutral middleware every adapter wraps.
 * Allow runs the tool; deny (and, until an approval store is attached, ask)
 * returns an error tool result the agent can read and adapt to; a provider
 * that throws denies with oap.evaluator_error unless fail-open was chosen.
 * Behaviour follows DeerFlow's GuardrailMiddleware (reference/deerflow.md §1.5).
 *
 * Usage (rate limits, daily caps, idempotency replay): an allowed call whose
 * decision carries usage charges is reserved in its UsageStore before it
 * runs (atomically re-checking the limits against calls judged at the same
 * time), kept once execute() resolves, and released if execute() throws — a
 * call counts only when it actually ran.
 */

import { normalizeDecision, type Decision, type GuardrailRequest } from "../core/decision.ts";
import type { GuardrailProvider } from "../providers/types.ts";
import { buildDecisionEvent, type AuditSink, type DecisionEvent } from "./audit.ts";
import { isControlFlowSignal } from "./control-flow.ts";
import { chargesOf, isUsageLimited, limitReason, type BoundCharge } from "../usage/charges.ts";

/** What the agent sees instead of the tool's output when the call did not run. */
export interface BlockedToolResult {
  status: "error";
  name: string;
  tool_call_id: string;
  content: string;
  decision: Decision;
  /** True for `ask`: the call waits for a human decision. */
  pending: boolean;
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

function approvalMessage(toolName: string, decision: Decision): string {
  const reason = decision.reasons[0];
  const code = reason?.code ?? "oap.approval_required";
  const text = reason?.message || "a human must approve this call";
  return `Guardrail paused: tool '${toolName}' needs human approval (${code}). Reason: ${text}. The call was not executed.`;
}

/**
 * Judge one tool call, then run it only if allowed. Returns the tool's own
 * result on allow, a BlockedToolResult otherwise.
 */
export async function guardToolCall<T>(
  request: GuardrailRequest,
  execute: () => T | Promise<T>,
  options: GuardOptions,
): Promise<T | BlockedToolResult> {
  const failClosed = options.failClosed ?? true;
  const isControlFlow = options.isControlFlow ?? isControlFlowSignal;
  const req: GuardrailRequest =
    options.passport !== undefined && request.agent_id == null ? { ...request, agent_id: options.passport } : request;

  const started = now();
  let decision: Decision;
  let providerError = false;
  try {
    const raw = await options.provider.evaluate(req);
    const normalized = normalizeDecision(raw);
    // Hardening beyond DeerFlow: a provider that returns a non-decision is a provider error.
    if (!normalized) throw new TypeError(`provider '${options.provider.name}' returned something that is not a decision`);
    decision = normalized;
  } catch (error) {
    if (isControlFlow(error)) throw error;
    providerError = true;
    decision = errorDecision("guardrail provider error", failClosed, error);
  }
  let reserved: Reserved[] = [];
  if (decision.allow && !providerError) {
    try {
      const outcome = await reserveAll(decision);
      if (Array.isArray(outcome)) reserved = outcome;
      else decision = outcome;
    } catch (error) {
      if (isControlFlow(error)) throw error;
      providerError = true;
      decision = errorDecision("usage store error", failClosed, error);
    }
  }
  const elapsed = now() - started;

  await record(options, buildDecisionEvent(req, decision, {
    provider: options.provider.name,
    failClosed,
    providerError,
    durationMs: elapsed,
  }));

  if (decision.allow) {
    if (reserved.length === 0) return execute();
    let result: T;
    try {
      result = await execute();
    } catch (error) {
      await settleAll(reserved, false);
      throw error;
    }
    await settleAll(reserved, true);
    return result;
  }
  const name = "tool_name" in request ? String(request.tool_name) : "unknown_tool";
  const id = "tool_call_id" in request ? String(request.tool_call_id) : "missing_id";
  const pending = decision.decision === "ask";
  return {
    status: "error",
    name,
    tool_call_id: id,
    content: pending ? approvalMessage(name, decision) : denialMessage(name, decision),
    decision,
    pending,
  };
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

interface Reserved {
  bound: BoundCharge;
  reservation: string;
}

/**
 * Reserve every charge of an allowed decision; on the first that would cross
 * a limit, release the others and return the deny. A usage-limited decision
 * without its charges (rebuilt from JSON somewhere) is refused: running it
 * would go uncounted.
 */
async function reserveAll(decision: Decision): Promise<Reserved[] | Decision> {
  const charges = chargesOf(decision);
  if (charges.length === 0) {
    if (!isUsageLimited(decision)) return [];
    return {
      decision: "deny",
      allow: false,
      reasons: [{ code: "oap.evaluator_error", message: "the call has usage limits, but its usage charge was lost on the way from the provider, so it could not be counted" }],
      policy_id: decision.policy_id,
    };
  }
  const reserved: Reserved[] = [];
  for (const bound of charges) {
    let result;
    try {
      result = await bound.store.reserve(bound.scope, bound.charge, bound.at);
    } catch (error) {
      await settleAll(reserved, false);
      throw error;
    }
    if (!result.ok) {
      await settleAll(reserved, false);
      const reason = limitReason(result.exceeded, bound.charge);
      const denied: Decision = { decision: "deny", allow: false, reasons: [reason] };
      if (decision.policy_id) denied.policy_id = decision.policy_id;
      return denied;
    }
    reserved.push({ bound, reservation: result.reservation });
  }
  return reserved;
}

/** Keep (ran) or release the reservations; a store that fails here is reported, never changes the outcome. */
async function settleAll(reserved: Reserved[], ran: boolean): Promise<void> {
  for (const { bound, reservation } of reserved) {
    try {
      await bound.store.settle(reservation, ran);
    } catch (error) {
      console.warn(`portcullis: failed to ${ran ? "record" : "release"} usage: ${(error as Error)?.message ?? error}`);
    }
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
