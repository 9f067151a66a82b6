export { AllowlistProvider, type AllowlistConfig } from "./allowlist.ts";
export { PassportProvider, type PassportConfig, type UsageScope } from "./passport.ts";
export { CompositeProvider, type CompositeConfig } from "./composite.ts";
export { isGuardrailProvider, type GuardrailProvider, type Clock } from "./types.ts";
export { evaluateWithCharges, type ChargedDecision } from "./charged-decision.ts";
