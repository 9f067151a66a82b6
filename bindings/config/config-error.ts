import { formatSchemaIssue, type SchemaIssue } from "./format-errors.ts";

/** A config or passport that cannot be used; `issues` name file, line:column and JSON path. */
export class ConfigError extends Error {
  constructor(readonly issues: SchemaIssue[]) {
    super(issues.map(formatSchemaIssue).join("\n"));
    this.name = "ConfigError";
  }
}
