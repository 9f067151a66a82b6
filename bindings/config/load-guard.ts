/**
 * @module
 * Node: read a config (or a bare passport) file — YAML, or strict JSON when
 * its name ends in `.json` — and build
 * its Guard with a host that reads passport files and custom provider
 * modules relative to it and appends audit lines to a file, and with the
 * tool-result sanitizer of the `sanitizer:` section (on by default here).
 */

import { readFileSync, appendFileSync } from "node:fs";
import { dirname, resolve, isAbsolute, join } from "node:path";
import { homedir } from "node:os";
import { pathToFileURL } from "node:url";
import { jsonLinesSink } from "../middleware/index.ts";
import { ConfigReadError, readFailure } from "./config-error.ts";
import { loadGuardFromText, type ConfigHost, type LoadedGuard, type LoadOptions } from "./guard-from-text.ts";
import { yamlSyntax } from "./yaml-syntax.ts";
import { jsonSyntax } from "./json-syntax.ts";
import type { ConfigSyntax } from "./syntax.ts";
import { guardFromRuleSet, ruleSetFromText } from "../rules/load-rules.ts";
import { sharedSanitizerSync } from "../sanitize/shared.ts";
import { ToolResultSanitizer } from "../sanitize/tool-result.ts";

export type { LoadOptions, LoadedGuard };

function readSource(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    throw new ConfigReadError(file, readFailure(error));
  }
}

// `~/` is the home directory, as in DeerFlow's and APort's passport paths (`~/.aport/deerflow/aport/passport.json`).
const relativeTo = (path: string, from: string) =>
  path.startsWith("~/") ? join(homedir(), path.slice(2)) : isAbsolute(path) ? path : resolve(dirname(from), path);

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

/** A `.json` file is strict JSON (a JSON parser's messages); anything else is YAML, which JSON also is. */
export const syntaxFor = (file: string): ConfigSyntax => (/\.json$/i.test(file) ? jsonSyntax : yamlSyntax);

/** Load a config or passport file and return a ready Guard. */
export async function loadGuard(path: string, options: LoadOptions = {}): Promise<LoadedGuard> {
  const file = resolve(path);
  // sanitize.wasm (inlined in this entry) is compiled on the first result that needs it, not here.
  const makeSanitizer = options.makeSanitizer ?? ((o) => new ToolResultSanitizer(sharedSanitizerSync, o));
  const source = readSource(file);
  // Coding agents' own rule files (Claude Code settings.json, Codex .rules, Gemini policy TOML), by content.
  const rules = ruleSetFromText(source, file);
  if (rules) return guardFromRuleSet(rules, options);
  return loadGuardFromText(source, { ...options, makeSanitizer, file, syntax: syntaxFor(file), syntaxFor, host: nodeConfigHost });
}
