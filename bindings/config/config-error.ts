import type { SchemaIssue } from "./format-errors.ts";

/** Renders an issue as one line: `file:line:column /json/pointer: message`. */
export function formatSchemaIssue(issue: SchemaIssue): string {
  return `${issue.file}:${issue.line}:${issue.column} ${issue.path === "" ? "(root)" : issue.path}: ${issue.message}`;
}

/** A config or passport that cannot be used; `issues` name file, line:column and JSON path. */
export class ConfigError extends Error {
  constructor(readonly issues: SchemaIssue[]) {
    super(issues.map(formatSchemaIssue).join("\n"));
    this.name = "ConfigError";
  }
}

/** A config or passport file that could not be read at all: `cannot read FILE: no such file`, no position. */
export class ConfigReadError extends ConfigError {
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super([{ file, line: 0, column: 0, path: "", message: `cannot read ${file}: ${reason}` }]);
    this.message = `cannot read ${file}: ${reason}`;
    this.name = "ConfigReadError";
  }
}

/** Words for the errno codes a file read fails with; others keep Node's message. */
export function readFailure(error: unknown): string {
  switch ((error as { code?: string })?.code) {
    case "ENOENT":
      return "no such file";
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "EISDIR":
      return "is a directory, not a file";
    default:
      return (error as Error)?.message ?? String(error);
  }
}
