/**
 * @module
 * The provider protocol: structural, like DeerFlow's runtime-checkable
 * GuardrailProvider. Any object with a `name` and an `evaluate` is one.
 */

import type { Decision, GuardrailRequest } from "../core/decision.ts";
import type { ChargedDecision } from "./charged-decision.ts";

export interface GuardrailProvider {
  readonly name: string;
  evaluate(request: GuardrailRequest): Decision | Promise<Decision>;
  /** Optional synchronous fast path for hot loops. */
  evaluateSync?(request: GuardrailRequest): Decision;
  /**
   * The decision and the usage charges an allowed or asked call must record
   * (rate limits, daily caps, idempotency). A provider with usage limits
   * implements it; a provider that wraps one must forward it, or its
   * usage-limited allows are refused (they could not be counted).
   */
  evaluateWithCharges?(request: GuardrailRequest): ChargedDecision | Promise<ChargedDecision>;
}

export function isGuardrailProvider(value: unknown): value is GuardrailProvider {
  return (
    value !== null &&
    typeof value === "object" &&
    typeof (value as GuardrailProvider).name === "string" &&
    typeof (value as GuardrailProvider).evaluate === "function"
  );
}

/** Epoch milliseconds; injectable so decisions are reproducible. */
export type Clock = () => number;
