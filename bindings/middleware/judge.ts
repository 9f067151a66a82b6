/**
 * @module
 * judge(): the one path that decides a tool call. guardToolCall, Guard, the
 * HTTP API, the coding-agent hooks, the MCP proxy and the framework adapters
 * all call it, so every decision is reached, audited and counted the same way:
 *
 * 1. the request is copied once (getters read once: request-snapshot.ts),
 *    `agent_id` filled from `passport`;
 * 2. the provider decides (a throw or a non-decision follows the fail mode);
 *    its usage charges come back next to the decision, as plain data;
 * 3. an allowed call's charges are reserved in their stores (atomically
 *    re-checking the limits against calls judged at the same time);
 * 4. the decision event goes to the audit sinks (`onDecision`, `audit`);
 * 5. on ask, the approvals gate decides (an approval keeps the policy's
 *    obligations and charges);
 * 6. the judgement is final: `observers` see it;
 * 7. the usage is settled as the caller says: kept or released once the
 *    caller ran the call (settleJudgement), counted now (the call runs out
 *    of our sight), or released now (nothing will run).
 */

import { obligationsOf, type Decision, type GuardrailRequest } from "../core/index.ts";
import type { GuardrailProvider } from "../providers/types.ts";
import { evaluateWithCharges } from "../providers/index.ts";
import type { ApprovalGate, GateOutcome, WaitOptions } from "../approvals/index.ts";
import { markUsageLimited, isUsageLimited, reserveCharges, settleReservations, type BoundCharge, type Reservation } from "../usage/index.ts";
import { buildDecisionEvent, type AuditSink, type DecisionEvent } from "./audit.ts";
import { isControlFlowSignal } from "./control-flow.ts";
import { snapshotRequest } from "./request-snapshot.ts";
import type { WarningSink } from "./enforcement-warning.ts";
import { observeJudgement, type DecisionReceipt, type ProofOptions } from "../proof/index.ts";

/**
 * Rewrites the result of a tool that ran, before the agent sees it — e.g. the
 * `ToolResultSanitizer` of `portcullis/sanitize` (kept as an interface so the
 * default entry does not pull the sanitizer in).
 */
export interface ToolResultFilter {
  sanitizeToolResult<T>(request: GuardrailRequest, result: T): T;
}

export interface GuardOptions extends ProofOptions {
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
  /** Told every final judgement (after the approvals gate); errors in them are reported, never change the outcome. */
  observers?: JudgementObserver[];
  /** Where `ask` goes: pending actions a human approves or rejects. Without it, ask only pauses (pending: true). */
  approvals?: ApprovalGate;
  /** Hold the call until a human decides (or the action times out), then run or refuse it. Default: return at once. */
  waitForApproval?: boolean | WaitOptions;
  /** Applied to the result of every call that ran (untrusted-content sanitizing). */
  sanitizer?: ToolResultFilter;
  /** Called for every call that ran only because the policy is in `warn` mode (string results also carry the warning). */
  onWarning?: WarningSink;
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
   * What the call costs against its usage limits, bound to the stores that
   * count it: plain data beside the decision (spreading or serialising the
   * decision cannot lose it). Empty for a deny and for calls without limits.
   */
  charges: BoundCharge[];
  /**
   * The charges reserved for an allowed call and not yet settled. With the
   * default `usage: "after-run"` whoever runs the call must settle them
   * (settleJudgement); the other modes settle before judge() returns.
   */
  reserved: Reservation[];
  /** The signed receipt of `decision`, when receipts are on. */
  receipt?: DecisionReceipt;
}

/** A final judgement and the decision event the audit sinks got for it. */
export interface FinalJudgement extends Judgement {
  event: DecisionEvent;
}

/** Sees each final judgement, e.g. to sign a receipt or export a trace. It may read the charges; it must not change them. */
export type JudgementObserver = (judgement: Readonly<FinalJudgement>) => void | Promise<void>;

export interface JudgeMode {
  /**
   * When an allowed call's usage counts. "after-run" (default): the caller
   * runs the call and then settles (settleJudgement). "count": now — the
   * call runs out of our sight (the HTTP API, coding-agent hooks). "release":
   * never — nothing will run (a dry run, re-judging an edited call).
   */
  usage?: "after-run" | "count" | "release";
  /** False: a probe nobody acts on (a tool list filter, a pause check): no audit event, no observers. Default true. */
  record?: boolean;
  /** False: `options.approvals` is not consulted, an ask stays an ask (nothing pending is created). Default true. */
  approvals?: boolean;
  /**
   * False: an integer past 2^53 is judged by the provider as JSON carries it
   * instead of refused with `oap.invalid_context` (the refusal keeps an
   * approval from covering other spellings of the number). Only with
   * `approvals: false`; Guard.evaluate uses it to answer as the policy does.
   */
  exactIntegers?: boolean;
}

/** Keep (the call ran) or release what judging the call reserved; a second settle does nothing. */
export async function settleJudgement(judgement: Judgement, ran: boolean): Promise<void> {
  const reserved = judgement.reserved;
  judgement.reserved = [];
  await settleReservations(reserved, ran);
}

