/**
 * @module
 * Which syntax reads a config file, by its name and text, with YAML imported only for a file that needs it: the
 * `yaml` package and its chunk are the largest part of a CLI process's start-up, and most policies are JSON.
 */

import { jsonSyntax } from "./json-syntax.ts";
import { decodePointer, type ConfigSyntax } from "./syntax.ts";

let yaml: ConfigSyntax | null = null;

/** YAML 1.2 (yaml-syntax.ts), imported on first use. */
export async function loadYamlSyntax(): Promise<ConfigSyntax> {
  return (yaml ??= (await import("./yaml-syntax.ts")).yamlSyntax);
}

/** A `.json` name: strict JSON, whatever the text (its errors are a JSON parser's). */
export const isJsonName = (file: string): boolean => /\.json$/i.test(file);

/**
 * `.json` files are strict JSON. Any other file is YAML, which JSON also is: text that opens with `{` and is strict
 * JSON gives the same data through either parser, so it is read as JSON; when it is not strict JSON (a YAML flow
 * mapping such as `{a: 1}`, or a syntax error) YAML reads it, and its errors are YAML's, as before.
 */
export async function syntaxForText(file: string, text: string): Promise<ConfigSyntax> {
  if (isJsonName(file)) return jsonSyntax;
  if (/^\uFEFF?[ \t\r\n]*\{/.test(text) && "value" in jsonSyntax.parse(text)) return jsonSyntax;
  return loadYamlSyntax();
}

/** By name only, for a file whose text was not seen: YAML must already be loaded (`loadYamlSyntax`) for a non-JSON name. */
export function syntaxForName(file: string): ConfigSyntax {
  if (isJsonName(file)) return jsonSyntax;
  if (!yaml) throw new Error(`internal error: the YAML syntax for ${file} is not loaded yet`);
  return yaml;
}

/** The 1-based line and column of a JSON pointer in `source` read with `syntax` (its deepest existing ancestor if absent). */
export function locateIn(syntax: ConfigSyntax, source: string, pointer: string): { line: number; column: number } {
  return syntax.locator(source).locate(decodePointer(pointer));
}
