/**
 * @module
 * Several providers speaking about one call: deny beats ask beats allow.
 * The first deny ends the evaluation (later providers cannot undo it).
 */

import { normalizeDecision, type Decision, type GuardrailRequest } from "../core/decision.ts";
import { isGuardrailProvider, type GuardrailProvider } from "./types.ts";

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
    let result: Decision | null = null;
    for (const provider of this.providers) {
      const decision = checked(provider, await provider.evaluate(request));
      if (decision.decision === "deny") return decision;
      if (!result || (decision.decision === "ask" && result.decision === "allow")) result = decision;
    }
    return result!;
  }

  evaluateSync(request: GuardrailRequest): Decision {
    let result: Decision | null = null;
    for (const provider of this.providers) {
      if (!provider.evaluateSync) throw new TypeError(`provider '${provider.name}' has no synchronous evaluateSync()`);
      const decision = checked(provider, provider.evaluateSync(request));
      if (decision.decision === "deny") return decision;
      if (!result || (decision.decision === "ask" && result.decision === "allow")) result = decision;
    }
    return result!;
  }
}

/** A sub-provider that returns garbage is a provider error, not an allow. */
function checked(provider: GuardrailProvider, value: unknown): Decision {
  const decision = normalizeDecision(value);
  if (!decision) throw new TypeError(`provider '${provider.name}' returned something that is not a decision`);
  return decision;
}
