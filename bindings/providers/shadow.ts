/**
 * @module
 * A candidate policy judged beside the enforced one: the enforced provider's
 * decision is returned untouched, and every call where the candidate decides
 * differently (another decision, or other reason codes) is reported to
 * `onDifference`. The candidate never changes an outcome: its errors and its
 * usage charges stay out of the result, and a failing `onDifference` is
 * reported, not thrown.
 */

import { evaluateWithCharges, type ChargedDecision } from "./charged-decision.ts";
import { normalizeDecision, type Decision, type GuardrailRequest } from "../core/index.ts";
import { isGuardrailProvider, type GuardrailProvider } from "./types.ts";

/** One call the two policies judge differently. Carries the request: the host decides what to keep of it. */
export interface PolicyDifference {
  request: GuardrailRequest;
  enforced: Decision;
  candidate: Decision;
}

export interface ShadowConfig {
  /** The policy in force: its decisions are the ones returned. */
  enforced: GuardrailProvider;
  /** The policy being tried: judged on every call, never applied. */
  candidate: GuardrailProvider;
  onDifference: (difference: PolicyDifference) => void | Promise<void>;
}

/** The codes of a decision, in order: what two decisions are compared by besides the decision itself. */
export function reasonCodes(decision: Decision): string[] {
  return decision.reasons.map((r) => r.code);
}

/** Two decisions differ when the decision or the list of reason codes does (messages may quote the call and are not compared). */
export function decisionsDiffer(a: Decision, b: Decision): boolean {
  const codesA = reasonCodes(a);
  const codesB = reasonCodes(b);
  return a.decision !== b.decision || codesA.length !== codesB.length || codesA.some((code, i) => code !== codesB[i]);
}

export class ShadowProvider implements GuardrailProvider {
  readonly name: string;
  readonly enforced: GuardrailProvider;
  readonly candidate: GuardrailProvider;
  private readonly onDifference: ShadowConfig["onDifference"];

  constructor(config: ShadowConfig) {
    if (!isGuardrailProvider(config?.enforced)) throw new TypeError("ShadowProvider needs an `enforced` provider");
    if (!isGuardrailProvider(config.candidate)) throw new TypeError("ShadowProvider needs a `candidate` provider");
    if (typeof config.onDifference !== "function") throw new TypeError("ShadowProvider needs an `onDifference` function");
    this.enforced = config.enforced;
    this.candidate = config.candidate;
    this.onDifference = config.onDifference;
    this.name = config.enforced.name;
  }

  async evaluate(request: GuardrailRequest): Promise<Decision> {
    return (await this.evaluateWithCharges(request)).decision;
  }

  /** The enforced provider's decision and charges; the candidate's charges are never counted. */
  async evaluateWithCharges(request: GuardrailRequest): Promise<ChargedDecision> {
    const enforced = await evaluateWithCharges(this.enforced, request);
    let candidate: Decision;
    try {
      candidate = candidateDecision(this.candidate, await this.candidate.evaluate(request));
    } catch (error) {
      candidate = candidateError(error);
    }
    await this.compare(request, enforced.decision, candidate);
    return enforced;
  }

  private async compare(request: GuardrailRequest, enforcedValue: Decision, candidate: Decision): Promise<void> {
    const enforced = normalizeDecision(enforcedValue);
    if (!enforced || !decisionsDiffer(enforced, candidate)) return;
    try {
      await this.onDifference({ request, enforced, candidate });
    } catch (error) {
      console.warn(`portcullis: onDifference failed: ${(error as Error)?.message ?? error}`);
    }
  }
}

function candidateDecision(provider: GuardrailProvider, value: unknown): Decision {
  const decision = normalizeDecision(value);
  if (!decision) throw new TypeError(`candidate provider '${provider.name}' returned something that is not a decision`);
  // Only what is compared: the candidate's usage charges must never be reserved.
  return {
    decision: decision.decision, allow: decision.allow, reasons: decision.reasons,
    ...(decision.rule ? { rule: decision.rule } : {}), ...(decision.policy_id ? { policy_id: decision.policy_id } : {}),
  };
}

function candidateError(error: unknown): Decision {
  return { decision: "deny", allow: false, reasons: [{ code: "oap.evaluator_error", message: `candidate provider error: ${(error as Error)?.message ?? error}` }] };
}
