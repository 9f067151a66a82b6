/**
 * @module
 * Provider safety stops: never execute tool calls from a model
 * turn the provider cut off for safety.
 */
export {
  applySafetyStop, applySafetyStopAsync, applySafetyStopToMessages, buildEvent, buildJournalRecord,
  type SafetyStopOptions, type SafetyStopResult, type SafetyStopContext,
} from "./middleware.ts";
export { rewriteMessage, appendExplanation, isBlank, type RewriteOutcome, type SuppressedCall } from "./rewrite.ts";
export { suppressedExplanation, emptyExplanation, pyRepr } from "./templates.ts";
export { classifyProviderError, type ProviderErrorTermination } from "./classify-error.ts";
export { guardStream } from "./stream-loader.ts";
export type { GuardStreamOptions } from "./stream.ts";
export { chunkFacts, type ChunkFacts } from "./chunk-facts.ts";
export { detectTurn, boundedJson, SafetyCheckError } from "./check.ts";
export {
  safeParseSafetyConfig, toCoreConfig, resolveDetector, defaultSafetyDetectors, DETECTORS,
  type SafetyFinishReasonConfig, type SafetyDetectorConfig, type SafetyConfigIssue,
} from "./config.ts";
export { WasmSafetyCore, hasSafetyExports, type SafetyExports } from "./core.ts";
export { disabledSafetyCore } from "./disabled-core.ts";
export { createSafetyCore } from "./create-safety-core.ts";
export * from "./types.ts";
