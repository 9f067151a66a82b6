/**
 * @module
 * portcullis/sanitize on Cloudflare Workers (`workerd`/`worker` export conditions): Workers refuse to
 * compile wasm from bytes, so sanitize.wasm is imported as a module the host compiles ahead of time
 * (as in workerd.ts). tsup keeps `./sanitize.wasm` external; wrangler bundles it as CompiledWasm.
 */

import sanitizeWasm from "./sanitize.wasm";
import { provideSanitizerWasm } from "./sanitize/shared.ts";

provideSanitizerWasm(sanitizeWasm);

export * from "./sanitize/index.ts";
