// The core's two as-pect tiers (quick, then oracles: see as-pect.tiers.js) run side by side, one process each:
// every spec compiles the core on its own, so two cores halve the wall time of the longest step of `npm test`.
// Each tier's output is held and printed whole, quick tier first, so its summary lines stay in one piece for
// scripts/count-tests.mjs. Exits non-zero when either tier fails or cannot start.
import { spawn } from "node:child_process";

const tiers = [
  ["quick", "test:as"],
  ["oracles", "test:oracles"],
];
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

function run([name, script]) {
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(npm, ["run", "--silent", script], { stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (c) => chunks.push(c));
    child.stderr.on("data", (c) => chunks.push(c));
    child.on("error", (error) => resolve({ name, code: 1, output: `${name} tier did not start: ${error.message}\n` }));
    child.on("close", (code, signal) => resolve({ name, code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString() }));
  });
}

const results = await Promise.all(tiers.map(run));
let failed = 0;
for (const r of results) {
  process.stdout.write(`\n== as-pect, ${r.name} tier\n${r.output}`);
  if (r.code !== 0) {
    console.error(`as-pect ${r.name} tier failed (exit ${r.code})`);
    failed++;
  }
}
process.exit(failed > 0 ? 1 : 0);
