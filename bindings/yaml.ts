/**
 * @module
 * portcullis/yaml — YAML config text in any runtime. Holds no wasm and no
 * state: pass `yamlSyntax` to `loadGuardFromText` or `parseDocumentText`.
 */

export { yamlSyntax } from "./config/yaml-syntax.ts";
