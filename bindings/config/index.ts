export { parseDocumentText, parsePassportText, parseText, ConfigError, type PortcullisConfig, type GuardrailsSection, type ParsedDocument } from "./parse-config.ts";
export { formatSchemaIssue, type SchemaIssue } from "./format-errors.ts";
export { jsonSyntax } from "./json-syntax.ts";
export type { ConfigSyntax, SourceLocator, SyntaxProblem } from "./syntax.ts";
export { loadGuardFromText, type ConfigHost, type LoadOptions, type TextLoadOptions, type LoadedGuard } from "./guard-from-text.ts";
export type { MakeSanitizer } from "./sanitizer-section.ts";
export { validateConfig, validatePassport, validateRequest, validateDecision, type Validator, type ValidationError } from "./generated/validators.js";
export { addTests, testIssues, requirePassingTests, type PolicyTestSet, type TestOrigin } from "./tests-section.ts";
export { policyDigest, type PolicySource } from "./policy-digest.ts";
