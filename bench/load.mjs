// `node bench/load.mjs`, `deno run --allow-read bench/load.mjs`, `bun bench/load.mjs` [--json]
// (`npm run bench` runs it in each installed runtime after bench/run.mjs; see bench/runtimes.mjs).
//
// What a cold start costs: the size of each built file (raw and gzipped), importing the default entry, and
// turning policy.wasm into a loaded policy (bench/measure-load.mjs). Printed, never asserted.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { measureLoad } from "./measure-load.mjs";

const json = (globalThis.Deno?.args ?? process.argv.slice(2)).includes("--json");
const runtime = globalThis.Deno ? `deno ${Deno.version.deno}` : globalThis.Bun ? `bun ${Bun.version}` : `node ${process.versions.node}`;
const dist = (file) => new URL(`../dist/${file}`, import.meta.url);
const FILES = ["policy.wasm", "index.js", "workerd.js", "bare.js", "yaml.js", "node.js", "cli.js"];

const importStart = performance.now();
const api = await import(dist("index.js").href);
const importMs = performance.now() - importStart;

const passport = JSON.parse(readFileSync(new URL("../examples/passport.json", import.meta.url), "utf8"));
const policy = JSON.stringify({ type: "passport", passport });
const load = measureLoad({ api, wasm: readFileSync(dist("policy.wasm")), policy });
const sizes = FILES.map((file) => {
  const bytes = readFileSync(dist(file));
  return { file, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
});
const result = { runtime, importMs, ...load, sizes };

if (json) {
  console.log(JSON.stringify(result));
} else {
  const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
  console.log(runtime);
  for (const { file, bytes, gzip } of sizes) console.log(`  ${file.padEnd(12)} ${kb(bytes).padStart(9)}  gzip -9 ${kb(gzip).padStart(8)}`);
  console.log(`  import dist/index.js:                      ${importMs.toFixed(2)} ms (first, incl. parse)`);
  console.log(`  compile + instantiate + passport load:     ${load.firstMs.toFixed(2)} ms first, ${load.fromBytesMs.toFixed(2)} ms warm median`);
  console.log(`  instantiate + passport load (from module): ${load.fromModuleMs.toFixed(2)} ms warm median`);
}
