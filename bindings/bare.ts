/**
 * @module
 * portcullis/bare — the API with no wasm inside, for hosts that load
 * `portcullis/policy.wasm` themselves (a CDN, `compileStreaming`, a cache):
 * call `provideWasm(moduleOrBytesOrLoader)` before the first decision.
 * Until then providers fail with CoreError("not_ready").
 */

export * from "./api.ts";
