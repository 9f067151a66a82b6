/**
 * @module
 * How config text becomes data. JSON is built in everywhere; YAML lives in
 * `portcullis/yaml` (the `yaml` package would double the default bundle).
 * A syntax also finds JSON pointers in the text, so validation errors can
 * name line and column.
 */

/** Finds JSON pointers (as decoded segments) in one source text. */
export interface SourceLocator {
  /**
   * 1-based position of the value at `segments`: the start of its key when it is an object member, of the item in
   * an array; with `key`, that key inside the object. When the path does not exist, its deepest existing ancestor.
   */
  locate(segments: readonly string[], key?: string): { line: number; column: number };
  /** The parsed value at `segments`, or undefined. */
  valueAt(segments: readonly string[]): unknown;
}

/** A syntax error at a 1-based position. */
export interface SyntaxProblem {
  line: number;
  column: number;
  message: string;
}

/**
 * Plain data in, no classes out: `portcullis/yaml` is bundled on its own, so
 * the errors are built by the caller (one ConfigError class per bundle).
 */
export interface ConfigSyntax {
  readonly name: "json" | "yaml";
  /** Text → plain data, or its syntax problems (duplicate keys included). */
  parse(source: string): { value: unknown } | { problems: SyntaxProblem[] };
  locator(source: string): SourceLocator;
}

/** JSON pointer → segments ("/a~1b/0" → ["a/b", "0"]). */
export function decodePointer(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}
