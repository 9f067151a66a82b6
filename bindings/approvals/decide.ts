/**
 * @module
 * A human's decision on a pending action: approve (once, for a window, or
 * as an "always allow" rule, optionally with edited arguments), reject, or
 * the clock's: timeout. Each is one compare-and-set on the status, so a
 * decision can be taken once, an expired action can never be approved and
 * a rejected one stays rejected.
 */

import { normalizeDecision, type Decision, type GuardrailRequest } from "../core/index.ts";
import { ApprovalError } from "./approval-error.ts";
import { argsDigest, matchKey, ruleKey } from "./digest.ts";
import type { GateContext } from "./gate-context.ts";
import { checkAction, resolutionClaims, ruleClaims } from "./integrity.ts";
import {
  APPROVAL_SCOPES, iso, isActionId, isPast,
  type ApprovalRule, type ApprovalScope, type PendingAction, type Resolution,
} from "./pending-action.ts";

export interface ApproveInput {
  /** `once` (default): this call, this agent and thread. `thread`, `agent`, `policy`: an "always allow" rule. */
  scope?: ApprovalScope;
  /** With `once`: the same call is allowed again and again for this long. With a rule: the rule's lifetime. */
  ttlSeconds?: number;
  /** Replacement arguments (same tool). The policy judges them again; a deny refuses the approval. */
  updatedInput?: Record<string, unknown>;
  decidedBy?: string | null;
}

export interface RejectInput {
  /** What the model reads; keep it short (at most 2000 characters). */
  message?: string;
  decidedBy?: string | null;
}

/** Judges an edited call: the same policy the agent's calls go through. */
export type Reevaluate = (request: GuardrailRequest) => Decision | Promise<Decision>;

export const MAX_REJECT_MESSAGE = 2000;
const MAX_APPROVER_NAME = 200;

export async function approveAction(ctx: GateContext, id: string, input: ApproveInput, reevaluate?: Reevaluate): Promise<PendingAction> {
  const scope = input.scope ?? "once";
  if (!APPROVAL_SCOPES.includes(scope)) throw new ApprovalError("invalid_request", `scope must be one of ${APPROVAL_SCOPES.join(", ")}`);
  const ttl = input.ttlSeconds;
  if (ttl !== undefined && (!Number.isInteger(ttl) || ttl < 1 || ttl * 1000 > ctx.maxWindowMs)) {
    throw new ApprovalError("invalid_request", `ttl_seconds must be a whole number from 1 to ${ctx.maxWindowMs / 1000}`);
  }
  const decidedBy = approverName(input.decidedBy);
  const action = await decidable(ctx, id);
  if (scope === "thread" && action.thread_id === null) throw new ApprovalError("invalid_request", "scope 'thread' needs an action that has a thread_id");
  if (scope === "agent" && action.agent_id === null) throw new ApprovalError("invalid_request", "scope 'agent' needs an action that has an agent_id");

  const edit = await judgeEdit(action, input.updatedInput, reevaluate);
  const now = ctx.clock();
  const digest = edit?.digest ?? action.args_digest;
  let rule: ApprovalRule | null = null;
  if (scope !== "once") {
    const scopeValue = scope === "thread" ? action.thread_id : scope === "agent" ? action.agent_id : null;
    const unsigned: Omit<ApprovalRule, "signature"> = {
      key: await ruleKey(action.tool_name, digest, action.context_digest, scope, scopeValue),
      tool_name: action.tool_name,
      args_digest: digest,
      context_digest: action.context_digest,
      scope,
      scope_value: scopeValue,
      action_id: action.id,
      created_at: iso(now),
      expires_at: ttl === undefined ? null : iso(now + ttl * 1000),
      decided_by: decidedBy,
    };
    rule = { ...unsigned, signature: await ctx.signer.sign(ruleClaims(unsigned)) };
  }
  const kind = rule ? "rule" : ttl !== undefined ? "window" : "once";
  const unsigned: Omit<Resolution, "signature"> = {
    kind,
    scope,
    decided_at: iso(now),
    decided_by: decidedBy,
    valid_until: kind === "rule" ? null : iso(now + (ttl !== undefined ? ttl * 1000 : ctx.approvalTtlMs)),
    message: null,
    updated_input: edit?.input ?? null,
    updated_digest: edit?.digest ?? null,
    rule_key: rule?.key ?? null,
  };
  const resolution: Resolution = { ...unsigned, signature: await ctx.signer.sign(resolutionClaims(action.id, unsigned)) };
  const next: PendingAction = { ...action, status: "approved", resolution };
  if (!(await ctx.swap(action, next))) throw new ApprovalError("conflict", `action ${id} was decided by someone else meanwhile`);

  if (rule) await ctx.store.putRule(rule);
  if (edit) {
    const edited = {
      tool_name: action.tool_name, args_digest: edit.digest, context_digest: action.context_digest, agent_id: action.agent_id, thread_id: action.thread_id,
    };
    await ctx.store.linkMatch(await matchKey(edited), action.id);
    await ctx.emit("approval_edited", { action }, { updated_digest: edit.digest, decided_by: decidedBy });
  }
  await ctx.emit("approval_granted", { action }, { approval_kind: kind, scope, decided_by: decidedBy, updated_digest: edit?.digest ?? null });
  return next;
}

