/**
 * @module
 * The `sanitizer:` section of a config file, turned into the tool-result
 * middleware the Guard applies. The sanitizer's wasm lives in its own module,
 * which the default entry does not carry, so whoever loads the config says
 * how to build the middleware (`makeSanitizer`): portcullis/node and the CLI
 * do, with the inlined sanitize.wasm. Absent section: on where a
 * `makeSanitizer` is given (web_fetch, web_search, image_search,
 * web_capture), off elsewhere; a section that asks for it where none is
 * given is a ConfigError, never a silently weaker guard.
 */

import type { ToolResultFilter } from "../middleware/index.ts";
import { sanitizerEnabled, toolResultOptionsFromConfig, type SanitizerSection } from "../sanitize/config.ts";
import type { ToolResultSanitizerOptions } from "../sanitize/tool-result.ts";
import { ConfigError } from "./config-error.ts";
import type { SectionSource } from "./safety-section.ts";

/** Builds the middleware from the section's options, e.g. `(o) => new ToolResultSanitizer(sharedSanitizerSync, o)`. */
export type MakeSanitizer = (options: ToolResultSanitizerOptions) => ToolResultFilter;

export function buildToolResultFilter(section: SanitizerSection | undefined, make: MakeSanitizer | undefined, at: SectionSource): ToolResultFilter | undefined {
  if (!sanitizerEnabled(section)) return undefined;
  const fail = (message: string): never => {
    throw new ConfigError([{ ...at.locate(at.pointer), file: at.file, path: at.pointer, message }]);
  };
  if (!make) {
    if (section === undefined) return undefined;
    return fail("the sanitizer needs sanitize.wasm, which this entry does not carry: pass `makeSanitizer` (see portcullis/sanitize) or set `enabled: false`");
  }
  try {
    return make(toolResultOptionsFromConfig(section));
  } catch (error) {
    // Duck-typed: the SanitizeError may come from another bundle (portcullis/sanitize).
    const e = error as { name?: string; code?: string; message?: string };
    if (e?.name === "SanitizeError" && e.code === "invalid_options") return fail(String(e.message));
    throw error;
  }
}
