/**
 * @module sanitize — untrusted-content sanitizer, fence and HTML-to-text of the wasm core.
 * Only re-exports; see sanitize.ts for the order of the layers.
 */
export { SanitizeOptions } from "./options";
export { SanitizeReport } from "./report";
export { sanitize } from "./sanitize";
export { htmlToText } from "./html";
export { UNICODE_VERSION } from "./tables";
export { MARKER_REPLACEMENT, FENCE_START, FENCE_END } from "./fence";
