/**
 * @module
 * Decision events for hooks and audit logs. They carry who asked, what was
 * decided and why (reason codes), and how long it took — never the tool
 * arguments, which may hold secrets. Unlike DeerFlow's journal they also
 * leave out reason messages: a message names the offending command or URL,
 * so it would smuggle the arguments back in.
 */

import type { Decision, GuardrailRequest } from "../core/decision.ts";
import { softenedBy, wouldDecide } from "../enforcement/index.ts";

export type DecisionAction =
  | "allow_tool_call"
  | "deny_tool_call"
  | "ask_tool_call"
  | "allow_tool_call_after_provider_error"
  /** Not a decision: a candidate policy run in shadow (`guardrails.candidate`) decided this call differently. */
  | "candidate_differs";

export interface DecisionEvent {
  timestamp: string;
  action: DecisionAction;
  tool_name: string;
  tool_call_id: string | null;
  agent_id: string | null;
  thread_id: string | null;
  run_id: string | null;
  is_subagent: boolean;
  decision: Decision["decision"];
  allow: boolean;
  reason_codes: string[];
  /** The rule that decided (Decision.rule): a pointer into the policy or a built-in check's id. */
  rule: string | null;
  policy_id: string | null;
  /** The digest of the policy that decided (see Decision.policy_digest), when the guard knows it. */
  policy_digest: string | null;
  provider: string;
  fail_closed: boolean;
  provider_error: boolean;
  duration_ms: number;
  /** Only when an enforcement mode let the call through: the mode and what the policy decided. */
  enforcement?: "warn" | "shadow";
  would_decide?: "deny" | "ask";
  /** Only on `candidate_differs`: what the candidate decided (the event's own fields are the enforced decision). */
  candidate?: { decision: Decision["decision"]; reason_codes: string[]; rule: string | null };
}

export type AuditSink = (event: DecisionEvent) => void | Promise<void>;

export function buildDecisionEvent(
  request: GuardrailRequest,
  decision: Decision,
  info: { provider: string; failClosed: boolean; providerError: boolean; durationMs: number; policyDigest?: string },
): DecisionEvent {
  const action: DecisionAction = info.providerError && decision.allow
    ? "allow_tool_call_after_provider_error"
    : decision.decision === "allow" ? "allow_tool_call" : decision.decision === "ask" ? "ask_tool_call" : "deny_tool_call";
  const text = (v: unknown) => (v == null ? null : String(v));
  const event: DecisionEvent = {
    timestamp: new Date().toISOString(),
    action,
    tool_name: String(request.tool_name ?? ""),
    tool_call_id: text(request.tool_call_id),
    agent_id: text(request.agent_id),
    thread_id: text(request.thread_id),
    run_id: text(request.run_id),
    is_subagent: Boolean(request.is_subagent),
    decision: decision.decision,
    allow: decision.allow,
    reason_codes: decision.reasons.map((r) => r.code).filter(Boolean),
    rule: typeof decision.rule === "string" ? decision.rule : null,
    policy_id: decision.policy_id ?? null,
    policy_digest: info.policyDigest ?? null,
    provider: info.provider,
    fail_closed: info.failClosed,
    provider_error: info.providerError,
    duration_ms: Math.round(info.durationMs * 1000) / 1000,
  };
  const mode = softenedBy(decision);
  if (mode) {
    event.enforcement = mode;
    event.would_decide = wouldDecide(decision)!;
  }
  return event;
}

/** A sink that writes each event (decision or approval) as one JSON line through `write` (a file, a socket, stdout). */
export function jsonLinesSink<E extends object = DecisionEvent>(write: (line: string) => void | Promise<void>): (event: E) => void | Promise<void> {
  return (event) => write(JSON.stringify(event) + "\n");
}
