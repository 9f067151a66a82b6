import { decodeBase64 } from "./base64.ts";
import { gunzip } from "./gunzip.ts";
import { POLICY_WASM_GZIP_BASE64 } from "./generated/policy-wasm.ts";
import { POLICY_WASM_FILE } from "./generated/policy-wasm-file.ts";
import { wasmBeside } from "./wasm-beside.ts";

/**
 * policy.wasm from the gzip inlined (as base64) at build time: a third of the raw bytes' base64, which is what
 * keeps the default entry within its size budget (README "Runtimes and budgets"). Inflated synchronously where
 * the host has zlib (Node, Deno, Bun), else asynchronously (browsers: compile there is asynchronous anyway).
 * In Node, the same bytes are read from the file the package ships beside the bundle instead (wasm-beside.ts).
 * Entries pass this to `provideWasm` themselves: a call in a module that is only re-exported would be
 * tree-shaken away (the package declares no side effects there).
 */
export const inlinePolicyWasm = (): Uint8Array | Promise<Uint8Array> =>
  wasmBeside(POLICY_WASM_FILE) ?? gunzip(decodeBase64(POLICY_WASM_GZIP_BASE64));
