/**
 * @module
 * portcullis — the default entry: policy.wasm is inlined (base64), so this
 * one ESM file works in Node, Deno, Bun and browsers (a page's CSP needs
 * 'wasm-unsafe-eval'). Workers get workerd.ts through the `workerd` and
 * `worker` export conditions.
 */

import { provideWasm } from "./core/shared.ts";
import { inlinePolicyWasm } from "./core/inline-policy-wasm.ts";

provideWasm(inlinePolicyWasm);

export * from "./api.ts";
