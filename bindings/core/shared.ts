/**
 * @module
 * The process-wide evaluator that built-in providers share: one wasm
 * instance, many policy handles. Where the wasm comes from is supplied by
 * the entry point (inline bytes by default, a precompiled Module on Workers).
 */

import { CoreError } from "./abi.ts";
import { Evaluator, type WasmSource } from "./evaluator.ts";
import { sharedInstance } from "./shared-instance.ts";

const evaluator = sharedInstance<Evaluator>({
  create: (source) => Evaluator.create(source),
  createSync: (source) => Evaluator.createSync(source),
  notReady: (asyncOnly) =>
    asyncOnly
      ? new CoreError("not_ready", "policy.wasm loads asynchronously here; await the provider's ready() first")
      : new CoreError("not_ready", "no policy.wasm source was provided (import 'portcullis', or call provideWasm())"),
});

/** Tell the bindings where policy.wasm comes from. Entry points call this once. */
export function provideWasm(source: WasmSource | (() => WasmSource | Promise<WasmSource>)): void {
  evaluator.provide(source);
}

export function sharedEvaluator(): Promise<Evaluator> {
  return evaluator.get();
}

/** Synchronous access; compiles synchronously on first use where the runtime allows it. */
export function sharedEvaluatorSync(): Evaluator {
  return evaluator.getSync();
}
