// Chromium: the page exposes the replay; the test calls it with page.evaluate. Browsers have no package
// resolution without an import map (which a strict CSP would block inline), so the built files are imported
// by URL — what a page that copies dist/ does. Two entries: the default one (wasm inlined) and portcullis/bare
// given policy.wasm through compileStreaming, as a page that serves the .wasm itself would.
import * as inline from "/dist/index.js";
import * as bare from "/dist/bare.js";
import { yamlSyntax } from "/dist/yaml.js";
import * as sanitizer from "/dist/sanitize.js";
import { replay } from "./replay.mjs";

bare.provideWasm(await WebAssembly.compileStreaming(fetch("/dist/policy.wasm")));
const entries = { default: inline, bare };

window.portcullisReplay = async (cases, entry = "default") => ({ runtime: "chromium", results: await replay({ api: entries[entry], yamlSyntax, sanitizer }, cases) });
document.documentElement.dataset.ready = "true";
