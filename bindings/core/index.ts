export { Evaluator, PolicyHandle, isWasmModule, type WasmSource } from "./evaluator.ts";
export { CoreError, ABI_VERSION } from "./abi.ts";
export { provideWasm, sharedEvaluator, sharedEvaluatorSync, sharedModule, sharedModuleSync } from "./shared.ts";
export {
  allowDecision, denyDecision, normalizeDecision, strictest, obligationsOf,
  type Decision, type DecisionKind, type GuardrailRequest, type Obligation, type Reason,
} from "./decision.ts";
