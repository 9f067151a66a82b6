/**
 * @module
 * portcullis/node — everything in the default entry, plus what needs a
 * filesystem: loading config and passport files, custom providers from
 * `use: ./file.js:Export`, JSON Lines audit files — and sanitize.wasm for the
 * config's `sanitizer:` section (tool results), which the default entry leaves out.
 */

import { provideSanitizerWasm } from "./sanitize/shared.ts";
import { decodeBase64 } from "./core/base64.ts";
import { SANITIZE_WASM_BASE64 } from "./sanitize/generated/sanitize-wasm.ts";

provideSanitizerWasm(() => decodeBase64(SANITIZE_WASM_BASE64));

export * from "./index.ts";
export { loadGuard, type LoadOptions, type LoadedGuard } from "./config/load-guard.ts";
