/**
 * @module
 * portcullis/node — the default entry's API (wasm inlined), plus what needs a
 * filesystem: loading config and passport files (YAML or JSON), custom
 * providers from `use: ./file.js:Export`, JSON Lines audit files — and
 * sanitize.wasm for the config's `sanitizer:` section (tool results), which
 * the default entry leaves out; and the JSON Schema validators, bundled
 * (the default entry imports them on demand).
 */

import { provideWasm } from "./core/shared.ts";
import { inlinePolicyWasm } from "./core/inline-policy-wasm.ts";
import { provideSanitizerWasm } from "./sanitize/shared.ts";
import { inlineSanitizeWasm } from "./core/inline-sanitize-wasm.ts";
import { provideSchemaValidators } from "./config/index.ts";
import * as schemaValidators from "./config/schema/index.ts";

provideWasm(inlinePolicyWasm);
provideSanitizerWasm(inlineSanitizeWasm);
// Bundled here (the default entry loads them on demand), so synchronous parsing works from the first call.
provideSchemaValidators(schemaValidators);

export * from "./api.ts";
export { validateConfig, validatePassport, validateRequest, validateDecision } from "./config/generated/validators.js";
export { loadGuard, nodeConfigHost } from "./config/load-guard.ts";
export { yamlSyntax } from "./config/yaml-syntax.ts";
export { listen, type ListenOptions, type Listening, type FetchHandler } from "./server/index.ts";
export type { LoadOptions, LoadedGuard } from "./config/load-guard.ts";
