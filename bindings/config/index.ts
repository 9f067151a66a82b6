export { parseDocumentText, parsePassportText, parseText, ConfigError, type PortcullisConfig, type GuardrailsSection, type ParsedDocument } from "./parse-config.ts";
export { formatSchemaIssue } from "./config-error.ts";
export type { SchemaIssue } from "./format-errors.ts";
export { jsonSyntax } from "./json-syntax.ts";
export type { ConfigSyntax, SourceLocator, SyntaxProblem } from "./syntax.ts";
export { loadGuardFromText, type ConfigHost, type LoadOptions, type TextLoadOptions, type LoadedGuard } from "./guard-from-text.ts";
export type { MakeSanitizer } from "./sanitizer-section.ts";
export type { Validator, ValidationError } from "./generated/validators.js";
export { loadSchemaValidators, provideSchemaValidators, loadedSchemaValidators, type SchemaValidators } from "./schema-validators.ts";
