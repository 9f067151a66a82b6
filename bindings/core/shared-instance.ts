/**
 * @module
 * One lazily created, process-wide instance over a wasm module whose source an entry point
 * provides (inline bytes, or a precompiled Module on Workers). Shared by the policy evaluator
 * and the sanitizer: async creation works everywhere (a failed one may be retried), sync creation
 * where the runtime compiles synchronously.
 */

import type { WasmSource } from "./evaluator.ts";

type SourceLoader = () => WasmSource | Promise<WasmSource>;

export interface SharedInstance<T> {
  /** Tell the bindings where the wasm comes from. Entry points call this once. */
  provide(source: WasmSource | SourceLoader): void;
  get(): Promise<T>;
  getSync(): T;
}

export function sharedInstance<T>(options: {
  create: (source: WasmSource) => Promise<T>;
  createSync: (source: WasmSource) => T;
  /** The error for "no source was provided" and for a sync call on an async-only source. */
  notReady: (asyncOnly: boolean) => Error;
}): SharedInstance<T> {
  let loadSource: SourceLoader | null = null;
  let shared: T | null = null;
  let pending: Promise<T> | null = null;
  return {
    provide(source) {
      loadSource = typeof source === "function" ? (source as SourceLoader) : () => source;
      shared = null;
      pending = null;
    },
    async get() {
      if (shared) return shared;
      if (!pending) {
        if (!loadSource) throw options.notReady(false);
        const load = loadSource;
        pending = (async () => options.create(await load()))().then(
          (instance) => (shared = instance),
          (error) => {
            pending = null; // a later call may retry
            throw error;
          },
        );
      }
      return pending;
    },
    getSync() {
      if (shared) return shared;
      if (!loadSource) throw options.notReady(false);
      const source = loadSource();
      if (source instanceof Promise) throw options.notReady(true);
      shared = options.createSync(source);
      return shared;
    },
  };
}
