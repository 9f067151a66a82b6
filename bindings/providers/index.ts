export { AllowlistProvider, type AllowlistConfig } from "./allowlist.ts";
export { PassportProvider, type PassportConfig, type UsageScope } from "./passport.ts";
export { CompositeProvider, type CompositeConfig } from "./composite.ts";
export { isGuardrailProvider, type GuardrailProvider, type Clock } from "./types.ts";
export { EnforcedProvider, type EnforcedConfig } from "./enforced.ts";
export { ShadowProvider, decisionsDiffer, reasonCodes, type ShadowConfig, type PolicyDifference } from "./shadow.ts";
export { evaluateWithCharges, type ChargedDecision } from "./charged-decision.ts";
export { explainProvider, type ProviderExplanation } from "./explain.ts";
