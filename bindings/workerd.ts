/**
 * @module
 * portcullis on Cloudflare Workers (`workerd`/`worker` export conditions):
 * Workers refuse to compile wasm from bytes, so policy.wasm is imported as a
 * module the host compiles ahead of time. tsup keeps `./policy.wasm` external
 * and copies it next to this file; wrangler bundles it as CompiledWasm.
 */

import policyWasm from "./policy.wasm";
import { provideWasm } from "./core/shared.ts";

provideWasm(policyWasm);

export * from "./api.ts";
