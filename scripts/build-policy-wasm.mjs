// Builds build/policy.wasm (`npm run asbuild`): asc without its optimiser (asconfig.json target "policy"), then
// binaryen's wasm-opt -O3 with binaryen's own inlining limits. asc's -O3 inlines far more (functions up to 12 nodes
// always, 70 when cheap, 200 with one caller, loops too): 354 KB against 278 KB for ~6 % fewer instructions per
// command decision. Chosen by measurement (README "Performance"; bench/profile/compare.mjs, instructions.sh).
// wasm-opt ships with assemblyscript (the `binaryen` package); the features are exactly asc's defaults.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const bin = (name) => `${root}node_modules/.bin/${name}`;
const FEATURES = ["--mvp-features", "--enable-mutable-globals", "--enable-sign-ext", "--enable-nontrapping-float-to-int", "--enable-bulk-memory"];
// Memory packing splits the data at every run of zeros (3,670 segments): 25 KB smaller raw but 3.9 KB larger
// gzipped, and the module travels gzipped (inlined in the default entry, served compressed): skipped.
const OPTIMIZE = ["-O3", "--converge", "--skip-pass=memory-packing"];

const run = (command, args) => execFileSync(command, args, { cwd: root, stdio: "inherit" });
run(bin("asc"), ["assembly/index.ts", "--config", "asconfig.json", "--target", "policy"]);
run(bin("wasm-opt"), ["build/policy.wasm", ...FEATURES, ...OPTIMIZE, "-o", "build/policy.wasm"]);
