/**
 * @module
 * The public API. Every runtime entry (index.ts, workerd.ts, node.ts)
 * re-exports it whole; they differ only in where policy.wasm comes from.
 */

export {
  Evaluator, PolicyHandle, isWasmModule, CoreError, ABI_VERSION,
  provideWasm, sharedEvaluator, sharedEvaluatorSync, sharedModule, sharedModuleSync,
  allowDecision, denyDecision, normalizeDecision, strictest, obligationsOf,
  type WasmSource, type Decision, type DecisionKind, type GuardrailRequest, type Obligation, type Reason,
  type Explanation, type ExplanationStep, type ExplanationEffect, type ExplanationHost,
} from "./core/index.ts";
export * from "./providers/index.ts";
export * from "./middleware/index.ts";
export * from "./approvals/index.ts";
export * from "./canonical/index.ts";
export * from "./proof/index.ts";
// The approval HTTP API (web-standard); Node's `listen` is exported by node.ts only.
export { createApprovalHandler, normalizeTokens, MIN_TOKEN_LENGTH, type ApprovalHandler, type ApprovalHandlerOptions, type ApiToken, type ApiRole } from "./server/index.ts";
export * from "./usage/index.ts";
export * from "./config/index.ts";
export * from "./safety/index.ts";
export * from "./rollout/index.ts";
export * from "./enforcement/index.ts";
