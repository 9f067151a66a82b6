// `node bench/first-load.mjs [--json] [--no-entry|--no-steps] [--wasm a.wasm,b.wasm]` (also run by `npm run bench`): where a fresh
// process's first policy load goes. Each sample is a new process (Node, and Deno and Bun when test/runtimes has
// them), so every cost is a first one:
//   entry  the default entry as a user meets it: import dist/index.js, then the first decision of a PassportProvider
//          (base64 + inflate + compile + instantiate + policy load + decide, all inside evaluateSync)
//   steps  the same work done by hand, phase by phase: import, base64 decode of the inlined gzip, inflate (Bun's gunzip
//          or the zlib Node and Deno lend; DecompressionStream beside it, as browsers do), WebAssembly.Module,
//          instantiate, policy load, first decision;
//          plus the first validatePassport call (the ajv standalone validator loadGuardFromText runs, imported on
//          demand from validators.js)
//   wasm   with --wasm: the steps from compile on for each listed policy.wasm (another build setting's output), read
//          from disk, the processes of all files interleaved so that load on the machine falls on each alike
// Printed, never asserted (the budget: instantiate + policy load <= 5 ms in Node).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const args = globalThis.Deno?.args ?? process.argv.slice(2);
const root = fileURLToPath(new URL("..", import.meta.url));
const now = () => performance.now();

if (args[0] === "--child") {
  console.log(JSON.stringify(await child(args[1], args[2])));
} else {
  parent();
}

