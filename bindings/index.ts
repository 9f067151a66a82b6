/**
 * @module
 * portcullis — the default entry: the policy wasm is inlined, so this one
 * ESM file works in Node, Deno, Bun and browsers (a page's CSP needs
 * 'wasm-unsafe-eval').
 */

import { provideWasm } from "./core/shared.ts";
import { decodeBase64 } from "./core/base64.ts";
import { POLICY_WASM_BASE64 } from "./core/generated/policy-wasm.ts";

provideWasm(() => decodeBase64(POLICY_WASM_BASE64));

export * from "./core/index.ts";
export * from "./providers/index.ts";
export * from "./middleware/index.ts";
export * from "./usage/index.ts";
export { parseDocumentText, parsePassportText, ConfigError, type PortcullisConfig, type ParsedDocument } from "./config/parse-config.ts";
export { formatSchemaIssue, type SchemaIssue } from "./config/format-errors.ts";
export * from "./safety/index.ts";

import { WasmSafetyCore } from "./safety/core.ts";

/** The safety-stop detectors on the inlined wasm; `config` is `{detectors: [{use, config}]}` or null for the defaults. */
export function createSafetyCore(config: object | null = null): WasmSafetyCore {
  return WasmSafetyCore.createSync(decodeBase64(POLICY_WASM_BASE64), config);
}
