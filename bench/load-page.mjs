// bench/load.mjs's timings in a browser page (Chromium, driven by bench/runtimes.mjs).
import { measureLoad } from "./measure-load.mjs";

const importStart = performance.now();
const api = await import("/dist/index.js");
const importMs = performance.now() - importStart;
const wasm = new Uint8Array(await (await fetch("/dist/policy.wasm")).arrayBuffer());
const passport = await (await fetch("/examples/passport.json")).json();
// Compile once asynchronously first, as a page must for large modules on its main thread.
await WebAssembly.compile(wasm);
window.loadBench = { runtime: `chromium ${navigator.userAgent.match(/Chrome\/(\d+)/)?.[1]}`, importMs, ...measureLoad({ api, wasm, policy: JSON.stringify({ type: "passport", passport }) }) };
