// `npm run soak:decisions` (not part of npm test): 10^6 decisions over the mixed corpora of shared
// vectors (test/vectors/*.jsonl: agents, commands, paths, URLs, MCP, messaging, payments…), round
// robin, through the public API of the built bundle. Every 10^5 decisions it prints the window's
// p50 / p99 / max per decision, the process RSS, the JS heap and the wasm linear memory, so drift
// in the tail or growing memory shows. Each decision is checked against its vector's expectation:
// a wrong one ends the soak with exit code 1.
//   SOAK_DECISIONS=200000 node bench/soak-decisions.mjs     (fewer decisions)
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadGuard, StaticUsageStore, sharedEvaluatorSync } from "../dist/node.js";
import { summarize, round } from "./stats.mjs";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

// A full collection before each memory reading, so the heap column shows what is still reachable
// (a leak) and not garbage the collector has not reached yet.
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc");

const TOTAL = Number(process.env.SOAK_DECISIONS ?? 1_000_000);
const WINDOW = Math.min(100_000, TOTAL);
const DEFAULT_NOW = "2026-11-22T00:00:00Z";
const dir = fileURLToPath(new URL("../test/vectors/", import.meta.url));

// Vectors a synchronous provider can replay: a request or raw line and a policy file.
const vectors = [];
for (const file of readdirSync(dir).filter((f) => f.endsWith(".jsonl")).sort()) {
  for (const line of readFileSync(dir + file, "utf8").split("\n")) {
    if (!line.trim()) continue;
    const v = JSON.parse(line);
    if (v && v.policy && ("request" in v || "raw" in v)) vectors.push({ ...v, file });
  }
}

// One guard per (policy, clock, usage), as the vectors test loads them.
const guards = new Map();
const calls = [];
for (const v of vectors) {
  const key = `${v.policy}\u0000${v.now ?? DEFAULT_NOW}\u0000${JSON.stringify(v.usage ?? null)}`;
  if (!guards.has(key)) {
    const now = Date.parse(v.now ?? DEFAULT_NOW);
    const { guard } = await loadGuard(dir + "policies/" + v.policy, { clock: () => now, usage: new StaticUsageStore(v.usage ?? {}) });
    guards.set(key, guard.provider);
  }
  const provider = guards.get(key);
  if (typeof provider.evaluateJsonSync !== "function") continue;
  const json = v.raw !== undefined ? v.raw : JSON.stringify(v.request);
  calls.push({ name: `${v.file}: ${v.name}`, run: () => provider.evaluateJsonSync(json), expect: v.expect.decision });
}
if (calls.length === 0) throw new Error("soak: no replayable vectors");

const mb = (n) => round(n / 2 ** 20, 1);
const memory = () => {
  gc();
  const { heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
  // external includes the wasm memories (ArrayBuffers); what is left is native memory V8 reports.
  return { rss: mb(process.memoryUsage.rss()), heap: mb(heapUsed), heapTotal: mb(heapTotal), external: mb(external - arrayBuffers), wasm: mb(sharedEvaluatorSync().memoryBytes) };
};
console.log(`soak: ${TOTAL} decisions over ${calls.length} of ${vectors.length} vectors (the rest need an async provider), ${guards.size} policies, windows of ${WINDOW}`);
console.log("window      p50 µs   p99 µs   max µs   RSS MiB  heap MiB (live / total)  wasm MiB");
const samples = new Float64Array(WINDOW);
const windows = [];
let k = 0;
for (let done = 0; done < TOTAL; ) {
  const n = Math.min(WINDOW, TOTAL - done);
  for (let i = 0; i < n; i++) {
    const call = calls[k];
    k = k + 1 === calls.length ? 0 : k + 1;
    const t0 = process.hrtime.bigint();
    const d = call.run();
    samples[i] = Number(process.hrtime.bigint() - t0) / 1000;
    if (d.decision !== call.expect) {
      console.error(`soak: ${call.name} decided ${d.decision}, expected ${call.expect}`);
      process.exit(1);
    }
  }
  done += n;
  const s = summarize(samples.subarray(0, n));
  const m = memory();
  windows.push({ ...s, ...m });
  console.log(`${String(done).padStart(7)}  ${String(round(s.p50)).padStart(8)} ${String(round(s.p99)).padStart(8)} ${String(round(s.max, 0)).padStart(8)} ${String(m.rss).padStart(9)} ${String(m.heap).padStart(9)} / ${String(m.heapTotal).padEnd(8)} ${String(m.wasm).padStart(9)}`);
}
// Drift: the later windows against the second (the first carries the warm-up).
if (windows.length >= 3) {
  const base = windows[1];
  const late = windows.slice(2);
  const p99s = late.map((w) => w.p99);
  console.log(`p99 of windows 3..${windows.length}: ${round(Math.min(...p99s))}-${round(Math.max(...p99s))} µs (window 2: ${round(base.p99)} µs)`);
  const last = windows.at(-1);
  console.log(`RSS: ${base.rss} MiB after window 2, ${last.rss} MiB at the end; live JS heap after a full GC ${base.heap} -> ${last.heap} MiB; wasm memory ${base.wasm} -> ${last.wasm} MiB`);
}
