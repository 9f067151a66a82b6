/**
 * @module
 * The evaluation traces behind a provider's decision: one per policy the core judged, in the order they were
 * consulted. Composites are walked in order, wrappers (an enforcement mode, a shadow candidate) down to the
 * provider they enforce; a provider with no core policy (a rule file, a custom provider) contributes nothing.
 */

import type { Explanation } from "../core/explanation.ts";
import type { GuardrailRequest } from "../core/index.ts";
import type { GuardrailProvider } from "./types.ts";
import { CompositeProvider } from "./composite.ts";
import { EnforcedProvider } from "./enforced.ts";
import { ShadowProvider } from "./shadow.ts";

/** A trace and the provider it belongs to. */
export interface ProviderExplanation extends Explanation {
  provider: string;
}

interface Explaining {
  name: string;
  explain(request: GuardrailRequest): Promise<Explanation>;
}

function explains(provider: unknown): provider is Explaining {
  return typeof (provider as Partial<Explaining>)?.explain === "function";
}

export async function explainProvider(provider: GuardrailProvider, request: GuardrailRequest): Promise<ProviderExplanation[]> {
  if (provider instanceof CompositeProvider) {
    const out: ProviderExplanation[] = [];
    for (const inner of provider.providers) {
      const traces = await explainProvider(inner, request);
      out.push(...traces);
      // The composite stops at the first deny: later providers are not consulted.
      if (traces.some((t) => t.decision === "deny")) break;
    }
    return out;
  }
  if (provider instanceof EnforcedProvider) return explainProvider(provider.provider, request);
  if (provider instanceof ShadowProvider) return explainProvider(provider.enforced, request);
  if (explains(provider)) return [{ provider: provider.name, ...(await provider.explain(request)) }];
  return [];
}
