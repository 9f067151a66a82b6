/**
 * @module
 * Provider safety stops (issue 7): never execute tool calls from a model
 * turn the provider cut off for safety.
 */
export { applySafetyStop, buildEvent, buildJournalRecord, type SafetyStopOptions, type SafetyStopResult } from "./middleware.ts";
export { rewriteMessage, appendExplanation, isBlank, type RewriteOutcome, type SuppressedCall } from "./rewrite.ts";
export { suppressedExplanation, emptyExplanation, pyRepr } from "./templates.ts";
export { classifyProviderError, type ProviderErrorTermination } from "./classify-error.ts";
export { guardStream, chunkFacts, type GuardStreamOptions, type ChunkFacts } from "./stream.ts";
export { safeParseSafetyConfig, toCoreConfig, resolveDetector, DETECTORS, type SafetyFinishReasonConfig, type SafetyDetectorConfig, type SafetyConfigIssue } from "./config.ts";
export { WasmSafetyCore, hasSafetyExports, type SafetyExports } from "./core.ts";
export { createSafetyCore } from "./create-safety-core.ts";
export * from "./types.ts";
