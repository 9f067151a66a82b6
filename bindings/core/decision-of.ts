/**
 * @module
 * The Decision object a core decision header becomes (evaluator.ts reads the header). Built whole, as one object
 * literal per set of keys: a property added afterwards (or a spread) cost a map transition and a new backing store
 * per call, and gave every caller's property loads one more shape to tell apart. Every literal is shallow (its
 * nested objects and arrays built first, into locals): V8 clones a shallow literal inline, while a nested one goes
 * through the runtime and walks its allocation site (measured: ~1,000 instructions a decision).
 */

import type { Decision, DecisionKind, Obligation, Reason } from "./decision.ts";

// Kind 3 ("needs usage") is not a decision: until the counters are passed it reads as a deny.
const KINDS: DecisionKind[] = ["allow", "deny", "ask", "deny"];

/** A decision header's fields, its ids already resolved to their strings ("" where the core set none). */
export interface DecisionFields {
  kindId: number;
  code: string;
  message: string;
  rule: string;
  policyId: string;
  capability: string;
  /** Header bytes 24-27: 0 none, 1 max_execution_time, 2 max_export_rows; any other kind denies. */
  obligationKind: number;
  /** Header bytes 32-39: the obligation's seconds or rows. */
  obligationValue: number;
}

/**
 * Keys in this order: decision, allow, reasons, rule, policy_id, metadata { capability, obligations }. An empty
 * policy id or capability is left out, and so are obligations when the core reported none.
 */
export function decisionOf(fields: DecisionFields): Decision {
  const { obligationKind, rule, policyId, capability } = fields;
  const obligation = obligationKind === 0 ? null : obligationOf(obligationKind, fields.obligationValue);
  if (obligationKind !== 0 && obligation === null) {
    const reasons = [{ code: "oap.evaluator_error", message: `policy.wasm reported an unknown obligation kind ${obligationKind}` }];
    return shaped("deny", reasons, rule, policyId, capability, null);
  }
  const reason = { code: fields.code, message: fields.message };
  return shaped(KINDS[fields.kindId] ?? "deny", [reason], rule, policyId, capability, obligation);
}

function shaped(kind: DecisionKind, reasons: Reason[], rule: string, policyId: string, capability: string, obligation: Obligation | null): Decision {
  const allow = kind === "allow";
  if (policyId && capability) {
    let metadata: Decision["metadata"];
    if (obligation === null) metadata = { capability };
    else {
      const obligations = [obligation];
      metadata = { capability, obligations };
    }
    return { decision: kind, allow, reasons, rule, policy_id: policyId, metadata };
  }
  if (!policyId && !capability && obligation === null) return { decision: kind, allow, reasons, rule };
  // The rare sets of keys (a policy id without a capability, or the other way round) are not worth a literal each.
  const decision: Decision = { decision: kind, allow, reasons, rule };
  if (policyId) decision.policy_id = policyId;
  if (capability || obligation !== null) {
    const metadata: Record<string, unknown> = {};
    if (capability) metadata.capability = capability;
    if (obligation !== null) metadata.obligations = [obligation];
    decision.metadata = metadata;
  }
  return decision;
}

function obligationOf(kind: number, value: number): Obligation | null {
  if (kind === 1) return { type: "max_execution_time", seconds: value };
  if (kind === 2) return { type: "max_export_rows", rows: value };
  return null;
}
