/**
 * @module
 * `guardrails.candidate`: a candidate passport run in shadow beside the policy in force. Every call is judged
 * by both; the enforced decision is the one returned (ShadowProvider), and each call the candidate decides
 * differently is reported — to `onDifference` when the loader is given one, else to the guard's audit sinks as a
 * `candidate_differs` event (the enforced decision's fields, and the candidate's decision, codes and rule; never
 * the arguments).
 */

import type { GuardrailRequest } from "../core/index.ts";
import { buildDecisionEvent, type AuditSink } from "../middleware/index.ts";
import { ShadowProvider, type GuardrailProvider, type PolicyDifference } from "../providers/index.ts";

export type DifferenceSink = (difference: PolicyDifference) => void | Promise<void>;

/** Differences as audit events, one per differing call, to every sink (a failing sink is reported by the shadow). */
export function auditDifferences(sinks: readonly AuditSink[], provider: string, policyDigest: () => string): DifferenceSink {
  return async ({ request, enforced, candidate }) => {
    const event = buildDecisionEvent(request as GuardrailRequest, enforced, {
      provider, failClosed: true, providerError: false, durationMs: 0, policyDigest: policyDigest(),
    });
    event.action = "candidate_differs";
    event.candidate = {
      decision: candidate.decision,
      reason_codes: candidate.reasons.map((r) => r.code).filter(Boolean),
      rule: typeof candidate.rule === "string" ? candidate.rule : null,
    };
    await Promise.all(sinks.map((sink) => sink(event)));
  };
}

export function shadowCandidate(enforced: GuardrailProvider, candidate: GuardrailProvider, onDifference: DifferenceSink): ShadowProvider {
  return new ShadowProvider({ enforced, candidate, onDifference });
}
