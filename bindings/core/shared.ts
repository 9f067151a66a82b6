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

/**
 * Hosts that forbid compiling wasm from bytes say so in their own words (Chromium blames 'unsafe-eval', which is
 * the wrong fix); name what to change.
 */
function compileFailed(error: unknown): CoreError {
  const message = (error as Error)?.message ?? String(error);
  const forbidden = /Content.Security|unsafe-eval|disallowed|not allowed|code generation/i.test(message);
  const hint = forbidden
    ? " — this host forbids compiling wasm from bytes: a browser page needs 'wasm-unsafe-eval' in its CSP script-src; a Worker must import portcullis through the workerd/worker export condition"
    : "";
  return new CoreError("load_failed", `could not compile policy.wasm: ${message}${hint}`);
}

function compileSync(source: WasmSource): WebAssembly.Module {
  if (isWasmModule(source)) return source;
  try {
    return new WebAssembly.Module(source as BufferSource);
  } catch (error) {
    throw compileFailed(error);
  }
}

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
      return isWasmModule(source) ? source : WebAssembly.compile(source as BufferSource).catch((error) => Promise.reject(compileFailed(error)));
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
  module = compileSync(source);
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
