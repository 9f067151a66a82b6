/**
 * @module
 * Audit events for the approval flow: one per ask, approve, edit, reject,
 * timeout, expiry, consume and failed integrity check. Like decision events
 * they carry ids, digests and codes, never the tool arguments, the edited
 * arguments, reason messages or the rejection text (all of which may quote
 * secrets).
 */

import type { PendingAction, ResolutionKind } from "./pending-action.ts";

export type ApprovalEventAction =
  | "approval_requested"
  | "approval_granted"
  | "approval_edited"
  | "approval_rejected"
  | "approval_timeout"
  | "approval_expired"
  | "approval_consumed"
  | "approval_invalid";

export interface ApprovalEvent {
  timestamp: string;
  action: ApprovalEventAction;
  action_id: string | null;
  tool_name: string;
  tool_call_id: string | null;
  agent_id: string | null;
  thread_id: string | null;
  run_id: string | null;
  args_digest: string | null;
  /** For granted, consumed and edited events: once, window, rule. */
  approval_kind: ResolutionKind | null;
  scope: string | null;
  decided_by: string | null;
  updated_digest: string | null;
  reason_codes: string[];
  /** For approval_invalid: which check failed (never data from the record). */
  detail: string | null;
}

export type ApprovalAuditSink = (event: ApprovalEvent) => void | Promise<void>;

/** The call a request made, for events about calls that have no usable action. */
export interface EventCall {
  tool_name: string;
  args_digest: string | null;
  agent_id: string | null;
  thread_id: string | null;
  run_id: string | null;
  tool_call_id: string | null;
}

export function buildApprovalEvent(
  action: ApprovalEventAction,
  now: number,
  subject: { action?: PendingAction | null; call?: EventCall },
  extra: Partial<Pick<ApprovalEvent, "action_id" | "approval_kind" | "scope" | "decided_by" | "updated_digest" | "detail">> = {},
): ApprovalEvent {
  // The record may be one that failed its integrity check: read it defensively.
  const record = (subject.action ?? null) as Partial<PendingAction> | null;
  const call = subject.call;
  const text = (v: unknown) => (v == null ? null : String(v));
  const reasons = Array.isArray(record?.reasons) ? record.reasons : [];
  return {
    timestamp: new Date(now).toISOString(),
    action,
    action_id: extra.action_id ?? text(record?.id),
    tool_name: call?.tool_name ?? String(record?.tool_name ?? ""),
    tool_call_id: call ? call.tool_call_id : text(record?.request?.tool_call_id),
    agent_id: call ? call.agent_id : text(record?.agent_id),
    thread_id: call ? call.thread_id : text(record?.thread_id),
    run_id: call ? call.run_id : text(record?.request?.run_id),
    args_digest: call?.args_digest ?? text(record?.args_digest),
    approval_kind: extra.approval_kind ?? null,
    scope: extra.scope ?? null,
    decided_by: extra.decided_by ?? null,
    updated_digest: extra.updated_digest ?? null,
    reason_codes: reasons.map((r) => String(r?.code ?? "")).filter(Boolean),
    detail: extra.detail ?? null,
  };
}
