import { decodeBase64 } from "./base64.ts";
import { POLICY_WASM_BASE64 } from "./generated/policy-wasm.ts";

/**
 * policy.wasm from the base64 inlined at build time. Entries pass this to
 * `provideWasm` themselves: a call in a module that is only re-exported
 * would be tree-shaken away (the package declares no side effects there).
 */
export const inlinePolicyWasm = (): Uint8Array => decodeBase64(POLICY_WASM_BASE64);
