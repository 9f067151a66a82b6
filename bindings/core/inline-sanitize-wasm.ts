import { decodeBase64 } from "./base64.ts";
import { gunzip } from "./gunzip.ts";
import { SANITIZE_WASM_GZIP_BASE64 } from "./generated/sanitize-wasm.ts";

/**
 * sanitize.wasm from the gzip inlined (as base64) at build time, for the entries that carry it
 * (`portcullis/sanitize`, `portcullis/node`, the CLI), which pass it to `provideSanitizerWasm`
 * themselves (see inline-policy-wasm.ts on why, and on when inflating is asynchronous). The default
 * entry never imports this file.
 */
export const inlineSanitizeWasm = (): Uint8Array | Promise<Uint8Array> => gunzip(decodeBase64(SANITIZE_WASM_GZIP_BASE64));
