/**
 * @module
 * The process-wide sanitizer behind `sanitize()` and the tool-result middleware. Where
 * sanitize.wasm comes from is supplied by the entry point: inline bytes in `portcullis/sanitize`,
 * a precompiled Module on Workers (a one-line entry: `provideSanitizerWasm(module)`).
 */

import type { WasmSource } from "../core/evaluator.ts";
import { sharedInstance } from "../core/shared-instance.ts";
import { SanitizeError } from "./abi.ts";
import { Sanitizer } from "./sanitizer.ts";
import type { SanitizeOptions, SanitizeResult } from "./options.ts";
import { ToolResultSanitizer, type ToolResultSanitizerOptions } from "./tool-result.ts";

const sanitizer = sharedInstance<Sanitizer>({
  create: (source) => Sanitizer.create(source),
  createSync: (source) => Sanitizer.createSync(source),
  notReady: (asyncOnly) =>
    asyncOnly
      ? new SanitizeError("load_failed", "sanitize.wasm loads asynchronously here; await sharedSanitizer() first")
      : new SanitizeError("load_failed", "no sanitize.wasm source was provided (import 'portcullis/sanitize', or call provideSanitizerWasm())"),
});

/** Tell the bindings where sanitize.wasm comes from. Entry points call this once. */
export function provideSanitizerWasm(source: WasmSource | (() => WasmSource | Promise<WasmSource>)): void {
  sanitizer.provide(source);
}

/** The shared sanitizer, compiled asynchronously on first use (works on a browser's main thread). */
export function sharedSanitizer(): Promise<Sanitizer> {
  return sanitizer.get();
}

/** Synchronous access; compiles synchronously on first use where the runtime allows it. */
export function sharedSanitizerSync(): Sanitizer {
  return sanitizer.getSync();
}

/** Sanitize with the shared instance (see Sanitizer.sanitize). */
export function sanitize(text: string | Uint8Array, options?: SanitizeOptions): SanitizeResult {
  return sharedSanitizerSync().sanitize(text, options);
}

/** A tool-result middleware on the shared sanitizer (compiled asynchronously if needed). */
export async function createToolResultSanitizer(options?: ToolResultSanitizerOptions): Promise<ToolResultSanitizer> {
  return new ToolResultSanitizer(await sharedSanitizer(), options);
}
