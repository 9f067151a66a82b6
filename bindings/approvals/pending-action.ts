/**
 * @module
 * The pending action: what an `ask` decision leaves behind for a human, and
 * every state it can reach. Records are plain JSON so each store keeps them
 * as one text value; times are ISO 8601 strings in UTC.
 *
 *   pending ──approve──▶ approved ──retry (once)──▶ consumed
 *      │                    └──valid_until passed──▶ expired
 *      ├──reject──▶ rejected   (stays rejected)
 *      └──expires_at passed──▶ expired (timeout; never approvable)
 */

import type { GuardrailRequest, Reason } from "../core/decision.ts";
import type { RuleScope } from "./digest.ts";

export type ActionStatus = "pending" | "approved" | "rejected" | "expired" | "consumed";
export const ACTION_STATUSES: readonly ActionStatus[] = ["pending", "approved", "rejected", "expired", "consumed"];

/** `once` (default) is bound to the call's agent and thread; the others create an "always allow" rule. */
export type ApprovalScope = "once" | RuleScope;
export const APPROVAL_SCOPES: readonly ApprovalScope[] = ["once", "thread", "agent", "policy"];

/** How a decided action may be used: a single retry, any retry until `valid_until`, a rule, or not at all. */
export type ResolutionKind = "once" | "window" | "rule" | "reject";

export interface Resolution {
  kind: ResolutionKind;
  scope: ApprovalScope | null;
  decided_at: string;
  /** The approver's name from the API token, or what the library caller passed. */
  decided_by: string | null;
  /** Until when a `once` or `window` approval may be used. */
  valid_until: string | null;
  /** The rejection text the model sees. */
  message: string | null;
  /** Arguments the human edited; the agent must call again with exactly these. */
  updated_input: Record<string, unknown> | null;
  updated_digest: string | null;
  rule_key: string | null;
  signature: string;
}

export interface PendingAction {
  id: string;
  status: ActionStatus;
  tool_name: string;
  /** SHA-256 of the RFC 8785 canonical `request.tool_input`. */
  args_digest: string;
  /** SHA-256 of the canonical `request.context` (null when absent): an approval holds only in the same context. */
  context_digest: string;
  agent_id: string | null;
  thread_id: string | null;
  /** The request exactly as the agent sent it (the edit of an approval is judged in its context). */
  request: GuardrailRequest;
  /** SHA-256 of the canonical `request`, so no field of it can be changed in the store. */
  request_digest: string;
  reasons: Reason[];
  policy_id: string | null;
  /**
   * The rule that asked (a JSON pointer into the policy, or `builtin:<id>`); absent in records written before it
   * was kept. Signed when present.
   */
  rule?: string | null;
  created_at: string;
  expires_at: string;
  match_key: string;
  /** HMAC over the fields above. */
  signature: string;
  resolution: Resolution | null;
  consumed_at: string | null;
  expired_reason: "timeout" | "unused" | "window_ended" | null;
  /** The timeout was reported to the agent once; its next retry asks again. */
  timeout_reported: boolean;
}

/** An "always allow" rule: exact tool and argument digest, within a thread, an agent, or the whole policy. */
export interface ApprovalRule {
  key: string;
  tool_name: string;
  args_digest: string;
  context_digest: string;
  scope: RuleScope;
  scope_value: string | null;
  action_id: string;
  created_at: string;
  expires_at: string | null;
  decided_by: string | null;
  signature: string;
}

/** What the HTTP API and the page show: no signatures, no match keys, nothing the agent's context adds. */
export interface PublicAction {
  id: string;
  status: ActionStatus;
  tool_name: string;
  tool_input: Record<string, unknown>;
  args_digest: string;
  agent_id: string | null;
  thread_id: string | null;
  run_id: string | null;
  tool_call_id: string | null;
  reasons: Reason[];
  policy_id: string | null;
  /** The rule that asked, or null when the record does not name one. */
  rule: string | null;
  created_at: string;
  expires_at: string;
  decision: Omit<Resolution, "signature" | "rule_key" | "updated_digest"> | null;
  consumed_at: string | null;
  expired_reason: PendingAction["expired_reason"];
  /** False when the record fails its signature check: it cannot be approved. */
  verified: boolean;
}

export function toPublicAction(action: PendingAction, verified: boolean): PublicAction {
  const request = action.request;
  let decision: PublicAction["decision"] = null;
  if (action.resolution) {
    const { signature: _s, rule_key: _r, updated_digest: _u, ...visible } = action.resolution;
    decision = visible;
  }
  return {
    id: action.id,
    status: action.status,
    tool_name: action.tool_name,
    tool_input: request.tool_input,
    args_digest: action.args_digest,
    agent_id: action.agent_id,
    thread_id: action.thread_id,
    run_id: optionalText(request.run_id),
    tool_call_id: optionalText(request.tool_call_id),
    reasons: action.reasons,
    policy_id: action.policy_id,
    rule: action.rule ?? null,
    created_at: action.created_at,
    expires_at: action.expires_at,
    decision,
    consumed_at: action.consumed_at,
    expired_reason: action.expired_reason,
    verified,
  };
}

/** Ids are 128 random bits, so one cannot be guessed from another. */
export function newActionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let out = "act_";
  for (const b of bytes) out += b.toString(16).padStart(2, "0");
  return out;
}

const ACTION_ID = /^act_[0-9a-f]{32}$/;

export function isActionId(value: unknown): value is string {
  return typeof value === "string" && ACTION_ID.test(value);
}

/** Ids on the wire may be missing, null or (from loose callers) numbers; an approval compares them as text. */
export function optionalText(value: unknown): string | null {
  return value == null ? null : String(value);
}

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** True when `isoTime` is at or before `now`, or missing or unreadable: a time we cannot read has passed. */
export function isPast(isoTime: string | null | undefined, now: number): boolean {
  const time = isoTime == null ? Number.NaN : Date.parse(isoTime);
  return !(time > now);
}
