/**
 * @module
 * Node: read a config (or a bare passport) file — YAML or JSON — and build
 * its Guard with a host that reads passport files and custom provider
 * modules relative to it and appends audit lines to a file, and with the
 * tool-result sanitizer of the `sanitizer:` section (on by default here).
 */

import { readFileSync, appendFileSync } from "node:fs";
import { dirname, resolve, isAbsolute } from "node:path";
import { pathToFileURL } from "node:url";
import { jsonLinesSink } from "../middleware/audit.ts";
import { ConfigError } from "./config-error.ts";
import { loadGuardFromText, type ConfigHost, type LoadedGuard, type LoadOptions } from "./guard-from-text.ts";
import { yamlSyntax } from "./yaml-syntax.ts";
import { sharedSanitizerSync } from "../sanitize/shared.ts";
import { ToolResultSanitizer } from "../sanitize/tool-result.ts";

export type { LoadOptions, LoadedGuard };

function readSource(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    throw new ConfigError([{ file, line: 0, column: 0, path: "", message: `cannot read file: ${(error as Error).message}` }]);
  }
}

const relativeTo = (path: string, from: string) => (isAbsolute(path) ? path : resolve(dirname(from), path));

export const nodeConfigHost: ConfigHost = {
  readFile(path, from) {
    const file = relativeTo(path, from);
    return { file, text: readSource(file) };
  },
  importModule(specifier, from) {
    const target = specifier.startsWith(".") || isAbsolute(specifier) ? pathToFileURL(relativeTo(specifier, from)).href : specifier;
    return import(target) as Promise<Record<string, unknown>>;
  },
  auditFile(path, from) {
    const file = relativeTo(path, from);
    return jsonLinesSink((line) => appendFileSync(file, line));
  },
};

/** Load a config or passport file and return a ready Guard. */
export async function loadGuard(path: string, options: LoadOptions = {}): Promise<LoadedGuard> {
  const file = resolve(path);
  // sanitize.wasm (inlined in this entry) is compiled on the first result that needs it, not here.
  const makeSanitizer = options.makeSanitizer ?? ((o) => new ToolResultSanitizer(sharedSanitizerSync, o));
  return loadGuardFromText(readSource(file), { ...options, makeSanitizer, file, syntax: yamlSyntax, host: nodeConfigHost });
}
