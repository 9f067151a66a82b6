/**
 * @module
 * Which MCP tools bring in web content, so their results are sanitized by
 * default: a tool (or server) whose name says it fetches, searches, browses,
 * scrapes or crawls. Matching by name over-includes rather than misses: a
 * sanitized result that needed none only gains a fence. A config's
 * `sanitizer: { default_tools: false }` turns these defaults off with the
 * built-in ones; `sanitizer: { tools: [...] }` adds any other name.
 */

// From the Node entry, which provides policy.wasm to the core.
import { loadGuard, type LoadOptions, type LoadedGuard } from "../node.ts";
import type { MakeSanitizer } from "../config/sanitizer-section.ts";
import { sharedSanitizerSync } from "../sanitize/index.ts";
import { ToolResultSanitizer } from "../sanitize/index.ts";

export const MCP_WEB_LIKE_PATTERNS: readonly string[] = [
  "mcp__*fetch*", "mcp__*search*", "mcp__*brows*", "mcp__*scrap*", "mcp__*crawl*", "mcp__*navigate*",
  "mcp__*web*", "mcp__*url*", "mcp__*http*", "mcp__*page*", "mcp__*puppeteer*", "mcp__*playwright*",
];

/** The sanitizer loadGuard builds from the `sanitizer:` section, with the MCP web-like tools added. */
export const makeMcpSanitizer: MakeSanitizer = (options) =>
  new ToolResultSanitizer(sharedSanitizerSync, {
    ...options,
    tools: [...(options.tools ?? []), ...(options.defaultTools === false ? [] : MCP_WEB_LIKE_PATTERNS)],
  });

/** loadGuard for MCP: the same config, with web-like MCP tools' results sanitized by default. */
export function loadMcpGuard(path: string, options: LoadOptions = {}): Promise<LoadedGuard> {
  return loadGuard(path, { makeSanitizer: makeMcpSanitizer, ...options });
}
