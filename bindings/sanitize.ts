/**
 * @module
 * portcullis/sanitize — the untrusted-content sanitizer with sanitize.wasm inlined, so this one
 * ESM file works in Node, Deno, Bun and browsers. Kept apart from the default entry: most
 * deployments of the policy core never sanitize, and the Unicode tables weigh ~100 KB.
 * Workers get sanitize-workerd.ts instead (the `workerd`/`worker` conditions).
 */

import { provideSanitizerWasm } from "./sanitize/shared.ts";
import { inlineSanitizeWasm } from "./core/inline-sanitize-wasm.ts";

provideSanitizerWasm(inlineSanitizeWasm);

export * from "./sanitize/index.ts";
