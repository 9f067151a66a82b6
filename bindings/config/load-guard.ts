/**
 * @module
 * Node: read a config (or a bare passport) file — YAML, or strict JSON when
 * its name ends in `.json` or its text is strict JSON (syntax-for.ts) — and build
 * its Guard with a host that reads passport files and custom provider
 * modules relative to it and appends audit lines to a file, and with the
 * tool-result sanitizer of the `sanitizer:` section (on by default here).
 */

import { readFileSync } from "node:fs";
import { dirname, resolve, isAbsolute, join } from "node:path";
import { homedir } from "node:os";
import { pathToFileURL } from "node:url";
import { auditFileSink } from "./audit-file.ts";
import { ConfigReadError, readFailure } from "./config-error.ts";
import { loadGuardFromText, type ConfigHost, type LoadedGuard, type LoadOptions } from "./guard-from-text.ts";
import { syntaxForName, syntaxForText } from "./syntax-for.ts";
import type { ConfigSyntax } from "./syntax.ts";
import { guardFromRuleSet, ruleSetFromText } from "../rules/load-rules.ts";
import { sharedSanitizerSync } from "../sanitize/shared.ts";
import { ToolResultSanitizer } from "../sanitize/tool-result.ts";

export type { LoadOptions, LoadedGuard };
export { syntaxForText, locateIn } from "./syntax-for.ts";

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
  auditFile(path, from, options) {
    return auditFileSink(relativeTo(path, from), options);
  },
};

/**
 * The host loadGuard builds on: every file it reads (the config, passports named by path) gets its syntax from its
 * name and text, YAML imported only when one needs it; `syntaxFor` answers for the files read.
 */
function choosingHost(): { host: ConfigHost; syntaxFor: (file: string) => ConfigSyntax; choose: (file: string, text: string) => Promise<ConfigSyntax> } {
  const chosen = new Map<string, ConfigSyntax>();
  const choose = async (file: string, text: string) => {
    const syntax = await syntaxForText(file, text);
    chosen.set(file, syntax);
    return syntax;
  };
  const host: ConfigHost = {
    ...nodeConfigHost,
    async readFile(path, from) {
      const read = nodeConfigHost.readFile!(path, from) as { file: string; text: string };
      await choose(read.file, read.text);
      return read;
    },
  };
  return { host, choose, syntaxFor: (file) => chosen.get(file) ?? syntaxForName(file) };
}

/** Load a config or passport file and return a ready Guard. */
export async function loadGuard(path: string, options: LoadOptions = {}): Promise<LoadedGuard> {
  const file = resolve(path);
  // sanitize.wasm (inlined in this entry) is compiled on the first result that needs it, not here.
  const makeSanitizer = options.makeSanitizer ?? ((o) => new ToolResultSanitizer(sharedSanitizerSync, o));
  const source = readSource(file);
  // Coding agents' own rule files (Claude Code settings.json, Codex .rules, Gemini policy TOML), by content.
  const rules = ruleSetFromText(source, file);
  if (rules) return guardFromRuleSet(rules, options);
  const { host, syntaxFor, choose } = choosingHost();
  const syntax = await choose(file, source);
  return loadGuardFromText(source, { ...options, makeSanitizer, file, syntax, syntaxFor, host });
}
