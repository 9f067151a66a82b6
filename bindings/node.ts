/**
 * @module
 * portcullis/node — the default entry's API (wasm inlined), plus what needs a
 * filesystem: loading config and passport files (YAML or JSON), custom
 * providers from `use: ./file.js:Export`, JSON Lines audit files.
 */

import { provideWasm } from "./core/shared.ts";
import { inlinePolicyWasm } from "./core/inline-policy-wasm.ts";

provideWasm(inlinePolicyWasm);

export * from "./api.ts";
export { loadGuard, nodeConfigHost } from "./config/load-guard.ts";
export { yamlSyntax } from "./config/yaml-syntax.ts";
export { listen, type ListenOptions, type Listening, type FetchHandler } from "./server/index.ts";
export type { LoadOptions, LoadedGuard } from "./config/load-guard.ts";
