import { decodeBase64 } from "./base64.ts";
import { gunzip } from "./gunzip.ts";
import { SANITIZE_WASM_GZIP_BASE64 } from "./generated/sanitize-wasm.ts";
import { SANITIZE_WASM_FILE } from "./generated/sanitize-wasm-file.ts";
import { wasmBeside } from "./wasm-beside.ts";

/**
 * sanitize.wasm from the gzip inlined (as base64) at build time, for the entries that carry it
 * (`portcullis/sanitize`, `portcullis/node`, the CLI), which pass it to `provideSanitizerWasm`
 * themselves (see inline-policy-wasm.ts on why, and on when inflating is asynchronous). The default
 * entry never imports this file. In Node, the file beside the bundle is read instead (wasm-beside.ts).
 */
export const inlineSanitizeWasm = (): Uint8Array | Promise<Uint8Array> =>
  wasmBeside(SANITIZE_WASM_FILE) ?? gunzip(decodeBase64(SANITIZE_WASM_GZIP_BASE64));
