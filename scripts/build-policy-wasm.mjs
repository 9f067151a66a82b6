// Builds build/policy.wasm (`npm run asbuild`): asc without its optimiser (asconfig.json target "policy"), then
// binaryen's wasm-opt -O3 with binaryen's own inlining limits. asc's -O3 inlines far more (functions up to 12 nodes
// always, 70 when cheap, 200 with one caller, loops too): 354 KB against 278 KB for ~6 % fewer instructions per
// command decision. Chosen by measurement (README "Performance"; bench/profile/compare.mjs, instructions.sh).
// wasm-opt ships with assemblyscript (the `binaryen` package); the features are exactly asc's defaults.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { mergeDataSegments, sameStartingMemory } from "./merge-data-segments.mjs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const bin = (name) => `${root}node_modules/.bin/${name}`;
const FEATURES = ["--mvp-features", "--enable-mutable-globals", "--enable-sign-ext", "--enable-nontrapping-float-to-int", "--enable-bulk-memory"];
// Memory packing splits the data at every run of zeros (3,670 segments): 25 KB smaller raw but 3.9 KB larger
// gzipped, and the module travels gzipped (inlined in the default entry, served compressed): skipped.
// A function with one caller is inlined only up to 20 nodes: V8 compiles each wasm function when it first runs, and
// a cold branch inlined into its caller is compiled with it whether it runs or not. One function holding every
// capability's checks (55 KB) made a first command decision compile all of them; at 200 nodes the first command
// decision in a fresh process still cost 13-16 ms CPU, at 20 it costs 8.5-11 (Node 20, --single-threaded so that
// tier-up is counted; 60 nodes: 12.6-14). A warm command decision costs a few percent more for the extra calls.
// Measured again 2026-11-27 (binaryen 131, Node 20, a loaded machine; warm: bench/profile/compare.mjs, CPU µs of the
// 200-byte command decision, the builds interleaved; cold: bench/first-load.mjs --wasm, CPU ms of the first decision
// after import, medians of 9 processes), each against this build in the same run:
//   one-caller limit 40: warm -3 %, first decision +22 to +30 %; 60: warm ±0, first +19 %;
//   binaryen's default (no limit): warm -15 % (24.7 against 29.0 µs), first decision +97 % (25.0 against 12.7 ms);
//   --flexible-inline-max-function-size=40: warm ±1 %, first ±0, +3.7 KB raw;
//   @inline on six small hot helpers (containsZeroByte, bytesIs, basenameOffset, indexOf, hasSlash, foldEq): warm
//   +2 %, first +5 %, +19 KB raw, +3.8 KB gzip -9; --inline-functions-with-loops: byte-identical output.
// The first decision may not get more than 10 % slower for a warm gain, so the limit stays at 20.
// Measured and not taken (2026-11-27, bench/first-load.mjs --wasm, instructions.sh): -Os is 7 % smaller raw and
// 4.0 KB smaller zopfli-gzipped (5.4 KB less base64 in the default entry) but costs +23 % instructions per command
// decision, -Oz the same size; neither makes the first decision cheaper. Running the start function at build time
// (asc --exportStart, then binaryen's wasm-ctor-eval) cuts instantiation from ~7 to ~1.5 ms CPU, but the heap the
// start builds (program rows, danger tables: ~330 KB) becomes data: +67 KB gzip -9.
const OPTIMIZE = ["-O3", "--converge", "--skip-pass=memory-packing", "--one-caller-inline-max-function-size=20"];

const run = (command, args) => execFileSync(command, args, { cwd: root, stdio: "inherit" });
run(bin("asc"), ["assembly/index.ts", "--config", "asconfig.json", "--target", "policy"]);
run(bin("wasm-opt"), ["build/policy.wasm", ...FEATURES, ...OPTIMIZE, "-o", "build/policy.wasm"]);
// One data segment per run of static objects instead of one per object (merge-data-segments.mjs); the build stops if
// the merged module would start from other memory than wasm-opt's.
const optimized = readFileSync(`${root}build/policy.wasm`);
const compact = mergeDataSegments(optimized);
if (!sameStartingMemory(optimized, compact)) throw new Error("build-policy-wasm: merging data segments changed the starting memory");
writeFileSync(`${root}build/policy.wasm`, compact);
