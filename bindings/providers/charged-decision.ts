/**
 * @module
 * A provider's decision together with the usage charges its call must
 * record, as plain data side by side. Providers with usage limits (the
 * passport) implement `evaluateWithCharges`; for any other provider the
 * charges are empty. judge() reads every provider through this one function.
 */

import { normalizeDecision, type Decision, type GuardrailRequest } from "../core/index.ts";
import type { BoundCharge } from "../usage/charges.ts";
import type { GuardrailProvider } from "./types.ts";

export interface ChargedDecision {
  decision: Decision;
  /** What the call costs against its limits, bound to the store that counts it ([] when nothing is counted). */
  charges: BoundCharge[];
}

/**
 * The provider's decision, normalised, and its charges. A provider that
 * returns something that is not a decision (or charges that are not a list)
 * throws: the caller treats that as a provider error, never as an allow.
 */
export async function evaluateWithCharges(provider: GuardrailProvider, request: GuardrailRequest): Promise<ChargedDecision> {
  if (typeof provider.evaluateWithCharges !== "function") return { decision: checked(provider, await provider.evaluate(request)), charges: [] };
  const result = await provider.evaluateWithCharges(request);
  if (result === null || typeof result !== "object" || !Array.isArray(result.charges)) {
    throw new TypeError(`provider '${provider.name}' returned no {decision, charges} from evaluateWithCharges()`);
  }
  return { decision: checked(provider, result.decision), charges: [...result.charges] };
}

function checked(provider: GuardrailProvider, value: unknown): Decision {
  const decision = normalizeDecision(value);
  // Hardening beyond DeerFlow: a provider that returns a non-decision is a provider error.
  if (!decision) throw new TypeError(`provider '${provider.name}' returned something that is not a decision`);
  return decision;
}
