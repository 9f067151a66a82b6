/**
 * @module
 * Parse and validate a config or passport document from text (YAML or JSON),
 * in any runtime: the validators are generated ahead of time, so no
 * `new Function` runs (Workers, strict CSP). Files are read elsewhere.
 */

import { LineCounter, parseDocument } from "yaml";
import { validateConfig, validatePassport } from "./generated/validators.js";
import { formatSchemaErrors, formatSchemaIssue, type SchemaIssue } from "./format-errors.ts";
import type { SanitizerSection } from "../sanitize/config.ts";

export interface GuardrailsSection {
  enabled?: boolean;
  fail_closed?: boolean;
  passport?: string | Record<string, unknown>;
  provider?: { use: string; config?: Record<string, unknown> };
  audit?: { path: string };
}

export interface PortcullisConfig {
  guardrails: GuardrailsSection;
  safety_finish_reason?: Record<string, unknown>;
  sanitizer?: SanitizerSection;
}

export type ParsedDocument =
  | { kind: "config"; config: PortcullisConfig; source: string; file: string }
  | { kind: "passport"; passport: Record<string, unknown>; source: string; file: string };

/** A config or passport that cannot be used; `issues` name file, line:column and JSON path. */
export class ConfigError extends Error {
  constructor(readonly issues: SchemaIssue[]) {
    super(issues.map(formatSchemaIssue).join("\n"));
    this.name = "ConfigError";
  }
}

/** Parse YAML or JSON text; syntax errors (incl. duplicate keys) become ConfigError. */
export function parseText(source: string, file: string): unknown {
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, uniqueKeys: true, prettyErrors: false });
  if (doc.errors.length > 0) {
    throw new ConfigError(
      doc.errors.map((e) => {
        const at = lineCounter.linePos(e.pos[0]);
        return { file, line: at.line, column: at.col, path: "", message: `syntax error: ${e.message.split("\n")[0]}` };
      }),
    );
  }
  return doc.toJS({ maxAliasCount: 100 });
}

function looksLikePassport(value: Record<string, unknown>): boolean {
  return !("guardrails" in value) && ("spec_version" in value || "passport_id" in value || "capabilities" in value);
}

/** Parse and validate: a portcullis/DeerFlow config, or a bare OAP passport. */
export function parseDocumentText(source: string, file: string): ParsedDocument {
  const value = parseText(source, file);
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new ConfigError([{ file, line: 1, column: 1, path: "", message: "expected a mapping (a config with `guardrails:` or an OAP passport)" }]);
  }
  const object = value as Record<string, unknown>;
  if (looksLikePassport(object)) {
    return { kind: "passport", passport: validated(validatePassport, object, source, file), source, file };
  }
  return { kind: "config", config: validated(validateConfig, object, source, file) as unknown as PortcullisConfig, source, file };
}

/** Parse and validate a passport file (YAML or JSON). */
export function parsePassportText(source: string, file: string): Record<string, unknown> {
  const value = parseText(source, file);
  return validated(validatePassport, value, source, file);
}

function validated(
  validate: { (data: unknown): boolean; errors?: unknown },
  value: unknown,
  source: string,
  file: string,
): Record<string, unknown> {
  if (validate(value)) return value as Record<string, unknown>;
  const issues = formatSchemaErrors(validate.errors as never, source, file);
  throw new ConfigError(issues.length ? issues : [{ file, line: 1, column: 1, path: "", message: "does not match the schema" }]);
}
