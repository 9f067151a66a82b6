/**
 * @module
 * The process-wide sanitizer behind `sanitize()` and the tool-result middleware. Where
 * sanitize.wasm comes from is supplied by the entry point: inline bytes in `portcullis/sanitize`,
 * a precompiled Module on Workers (a one-line entry: `provideSanitizerWasm(module)`).
 */

import type { WasmSource } from "../core/evaluator.ts";
import { SanitizeError } from "./abi.ts";
import { Sanitizer, type SanitizerOptions } from "./sanitizer.ts";
import type { SanitizeOptions, SanitizeResult } from "./options.ts";
import { ToolResultSanitizer, type ToolResultSanitizerOptions } from "./tool-result.ts";

type SourceLoader = () => WasmSource | Promise<WasmSource>;

let loadSource: SourceLoader | null = null;
let shared: Sanitizer | null = null;
let pending: Promise<Sanitizer> | null = null;

const NO_SOURCE = "no sanitize.wasm source was provided (import 'portcullis/sanitize', or call provideSanitizerWasm())";

/** Tell the bindings where sanitize.wasm comes from. Entry points call this once. */
export function provideSanitizerWasm(source: WasmSource | SourceLoader): void {
  loadSource = typeof source === "function" ? (source as SourceLoader) : () => source;
  shared = null;
  pending = null;
}

/** The shared sanitizer, compiled asynchronously on first use (works on a browser's main thread). */
export async function sharedSanitizer(): Promise<Sanitizer> {
  if (shared) return shared;
  if (!pending) {
    if (!loadSource) throw new SanitizeError("load_failed", NO_SOURCE);
    const load = loadSource;
    pending = (async () => Sanitizer.create(await load()))().then(
      (sanitizer) => (shared = sanitizer),
      (error) => {
        pending = null; // a later call may retry
        throw error;
      },
    );
  }
  return pending;
}

/** Synchronous access; compiles synchronously on first use where the runtime allows it. */
export function sharedSanitizerSync(): Sanitizer {
  if (shared) return shared;
  if (!loadSource) throw new SanitizeError("load_failed", NO_SOURCE);
  const source = loadSource();
  if (source instanceof Promise) throw new SanitizeError("load_failed", "sanitize.wasm loads asynchronously here; await sharedSanitizer() first");
  shared = Sanitizer.createSync(source);
  return shared;
}

/**
 * A sanitizer of its own, from the sanitize.wasm this entry provides, with its own options — a fence-id
 * source, for output that must be reproducible (snapshots, the runtime matrix). Works on every entry,
 * including Workers, where the wasm is a precompiled module the caller never sees.
 */
export async function createSanitizer(options?: SanitizerOptions): Promise<Sanitizer> {
  if (!loadSource) throw new SanitizeError("load_failed", NO_SOURCE);
  return Sanitizer.create(await loadSource(), options);
}

/** Sanitize with the shared instance (see Sanitizer.sanitize). */
export function sanitize(text: string | Uint8Array, options?: SanitizeOptions): SanitizeResult {
  return sharedSanitizerSync().sanitize(text, options);
}

/** A tool-result middleware on the shared sanitizer (compiled asynchronously if needed). */
export async function createToolResultSanitizer(options?: ToolResultSanitizerOptions): Promise<ToolResultSanitizer> {
  return new ToolResultSanitizer(await sharedSanitizer(), options);
}
