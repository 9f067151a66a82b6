import { decodeBase64 } from "./base64.ts";
import { SANITIZE_WASM_BASE64 } from "./generated/sanitize-wasm.ts";

/**
 * sanitize.wasm from the base64 inlined at build time, for the entries that carry it
 * (`portcullis/sanitize`, `portcullis/node`, the CLI), which pass it to `provideSanitizerWasm`
 * themselves (see inline-policy-wasm.ts on why). The default entry never imports this file.
 */
export const inlineSanitizeWasm = (): Uint8Array => decodeBase64(SANITIZE_WASM_BASE64);
