/**
 * @module
 * The process-wide evaluator that built-in providers share: one wasm
 * instance, many policy handles. Where the wasm comes from is supplied by
 * the entry point (inline bytes by default, a precompiled Module on Workers).
 */

import { CoreError } from "./abi.ts";
import { Evaluator, type WasmSource } from "./evaluator.ts";

let loadSource: (() => WasmSource | Promise<WasmSource>) | null = null;
let shared: Evaluator | null = null;
let pending: Promise<Evaluator> | null = null;

/** Tell the bindings where policy.wasm comes from. Entry points call this once. */
export function provideWasm(source: WasmSource | (() => WasmSource | Promise<WasmSource>)): void {
  loadSource = typeof source === "function" ? (source as () => WasmSource | Promise<WasmSource>) : () => source;
  shared = null;
  pending = null;
}

export async function sharedEvaluator(): Promise<Evaluator> {
  if (shared) return shared;
  if (!pending) {
    if (!loadSource) throw new CoreError("not_ready", "no policy.wasm source was provided (import 'portcullis', or call provideWasm())");
    const load = loadSource;
    pending = (async () => Evaluator.create(await load()))().then(
      (evaluator) => (shared = evaluator),
      (error) => {
        pending = null; // a later call may retry
        throw error;
      },
    );
  }
  return pending;
}

/** Synchronous access; compiles synchronously on first use where the runtime allows it. */
export function sharedEvaluatorSync(): Evaluator {
  if (shared) return shared;
  if (!loadSource) throw new CoreError("not_ready", "no policy.wasm source was provided (import 'portcullis', or call provideWasm())");
  const source = loadSource();
  if (source instanceof Promise) {
    throw new CoreError("not_ready", "policy.wasm loads asynchronously here; await the provider's ready() first");
  }
  shared = Evaluator.createSync(source);
  return shared;
}