async function child(mode, wasmFile) {
  const passport = JSON.parse(readFileSync(`${root}examples/passport.json`, "utf8"));
  const request = { tool_name: "bash", tool_input: { command: "git status && ls -la src", timeout: 60 }, tool_call_id: "c1" };
  const t = { mode };
  // Wall ms, and this process's CPU ms where the runtime can say (robust to a loaded machine; includes V8's
  // background compile threads).
  const cpu = () => (globalThis.process?.cpuUsage ? (process.cpuUsage().user + process.cpuUsage().system) / 1000 : NaN);
  const phase = async (name, fn) => {
    const [wall, cpu0] = [now(), cpu()];
    const value = await fn();
    t[name] = now() - wall;
    t[`${name}Cpu`] = cpu() - cpu0;
    return value;
  };
  const api = await phase("import", () => import(`${root}dist/index.js`));
  if (mode === "entry") {
    const decision = await phase("firstDecision", () => new api.PassportProvider({ passport, workspace_root: "/workspace" }).evaluateSync(request));
    if (decision.decision !== "allow") throw new Error(JSON.stringify(decision));
    return t;
  }
  if (mode === "wasm") {
    const module = await phase("compile", () => new WebAssembly.Module(readFileSync(wasmFile)));
    const evaluator = await phase("instantiate", () => api.Evaluator.createSync(module));
    const policy = await phase("policyLoad", () => evaluator.load(JSON.stringify({ type: "passport", passport, workspace_root: "/workspace" })));
    const decision = await phase("firstDecision", () => policy.evaluateJson(JSON.stringify(request)));
    if (decision.decision !== "allow") throw new Error(JSON.stringify(decision));
    return t;
  }
  // steps: the inlined gzip is the one base64 literal of dist/index.js that starts with gzip's magic bytes.
  const base64 = readFileSync(`${root}dist/index.js`, "utf8").match(/"(H4sI[A-Za-z0-9+/=]+)"/)[1];
  // As bindings/core/base64.ts: fromBase64, else Buffer, else atob.
  const gzip = await phase("base64", () => Uint8Array.fromBase64?.(base64) ?? globalThis.Buffer?.from(base64, "base64") ?? viaAtob(base64));
  await phase("base64ViaAtob", () => viaAtob(base64)); // what Node paid before Buffer came first
  // As bindings/core/gunzip.ts: Bun's own gunzip, else the zlib Node and Deno lend (loading it is part of the cost), asked
  // for one output chunk of the size in the gzip trailer.
  const chunkSize = Math.max(16 * 1024, new DataView(gzip.buffer, gzip.byteOffset + gzip.length - 4).getUint32(0, true));
  const wasm = await phase("inflateSync", () => globalThis.Bun?.gunzipSync(gzip) ?? globalThis.process?.getBuiltinModule?.("node:zlib")?.gunzipSync(gzip, { chunkSize }));
  const streamed = await phase("inflateStream", async () =>
    new Uint8Array(await new Response(new Blob([gzip]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer()));
  const module = await phase("compile", () => new WebAssembly.Module(wasm ?? streamed));
  const evaluator = await phase("instantiate", () => api.Evaluator.createSync(module));
  const document = JSON.stringify({ type: "passport", passport, workspace_root: "/workspace" });
  const policy = await phase("policyLoad", () => evaluator.load(document));
  await phase("firstDecision", () => policy.evaluateJson(JSON.stringify(request)));
  // The default entry imports its schema validators on first use (validators.js beside it): that import is counted here.
  await phase("validatePassport", async () => (await api.loadSchemaValidators()).validatePassport(passport));
  return t;
}

function viaAtob(text) {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

function parent() {
  const json = args.includes("--json");
  if (args.includes("--wasm")) return compareBuilds(args[args.indexOf("--wasm") + 1].split(","), json);
  const SAMPLES = 9;
  const MODES = ["entry", "steps"].filter((mode) => !args.includes(`--no-${mode}`));
  const bin = (name) => `${root}test/runtimes/node_modules/.bin/${name}`;
  const self = fileURLToPath(import.meta.url);
  const runtimes = [
    ["node", process.execPath, []],
    ["deno", bin("deno"), ["run", "--allow-read", "--allow-env"]],
    ["bun", bin("bun"), []],
  ].filter(([, command]) => existsSync(command));
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  const range = (xs) => (xs.some(Number.isNaN) ? null : [Math.min(...xs), Math.max(...xs)].map((x) => Number(x.toFixed(2))));
  const rows = [];
  for (const [runtime, command, flags] of runtimes) {
    for (const mode of MODES) {
      const samples = Array.from({ length: SAMPLES }, () => JSON.parse(execFileSync(command, [...flags, self, "--child", mode], { encoding: "utf8" }).trim().split("\n").pop()));
      const row = { case: "first-load", runtime, mode };
      for (const key of Object.keys(samples[0]).filter((k) => k !== "mode")) row[key] = samples[0][key] === null ? null : median(samples.map((s) => s[key]));
      // The spread beside the median: on a shared machine one sample can be several times another.
      row.firstDecisionCpuRange = range(samples.map((s) => s.firstDecisionCpu));
      rows.push(row);
    }
  }
  if (json) {
    for (const row of rows) console.log(JSON.stringify(row));
    return;
  }
  console.log(`\nfirst load in a fresh process (ms wall / ms CPU, median of ${SAMPLES} processes)`);
  const NOT_SUMMED = new Set(["base64ViaAtob", "inflateStream", "validatePassport"]);
  for (const { runtime, mode, case: _, firstDecisionCpuRange: spread, ...phases } of rows) {
    const names = Object.keys(phases).filter((k) => !k.endsWith("Cpu") && phases[k] !== null);
    const cell = (k) => `${phases[k].toFixed(2)}${Number.isNaN(phases[`${k}Cpu`]) ? "" : `/${phases[`${k}Cpu`].toFixed(2)}`}`;
    const total = names.filter((k) => !NOT_SUMMED.has(k)).reduce((sum, k) => sum + phases[k], 0);
    console.log(`${runtime.padEnd(5)} ${mode.padEnd(6)} ${names.map((k) => `${k} ${cell(k)}`).join(", ")}  (wall sum ${total.toFixed(2)}${mode === "steps" ? `: sync inflate; not ${[...NOT_SUMMED].join(", ")}` : ""})` +
      (spread ? `; firstDecision CPU ${spread[0]}–${spread[1]}` : ""));
  }
}

/** Node only: each file's compile → first decision, 9 processes per file, interleaved; CPU ms medians and spread. */
function compareBuilds(files, json) {
  const SAMPLES = 9;
  const self = fileURLToPath(import.meta.url);
  const samples = new Map(files.map((file) => [file, []]));
  for (let i = 0; i < SAMPLES; i++) {
    for (const file of files) {
      samples.get(file).push(JSON.parse(execFileSync(process.execPath, [self, "--child", "wasm", file], { encoding: "utf8" }).trim().split("\n").pop()));
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  const PHASES = ["compile", "instantiate", "policyLoad", "firstDecision"];
  if (!json) console.log(`\nfirst load of each policy.wasm in a fresh Node process (ms CPU, median of ${SAMPLES} interleaved processes)`);
  for (const [file, runs] of samples) {
    const totals = runs.map((run) => PHASES.reduce((sum, k) => sum + run[`${k}Cpu`], 0));
    const row = { case: "first-load", runtime: "node", mode: "wasm", file, total: median(totals), totalRange: [Math.min(...totals), Math.max(...totals)] };
    for (const k of PHASES) row[k] = median(runs.map((run) => run[`${k}Cpu`]));
    if (json) console.log(JSON.stringify(row));
    else console.log(`${file}: ${PHASES.map((k) => `${k} ${row[k].toFixed(2)}`).join(", ")}; total ${row.total.toFixed(2)} (${row.totalRange.map((x) => x.toFixed(1)).join("–")})`);
  }
}
