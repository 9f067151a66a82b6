// Drives N sanitize calls of one bench input through the public Sanitizer class, for the
// instruction counters in bench/profile/ (valgrind counts are repeatable on a loaded machine,
// wall time is not):
//   node bench/sanitize-profile.mjs <sanitize.wasm> <ascii|mixed|html|floor-ascii|floor-mixed> <N>
// `floor-*` runs the bench's floor instead (TextEncoder.encode + TextDecoder.decode, one copy each
// way), so both sides of a ratio are counted alike. A wasm built with names (asc … --debug) shows
// the core's functions by name in bench/profile/instructions-by-function.mjs.
import { readFileSync } from "node:fs";
import { Sanitizer } from "../dist/sanitize.js";
import { benchInputs } from "./sanitize-inputs.mjs";

const [wasmPath, kind, count] = process.argv.slice(2);
const inputs = benchInputs();
const n = Number(count);
if (kind.startsWith("floor-")) {
  const text = inputs[kind.slice(6)];
  for (let i = 0; i < n; i++) new TextDecoder().decode(new TextEncoder().encode(text));
} else {
  const text = inputs[kind];
  if (text === undefined) throw new Error(`unknown input ${kind}`);
  const sanitizer = Sanitizer.createSync(readFileSync(wasmPath));
  const options = { maxLength: 0, html: kind === "html" };
  for (let i = 0; i < n; i++) sanitizer.sanitize(text, options);
}
