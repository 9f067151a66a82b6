// `node bench/first-load.mjs [--json]` (also run by `npm run bench`): where a fresh process's first policy load goes.
// Each sample is a new process (Node, and Deno and Bun when test/runtimes has them), so every cost is a first one:
//   entry  the default entry as a user meets it: import dist/index.js, then the first decision of a PassportProvider
//          (base64 + inflate + compile + instantiate + policy load + decide, all inside evaluateSync)
//   steps  the same work done by hand, phase by phase: import, base64 decode of the inlined gzip, inflate (zlib where
//          the host lends it, else DecompressionStream), WebAssembly.Module, instantiate, policy load, first decision;
//          plus the first validatePassport call (the ajv standalone validator loadGuardFromText runs)
// Printed, never asserted (issue 3's budget: instantiate + policy load <= 5 ms in Node).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const args = globalThis.Deno?.args ?? process.argv.slice(2);
const root = fileURLToPath(new URL("..", import.meta.url));
const now = () => performance.now();

if (args[0] === "--child") {
  console.log(JSON.stringify(await child(args[1])));
} else {
  parent();
}

async function child(mode) {
  const passport = JSON.parse(readFileSync(`${root}examples/passport.json`, "utf8"));
  const request = { tool_name: "bash", tool_input: { command: "git status && ls -la src", timeout: 60 }, tool_call_id: "c1" };
  const t = { mode };
  let start = now();
  const api = await import(`${root}dist/index.js`);
  t.import = now() - start;
  if (mode === "entry") {
    start = now();
    const decision = new api.PassportProvider({ passport, workspace_root: "/workspace" }).evaluateSync(request);
    t.firstDecision = now() - start;
    if (decision.decision !== "allow") throw new Error(JSON.stringify(decision));
    return t;
  }
  // steps: the inlined gzip is the one base64 literal of dist/index.js that starts with gzip's magic bytes.
  const base64 = readFileSync(`${root}dist/index.js`, "utf8").match(/"(H4sI[A-Za-z0-9+/=]+)"/)[1];
  start = now();
  const gzip = Uint8Array.fromBase64 ? Uint8Array.fromBase64(base64) : Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  t.base64 = now() - start;
  start = now();
  const zlib = globalThis.process?.getBuiltinModule?.("node:zlib");
  const wasm = zlib ? zlib.gunzipSync(gzip) : null;
  t.inflateZlib = zlib ? now() - start : null;
  start = now();
  const streamed = new Uint8Array(await new Response(new Blob([gzip]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
  t.inflateStream = now() - start;
  start = now();
  const module = new WebAssembly.Module(wasm ?? streamed);
  t.compile = now() - start;
  start = now();
  const evaluator = api.Evaluator.createSync(module);
  t.instantiate = now() - start;
  start = now();
  const policy = evaluator.load(JSON.stringify({ type: "passport", passport, workspace_root: "/workspace" }));
  t.policyLoad = now() - start;
  start = now();
  policy.evaluateJson(JSON.stringify(request));
  t.firstDecision = now() - start;
  start = now();
  api.validatePassport(passport);
  t.validatePassport = now() - start;
  return t;
}

function parent() {
  const json = args.includes("--json");
  const SAMPLES = 9;
  const bin = (name) => `${root}test/runtimes/node_modules/.bin/${name}`;
  const self = fileURLToPath(import.meta.url);
  const runtimes = [
    ["node", process.execPath, []],
    ["deno", bin("deno"), ["run", "--allow-read", "--allow-env"]],
    ["bun", bin("bun"), []],
  ].filter(([, command]) => existsSync(command));
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  const rows = [];
  for (const [runtime, command, flags] of runtimes) {
    for (const mode of ["entry", "steps"]) {
      const samples = Array.from({ length: SAMPLES }, () => JSON.parse(execFileSync(command, [...flags, self, "--child", mode], { encoding: "utf8" }).trim().split("\n").pop()));
      const row = { case: "first-load", runtime, mode };
      for (const key of Object.keys(samples[0]).filter((k) => k !== "mode")) row[key] = samples[0][key] === null ? null : median(samples.map((s) => s[key]));
      rows.push(row);
    }
  }
  if (json) {
    for (const row of rows) console.log(JSON.stringify(row));
    return;
  }
  console.log(`\nfirst load in a fresh process (ms, median of ${SAMPLES} processes)`);
  for (const { runtime, mode, case: _, ...phases } of rows) {
    const parts = Object.entries(phases).filter(([, v]) => v !== null).map(([k, v]) => `${k} ${v.toFixed(2)}`);
    const total = Object.entries(phases).filter(([k, v]) => v !== null && k !== "inflateStream" && k !== "validatePassport").reduce((sum, [, v]) => sum + v, 0);
    console.log(`${runtime.padEnd(5)} ${mode.padEnd(6)} ${parts.join(", ")}  (sum ${total.toFixed(2)}${mode === "steps" ? ", zlib inflate, no validator" : ""})`);
  }
}
