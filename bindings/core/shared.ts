/**
 * @module
 * The process-wide policy.wasm: compiled once, one shared evaluator
 * instance (many policy handles) for the built-in providers, and the same
 * module for the safety core. Where the wasm comes from is supplied by the
 * entry point (inline bytes by default, a precompiled Module on Workers).
 */

import { CoreError } from "./abi.ts";
import { Evaluator, isWasmModule, type WasmSource } from "./evaluator.ts";

type SourceLoader = () => WasmSource | Promise<WasmSource>;

let loadSource: SourceLoader | null = null;
let module: WebAssembly.Module | null = null;
let pendingModule: Promise<WebAssembly.Module> | null = null;
let shared: Evaluator | null = null;

const NO_SOURCE = "no policy.wasm source was provided (import 'portcullis', or call provideWasm())";

/** Tell the bindings where policy.wasm comes from. Entry points call this once. */
export function provideWasm(source: WasmSource | SourceLoader): void {
  loadSource = typeof source === "function" ? (source as SourceLoader) : () => source;
  module = null;
  pendingModule = null;
  shared = null;
}

/** The compiled policy.wasm (compiled asynchronously where needed: browsers' main thread). */
export async function sharedModule(): Promise<WebAssembly.Module> {
  if (module) return module;
  if (!pendingModule) {
    if (!loadSource) throw new CoreError("not_ready", NO_SOURCE);
    const load = loadSource;
    pendingModule = (async () => {
      const source = await load();
      return isWasmModule(source) ? source : WebAssembly.compile(source as BufferSource);
    })().then(
      (compiled) => (module = compiled),
      (error) => {
        pendingModule = null; // a later call may retry
        throw error;
      },
    );
  }
  return pendingModule;
}

/** Synchronous access; compiles synchronously on first use where the runtime allows it. */
export function sharedModuleSync(): WebAssembly.Module {
  if (module) return module;
  if (!loadSource) throw new CoreError("not_ready", NO_SOURCE);
  const source = loadSource();
  if (source instanceof Promise) {
    throw new CoreError("not_ready", "policy.wasm loads asynchronously here; await the provider's ready() first");
  }
  module = isWasmModule(source) ? source : new WebAssembly.Module(source as BufferSource);
  return module;
}

export async function sharedEvaluator(): Promise<Evaluator> {
  if (shared) return shared;
  const compiled = await sharedModule();
  shared ??= Evaluator.createSync(compiled); // a Module instantiates without compiling; concurrent callers share it
  return shared;
}

export function sharedEvaluatorSync(): Evaluator {
  shared ??= Evaluator.createSync(sharedModuleSync());
  return shared;
}
