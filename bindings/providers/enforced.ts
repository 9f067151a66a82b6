/**
 * @module
 * A whole provider under one enforcement mode (the config's
 * `guardrails.enforcement`): whatever provider judges — built-in, composite
 * or custom — `warn` and `shadow` soften its policy decisions afterwards.
 * Modes a passport sets itself are applied inside its provider first.
 */

import { normalizeDecision, type Decision, type GuardrailRequest } from "../core/index.ts";
import { evaluateWithCharges, type ChargedDecision } from "./charged-decision.ts";
import { applyEnforcement, isEnforcementMode, type EnforcementMode } from "../enforcement/index.ts";
import { isGuardrailProvider, type GuardrailProvider } from "./types.ts";

export interface EnforcedConfig {
  provider: GuardrailProvider;
  mode: EnforcementMode;
}

export class EnforcedProvider implements GuardrailProvider {
  readonly name: string;
  readonly provider: GuardrailProvider;
  readonly mode: EnforcementMode;

  constructor(config: EnforcedConfig) {
    if (!isGuardrailProvider(config?.provider)) throw new TypeError("EnforcedProvider needs a `provider` with a name and evaluate()");
    if (!isEnforcementMode(config.mode)) throw new TypeError(`EnforcedProvider: mode must be "enforce", "warn" or "shadow", got ${JSON.stringify(config.mode)}`);
    this.provider = config.provider;
    this.mode = config.mode;
    this.name = config.provider.name;
  }

  async evaluate(request: GuardrailRequest): Promise<Decision> {
    return this.apply(await this.provider.evaluate(request));
  }

  /** The wrapped provider's charges pass through: a softened call counts like any other. */
  async evaluateWithCharges(request: GuardrailRequest): Promise<ChargedDecision> {
    const { decision, charges } = await evaluateWithCharges(this.provider, request);
    return { decision: applyEnforcement(decision, this.mode), charges };
  }

  evaluateSync(request: GuardrailRequest): Decision {
    if (!this.provider.evaluateSync) throw new TypeError(`provider '${this.provider.name}' has no synchronous evaluateSync()`);
    return this.apply(this.provider.evaluateSync(request));
  }

  /** A non-decision stays a provider error (the middleware's fail mode), never something a mode softens. */
  private apply(value: unknown): Decision {
    const decision = normalizeDecision(value);
    if (!decision) throw new TypeError(`provider '${this.provider.name}' returned something that is not a decision`);
    return applyEnforcement(decision, this.mode);
  }
}