export async function rejectAction(ctx: GateContext, id: string, input: RejectInput): Promise<PendingAction> {
  const message = input.message ?? "";
  if (typeof message !== "string" || message.length > MAX_REJECT_MESSAGE) {
    throw new ApprovalError("invalid_request", `message must be a string of at most ${MAX_REJECT_MESSAGE} characters`);
  }
  const decidedBy = approverName(input.decidedBy);
  const action = await decidable(ctx, id);
  const now = ctx.clock();
  const unsigned: Omit<Resolution, "signature"> = {
    kind: "reject",
    scope: null,
    decided_at: iso(now),
    decided_by: decidedBy,
    valid_until: null,
    message: message || null,
    updated_input: null,
    updated_digest: null,
    rule_key: null,
  };
  const resolution: Resolution = { ...unsigned, signature: await ctx.signer.sign(resolutionClaims(action.id, unsigned)) };
  const next: PendingAction = { ...action, status: "rejected", resolution };
  if (!(await ctx.swap(action, next))) throw new ApprovalError("conflict", `action ${id} was decided by someone else meanwhile`);
  await ctx.emit("approval_rejected", { action }, { decided_by: decidedBy });
  return next;
}

/**
 * Move every overdue pending action to `expired` (a timeout) and every stale approval out of use, then
 * purge old records. The store's due index hands over only what is due, a page at a time, so a sweep costs
 * what it changes, not what is stored.
 */
export async function expireDue(ctx: GateContext): Promise<number> {
  const now = ctx.clock();
  let count = 0;
  for (let page = 0; page < 100; page++) {
    const due = await ctx.store.due(now, 500);
    let changed = 0;
    for (const action of due) if (await retire(ctx, action, now)) changed++;
    count += changed;
    if (due.length < 500 || changed === 0) break;
  }
  await ctx.store.purge(now - ctx.retentionMs);
  return count;
}

async function retire(ctx: GateContext, action: PendingAction, now: number): Promise<boolean> {
  if (action.status === "pending") return expireIfOverdue(ctx, action, now);
  const r = action.resolution;
  if (action.status !== "approved" || !r || r.kind === "rule" || !isPast(r.valid_until, now)) return false;
  const reason = r.kind === "window" ? "window_ended" : "unused";
  if (!(await ctx.swap(action, { ...action, status: "expired", expired_reason: reason }))) return false;
  await ctx.emit("approval_expired", { action }, { approval_kind: r.kind, detail: reason });
  return true;
}

/** A pending action past its expiry becomes a timeout; true when this call made it so. */
export async function expireIfOverdue(ctx: GateContext, action: PendingAction, now: number): Promise<boolean> {
  if (action.status !== "pending" || !isPast(action.expires_at, now)) return false;
  if (!(await ctx.swap(action, { ...action, status: "expired", expired_reason: "timeout" }))) return false;
  await ctx.emit("approval_timeout", { action });
  return true;
}

/** The action, sound and still pending; anything else is an ApprovalError. */
async function decidable(ctx: GateContext, id: string): Promise<PendingAction> {
  const action = isActionId(id) ? await ctx.store.get(id) : null;
  if (!action) throw new ApprovalError("not_found", `no action ${id}`);
  const problem = await checkAction(ctx.signer, action);
  if (problem) {
    await ctx.emit("approval_invalid", { action }, { detail: problem });
    throw new ApprovalError("tampered", `action ${id} failed its integrity check (${problem}); it cannot be decided`);
  }
  if (action.status !== "pending") throw new ApprovalError("conflict", `action ${id} is ${action.status}, not pending`);
  const now = ctx.clock();
  if (isPast(action.expires_at, now)) {
    await expireIfOverdue(ctx, action, now);
    throw new ApprovalError("expired", `action ${id} timed out at ${action.expires_at}; it can no longer be decided`);
  }
  return action;
}

/** Edited arguments: same tool, judged again by the policy. A deny (or a failing policy) refuses the approval. */
async function judgeEdit(
  action: PendingAction,
  updatedInput: unknown,
  reevaluate: Reevaluate | undefined,
): Promise<{ input: Record<string, unknown>; digest: string } | null> {
  if (updatedInput === undefined) return null;
  if (updatedInput === null || typeof updatedInput !== "object" || Array.isArray(updatedInput)) {
    throw new ApprovalError("invalid_request", "updated_input must be a JSON object (the tool's arguments; the tool name cannot change)");
  }
  let digest: string;
  try {
    digest = await argsDigest(updatedInput);
  } catch (error) {
    throw new ApprovalError("invalid_request", `updated_input: ${(error as Error).message}`);
  }
  if (digest === action.args_digest) return null;
  if (!reevaluate) throw new ApprovalError("invalid_request", "edited arguments must be judged by the policy, and no policy was given");
  const request: GuardrailRequest = { ...action.request, tool_input: updatedInput as Record<string, unknown> };
  let decision: Decision | null;
  try {
    decision = normalizeDecision(await reevaluate(request));
  } catch {
    decision = null;
  }
  if (!decision) {
    const failed: Decision = { decision: "deny", allow: false, reasons: [{ code: "oap.evaluator_error", message: "the policy failed on the edited call" }] };
    throw new ApprovalError("edit_denied", "the policy could not judge the edited arguments, so they are not approved", failed);
  }
  if (decision.decision === "deny") {
    throw new ApprovalError("edit_denied", "the policy denies the edited arguments; approve the original call or reject it", decision);
  }
  return { input: JSON.parse(JSON.stringify(updatedInput)), digest };
}

function approverName(value: unknown): string | null {
  if (value == null) return null;
  if (typeof value !== "string" || value.length > MAX_APPROVER_NAME) {
    throw new ApprovalError("invalid_request", `the approver's name must be a string of at most ${MAX_APPROVER_NAME} characters`);
  }
  return value;
}
