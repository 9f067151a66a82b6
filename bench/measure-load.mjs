// Portable (no imports): turning policy.wasm into a loaded policy, in ms. `api` is the portcullis module, `wasm`
// the policy.wasm bytes, `policy` a policy document. "first" is what a fresh process or isolate pays once (the
// engine compiles the wasm functions and the JS glue lazily on first use); medians are warm.
function median(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

function time(fn) {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

export function measureLoad({ api, wasm, policy, rounds = 21 }) {
  let module;
  const compileMs = time(() => (module = new WebAssembly.Module(wasm)));
  const firstLoadMs = time(() => api.Evaluator.createSync(module).load(policy));
  const fromBytes = Array.from({ length: rounds }, () => time(() => api.Evaluator.createSync(wasm).load(policy)));
  const fromModule = Array.from({ length: rounds }, () => time(() => api.Evaluator.createSync(module).load(policy)));
  return {
    /** First compile, then first instantiate + load: the cold start. */
    firstMs: compileMs + firstLoadMs,
    firstCompileMs: compileMs,
    /** Warm: compile + instantiate + load from bytes (Node, Deno, Bun, browsers). */
    fromBytesMs: median(fromBytes),
    /** Warm: instantiate + load from a compiled module (Workers get one from the host). */
    fromModuleMs: median(fromModule),
  };
}
