/**
 * @module
 * Parse and validate a config or passport document from text (JSON by
 * default, YAML with `yamlSyntax`), in any runtime: the validators are
 * generated ahead of time, so no `new Function` runs (Workers, strict CSP).
 * They load on demand (schema-validators.ts): these synchronous functions
 * need them loaded first. Files are read elsewhere.
 */

import { loadedSchemaValidators, NOT_LOADED, type SchemaValidators } from "./schema-validators.ts";
import { ConfigError } from "./config-error.ts";
import { jsonSyntax } from "./json-syntax.ts";
import { decodePointer, type ConfigSyntax } from "./syntax.ts";
import type { SanitizerSection } from "../sanitize/config.ts";
import type { EnforcementMode } from "../enforcement/index.ts";
import type { PolicyTest } from "../rollout/index.ts";

export { ConfigError };

export interface GuardrailsSection {
  enabled?: boolean;
  fail_closed?: boolean;
  /** The whole guard's enforcement mode (default enforce). */
  enforcement?: EnforcementMode;
  passport?: string | Record<string, unknown>;
  provider?: { use: string; config?: Record<string, unknown> };
  audit?: { path: string; chain?: boolean };
  receipts?: { private_key_path: string };
  /** A candidate passport judged beside the enforced policy on every call, never applied (candidate-section.ts). */
  candidate?: { passport: string | Record<string, unknown> };
}

export interface PortcullisConfig {
  guardrails: GuardrailsSection;
  safety_finish_reason?: Record<string, unknown>;
  sanitizer?: SanitizerSection;
  /** Calls and the decisions this policy must give them (`portcullis test`). */
  tests?: PolicyTest[];
}

export type ParsedDocument =
  | { kind: "config"; config: PortcullisConfig; source: string; file: string }
  | { kind: "passport"; passport: Record<string, unknown>; source: string; file: string };

/** Text → data through `syntax`; syntax problems become a ConfigError naming the file. */
export function parseText(source: string, file: string, syntax: ConfigSyntax = jsonSyntax): unknown {
  const parsed = syntax.parse(source);
  if ("value" in parsed) return parsed.value;
  const hint = syntax.name === "json" && /\.ya?ml$/i.test(file) ? " (YAML text needs `yamlSyntax` from portcullis/yaml)" : "";
  throw new ConfigError(parsed.problems.map((p) => ({ file, line: p.line, column: p.column, path: "", message: `syntax error: ${p.message}${hint}` })));
}

function looksLikePassport(value: Record<string, unknown>): boolean {
  return !("guardrails" in value) && ("spec_version" in value || "passport_id" in value || "capabilities" in value);
}

/** Parse and validate: a portcullis/DeerFlow config, or a bare OAP passport. */
export function parseDocumentText(source: string, file: string, syntax: ConfigSyntax = jsonSyntax): ParsedDocument {
  const value = parseText(source, file, syntax);
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new ConfigError([{ file, line: 1, column: 1, path: "", message: "expected a mapping (a config with `guardrails:` or an OAP passport)" }]);
  }
  const object = value as Record<string, unknown>;
  const schemas = required(file);
  if (looksLikePassport(object)) {
    return { kind: "passport", passport: validated(schemas, schemas.validatePassport, object, source, file, syntax), source, file };
  }
  return { kind: "config", config: validated(schemas, schemas.validateConfig, object, source, file, syntax) as unknown as PortcullisConfig, source, file };
}

/** Parse and validate a passport document. */
export function parsePassportText(source: string, file: string, syntax: ConfigSyntax = jsonSyntax): Record<string, unknown> {
  const schemas = required(file);
  return validated(schemas, schemas.validatePassport, parseText(source, file, syntax), source, file, syntax);
}

function required(file: string): SchemaValidators {
  const schemas = loadedSchemaValidators();
  if (!schemas) throw new ConfigError([{ file, line: 1, column: 1, path: "", message: NOT_LOADED }]);
  return schemas;
}

function validated(
  schemas: SchemaValidators,
  validate: { (data: unknown): boolean; errors?: unknown },
  value: unknown,
  source: string,
  file: string,
  syntax: ConfigSyntax,
): Record<string, unknown> {
  if (validate(value)) return value as Record<string, unknown>;
  const issues = schemas.formatSchemaErrors(validate.errors as never, source, file, syntax).map((issue) => withPythonHint(issue, value));
  throw new ConfigError(issues.length ? issues : [{ file, line: 1, column: 1, path: "", message: "does not match the schema" }]);
}

/** DeerFlow configs name providers by Python class path; say why such a `use` cannot load here. */
function withPythonHint<T extends { path: string; message: string }>(issue: T, root: unknown): T {
  if (!/^\/guardrails\/provider(?:\/config\/providers\/\d+)*\/use$/.test(issue.path)) return issue;
  let value: unknown = root;
  for (const segment of decodePointer(issue.path)) value = value !== null && typeof value === "object" ? (value as Record<string, unknown>)[segment] : undefined;
  if (typeof value !== "string" || value.startsWith("portcullis:") || !/^[A-Za-z_][\w.]*:[A-Za-z_]\w*$/.test(value)) return issue;
  return { ...issue, message: `${issue.message} — a Python class path: providers here are JavaScript modules (./file.js:Export) or the built-ins` };
}
