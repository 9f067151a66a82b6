/**
 * @module
 * The untrusted-content sanitizer: layers, fence, framework-tag escaping and HTML to
 * text in sanitize.wasm, the tool-result middleware, and the `sanitizer:` config section.
 */
export { Sanitizer, randomFenceId, type SanitizerOptions } from "./sanitizer.ts";
export { SanitizeError, SANITIZE_ABI_VERSION, type SanitizeErrorCode, type SanitizeExports } from "./abi.ts";
export {
  DEFAULT_MAX_LENGTH, resolveOptions,
  type SanitizeOptions, type SanitizeReport, type SanitizeResult, type SanitizeFlag, type ResolvedOptions,
} from "./options.ts";
export {
  ToolResultSanitizer, DEFAULT_SANITIZED_TOOLS,
  type ToolResultSanitizerOptions, type ToolResultEvent, type ToolCallRef, type LayerOptions,
} from "./tool-result.ts";
export { mergeReports } from "./result-shapes.ts";
export { toolNameMatcher } from "./tool-names.ts";
export { sanitizerEnabled, toolResultOptionsFromConfig, type SanitizerSection } from "./config.ts";
export {
  provideSanitizerWasm, sharedSanitizer, sharedSanitizerSync, createSanitizer, sanitize, createToolResultSanitizer,
} from "./shared.ts";
