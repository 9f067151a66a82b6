/**
 * @module
 * Enforcement modes: how a policy's decision is applied. `enforce` (the
 * default) applies it; `warn` and `shadow` let a call the policy would deny
 * or pause run anyway, recording what the policy would have decided
 * (`metadata.would_decide`, reasons kept) so a new rule can be watched
 * before it bites. `warn` also tells the agent and host (guardToolCall).
 *
 * Only the rules a policy author wrote are softened. Malformed requests,
 * evaluator failures, passport state (status, version, expiry), the built-in
 * catastrophic-command and unparseable-command checks and the analysis work
 * budget are not policy choices a rollout tests, so they stay enforced in
 * every mode; so does a decision without reason codes (nothing says why).
 */

import type { Decision } from "../core/index.ts";

export type EnforcementMode = "enforce" | "warn" | "shadow";

export const ENFORCEMENT_MODES: readonly EnforcementMode[] = ["enforce", "warn", "shadow"];

/** Codes that are never softened: they are not a rule's verdict on the call (see the module comment). */
export const ALWAYS_ENFORCED_CODES: ReadonlySet<string> = new Set([
  "oap.invalid_context",
  "oap.evaluator_error",
  "oap.policy_error",
  "oap.passport_suspended",
  "oap.passport_version_mismatch",
  "oap.passport_expired",
  "oap.work_budget_exceeded",
  "oap.dangerous_operation",
  "oap.command_injection_detected",
  "oap.invalid_url",
  "oap.invalid_server_url",
  "oap.invalid_tool_name",
  "oap.idempotency_conflict",
]);

export function isEnforcementMode(value: unknown): value is EnforcementMode {
  return value === "enforce" || value === "warn" || value === "shadow";
}

/** Can a mode soften this decision? Only a deny or ask whose every reason is a policy rule's. */
export function isSoftenable(decision: Decision): boolean {
  if (decision.decision === "allow" || decision.reasons.length === 0) return false;
  return decision.reasons.every((r) => r.code !== "" && !ALWAYS_ENFORCED_CODES.has(r.code));
}

/**
 * The decision as `mode` applies it. `enforce`, an allow, or a decision that
 * is not softenable come back unchanged; otherwise the call is allowed with
 * `metadata.enforcement` (the mode) and `metadata.would_decide` (what the
 * policy decided), and the policy's reasons. Obligations travel on, and the
 * charges a provider returns beside the decision are left as they are, so a
 * softened call is counted and time-limited like any other.
 */
export function applyEnforcement(decision: Decision, mode: EnforcementMode): Decision {
  if (mode === "enforce" || !isSoftenable(decision)) return decision;
  return {
    ...decision,
    decision: "allow",
    allow: true,
    metadata: { ...(decision.metadata ?? {}), enforcement: mode, would_decide: decision.decision },
  };
}

/** What a softened decision would have been (`deny` or `ask`), or null when the decision was applied as is. */
export function wouldDecide(decision: Decision): "deny" | "ask" | null {
  const would = decision.metadata?.would_decide;
  return decision.allow && (would === "deny" || would === "ask") ? would : null;
}

/** The mode that softened a decision, or null. */
export function softenedBy(decision: Decision): "warn" | "shadow" | null {
  const mode = decision.metadata?.enforcement;
  return wouldDecide(decision) !== null && (mode === "warn" || mode === "shadow") ? mode : null;
}

/** The warning an agent or host is shown for a call `warn` let through. */
export function warningText(toolName: string, decision: Decision): string {
  const reason = decision.reasons[0];
  const would = wouldDecide(decision) === "ask" ? "needs human approval" : "would be blocked";
  return `Guardrail warning: tool '${toolName}' ran, but the policy being rolled out says it ${would} (${reason?.code ?? "oap.denied"}): ${reason?.message ?? ""}`;
}