/** Decide one call without running it (see the module comment for the steps). */
export async function judge(request: GuardrailRequest, options: GuardOptions, mode: JudgeMode = {}): Promise<Judgement> {
  const failClosed = options.failClosed ?? true;
  const isControlFlow = options.isControlFlow ?? isControlFlowSignal;
  const recording = mode.record ?? true;
  // Judged, gated and reported from one plain copy: getters are read once (request-snapshot.ts).
  const snapshot = snapshotRequest(request, mode.exactIntegers !== false || mode.approvals !== false);
  if (!snapshot.ok) {
    const unreadable: GuardrailRequest = { tool_name: "unknown_tool", tool_input: {} };
    const judgement: Judgement = { request: unreadable, decision: snapshot.decision, outcome: null, charges: [], reserved: [] };
    judgement.decision = withDigest(judgement.decision, options.policyDigest);
    const event = buildDecisionEvent(unreadable, snapshot.decision, { provider: options.provider.name, failClosed, providerError: false, durationMs: 0, policyDigest: options.policyDigest });
    if (!recording) return judgement;
    await recordDecision(options, event);
    const observed = await prove(options, judgement, { provider: options.provider.name, providerError: false, durationMs: 0, release: async () => {} });
    await observeFinal(options, { ...observed, event });
    return observed;
  }
  const copy = snapshot.request;
  const req: GuardrailRequest =
    options.passport !== undefined && copy.agent_id == null ? { ...copy, agent_id: options.passport } : copy;

  const started = now();
  let decision: Decision;
  let charges: BoundCharge[] = [];
  let providerError = false;
  try {
    ({ decision, charges } = await evaluateWithCharges(options.provider, req));
    if (options.policyDigest !== undefined) decision.policy_digest = options.policyDigest; // normalised: our own copy
  } catch (error) {
    if (isControlFlow(error)) throw error;
    providerError = true;
    decision = errorDecision("guardrail provider error", failClosed, error);
  }
  if (decision.decision === "deny") charges = [];
  let reserved: Reservation[] = [];
  if (decision.allow && !providerError) {
    const usage = await reserve(decision, charges, failClosed, isControlFlow);
    decision = usage.decision;
    reserved = usage.reserved;
    providerError = usage.storeError;
  }
  const event = buildDecisionEvent(req, decision, { provider: options.provider.name, failClosed, providerError, durationMs: now() - started, policyDigest: options.policyDigest });
  if (recording) await recordDecision(options, event);

  let outcome: GateOutcome | null = null;
  if (decision.decision === "ask" && options.approvals && mode.approvals !== false) {
    const asked = decision;
    outcome = await consultGate(options.approvals, req, asked, options.waitForApproval);
    decision = outcome.decision;
    if (decision.allow) {
      // An approval replaces the policy's decision; the limits the policy obliged and the usage it charges still hold.
      decision = carryObligations(asked, decision);
      if (isUsageLimited(asked)) decision = markUsageLimited(decision);
      const usage = await reserve(decision, charges, failClosed, isControlFlow);
      decision = usage.decision;
      reserved = usage.reserved;
    }
  }
  if (!decision.allow && decision.decision !== "ask") charges = [];
  let judgement: Judgement = { request: req, decision: withDigest(decision, options.policyDigest), outcome, charges, reserved };
  if (recording) {
    // Signed and traced before observers and the caller see it: a receipt that cannot be made denies the call.
    const signed = judgement;
    judgement = await prove(options, signed, { provider: options.provider.name, providerError, durationMs: event.duration_ms, release: () => settleJudgement(signed, false) });
    await observeFinal(options, { ...judgement, event });
  }
  const settle = mode.usage ?? "after-run";
  if (settle !== "after-run") await settleJudgement(judgement, settle === "count");
  return judgement;
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
  charges: BoundCharge[],
  failClosed: boolean,
  isControlFlow: (error: unknown) => boolean,
): Promise<{ decision: Decision; reserved: Reservation[]; storeError: boolean }> {
  try {
    const outcome = await reserveCharges(decision, charges);
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

/** The audit record of a decision: the one place decision events are written. */
async function recordDecision(options: GuardOptions, event: DecisionEvent): Promise<void> {
  const sinks = options.onDecision ? [options.onDecision, ...(options.audit ?? [])] : options.audit ?? [];
  for (const sink of sinks) {
    try {
      await sink(event);
    } catch (error) {
      console.warn(`portcullis: failed to record guardrail event: ${(error as Error)?.message ?? error}`);
    }
  }
}

/** The judgement signed and traced when receipts or a tracer are configured; as it is otherwise. */
function prove(options: GuardOptions, judgement: Judgement, facts: Parameters<NonNullable<ReturnType<typeof observeJudgement>>["finish"]>[1]): Promise<Judgement> {
  const observation = observeJudgement(options);
  return observation ? observation.finish(judgement, facts) : Promise.resolve(judgement);
}

/** Where a judgement is final: the one place observers are told. */
async function observeFinal(options: GuardOptions, judgement: FinalJudgement): Promise<void> {
  for (const observer of options.observers ?? []) {
    try {
      await observer(judgement);
    } catch (error) {
      console.warn(`portcullis: a judgement observer failed: ${(error as Error)?.message ?? error}`);
    }
  }
}

const now: () => number =
  typeof performance !== "undefined" && typeof performance.now === "function" ? () => performance.now() : () => Date.now();
