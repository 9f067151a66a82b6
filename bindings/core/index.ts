export { Evaluator, PolicyHandle, isWasmModule, type WasmSource } from "./evaluator.ts";
export { CoreError, ABI_VERSION } from "./abi.ts";
// The shared wasm plumbing and the generated ABI constants, for the other ABI classes (safety, sanitize): not
// part of the public API (api.ts lists what it exports from here).
export {
  WasmInstance, compileAsync, compileSync, hasExports, requireAbi, parseIssues, summarizeIssues,
  type WasmAbi, type BufferExports,
} from "./wasm-instance.ts";
export * as abiConstants from "./abi.generated.ts";
export { provideWasm, sharedEvaluator, sharedEvaluatorSync, sharedModule, sharedModuleSync } from "./shared.ts";
export {
  allowDecision, denyDecision, normalizeDecision, strictest, obligationsOf,
  type Decision, type DecisionKind, type GuardrailRequest, type Obligation, type Reason,
} from "./decision.ts";
export {
  parseExplanation, userPointer,
  type Explanation, type ExplanationStep, type ExplanationEffect, type ExplanationHost,
} from "./explanation.ts";
export { loadOnce } from "./load-once.ts";
export { wasmBeside } from "./wasm-beside.ts";
