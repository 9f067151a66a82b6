/**
 * @module
 * Several providers speaking about one call: deny beats ask beats allow.
 * The first deny ends the evaluation (later providers cannot undo it). The
 * usage charges of every provider that allowed travel with the result, so a
 * rate limit in the second provider is counted even when the first one's
 * decision is returned.
 */

import { normalizeDecision, type Decision, type GuardrailRequest } from "../core/index.ts";
import { isUsageLimited, markUsageLimited } from "../usage/index.ts";
import { isGuardrailProvider, type GuardrailProvider } from "./types.ts";
import { evaluateWithCharges, type ChargedDecision } from "./charged-decision.ts";

export interface CompositeConfig {
  providers: GuardrailProvider[];
}

export class CompositeProvider implements GuardrailProvider {
  readonly name = "composite";
  readonly providers: GuardrailProvider[];

  constructor(config: CompositeConfig) {
    const providers = config?.providers;
    if (!Array.isArray(providers) || providers.length === 0) {
      throw new TypeError("CompositeProvider needs a non-empty `providers` array");
    }
    providers.forEach((p, i) => {
      if (!isGuardrailProvider(p)) throw new TypeError(`CompositeProvider: providers[${i}] has no name and evaluate()`);
    });
    this.providers = providers;
  }

  async evaluate(request: GuardrailRequest): Promise<Decision> {
    return (await this.evaluateWithCharges(request)).decision;
  }

  async evaluateWithCharges(request: GuardrailRequest): Promise<ChargedDecision> {
    const judged: ChargedDecision[] = [];
    for (const provider of this.providers) {
      const one = await evaluateWithCharges(provider, request);
      if (one.decision.decision === "deny") return { decision: one.decision, charges: [] };
      judged.push(one);
    }
    return combine(judged);
  }

  evaluateSync(request: GuardrailRequest): Decision {
    const decisions: Decision[] = [];
    for (const provider of this.providers) {
      if (!provider.evaluateSync) throw new TypeError(`provider '${provider.name}' has no synchronous evaluateSync()`);
      const decision = checked(provider, provider.evaluateSync(request));
      if (decision.decision === "deny") return decision;
      decisions.push(decision);
    }
    return combine(decisions.map((decision) => ({ decision, charges: [] }))).decision;
  }
}

/** The first ask, else the first allow; with every provider's usage charges. */
function combine(judged: ChargedDecision[]): ChargedDecision {
  const result = (judged.find((j) => j.decision.decision === "ask") ?? judged[0]).decision;
  const charges = judged.flatMap((j) => j.charges);
  if (!judged.some((j) => isUsageLimited(j.decision))) return { decision: result, charges };
  return { decision: markUsageLimited(result), charges };
}

/** A sub-provider that returns garbage is a provider error, not an allow. */
function checked(provider: GuardrailProvider, value: unknown): Decision {
  const decision = normalizeDecision(value);
  if (!decision) throw new TypeError(`provider '${provider.name}' returned something that is not a decision`);
  return decision;
}
