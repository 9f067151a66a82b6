// Instructions per decision, per jitted function: exact counts where
// functions.sh samples. valgrind's callgrind counts every instruction of the
// process for two loop lengths; V8's perf map (--perf-basic-prof) names the
// jitted code each address belongs to; the difference of the two runs,
// divided by the difference of the lengths, leaves one decision.
//   node bench/profile/instructions-by-function.mjs <policy.wasm> [cmd|file|web|short|unknown|noop]
// Build the wasm with names to see wasm functions (functions.sh shows how).
// LO, HI (loop lengths) and TOP (rows) from the environment. Needs valgrind.
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const [wasm = "build/policy.wasm", kind = "cmd"] = process.argv.slice(2);
const lo = Number(process.env.LO ?? 2000), hi = Number(process.env.HI ?? 8000), top = Number(process.env.TOP ?? 40);
const driver = new URL("decisions.mjs", import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), "cg-"));

/** Self instructions by function name for one run of `count` decisions. */
function run(count) {
  const out = join(dir, `cg.${count}`);
  execFileSync("valgrind", ["--tool=callgrind", "--dump-instr=yes", `--callgrind-out-file=${out}`,
    "node", "--perf-basic-prof", "--single-threaded", "--predictable", "--no-memory-reducer", "--no-liftoff", "--no-wasm-tier-up", driver, wasm, kind, String(count)],
  { stdio: "ignore" });
  const text = readFileSync(out, "utf8");
  const pid = /^pid: (\d+)$/m.exec(text)[1];
  const mapFile = `/tmp/perf-${pid}.map`;
  const ranges = readFileSync(mapFile, "utf8").split("\n").filter(Boolean).map((line) => {
    const [start, size, ...name] = line.split(" ");
    return [parseInt(start, 16), parseInt(size, 16), name.join(" ").replace(/^JS:/, "").replace(/-\d+-turbofan$/, "")];
  }).sort((a, b) => a[0] - b[0]);
  rmSync(mapFile);
  const nameOf = (addr, fn) => {
    let l = 0, h = ranges.length - 1, found = -1;
    while (l <= h) { const m = (l + h) >> 1; if (ranges[m][0] <= addr) { found = m; l = m + 1; } else h = m - 1; }
    return found >= 0 && addr < ranges[found][0] + ranges[found][1] ? ranges[found][2] : `native:${fn}`;
  };
  // Callgrind's compressed format: positions are absolute (0x…), relative (+n, -n) or the same (*);
  // the cost line after `calls=` is the callee's inclusive cost, not this function's own.
  const names = new Map();
  const costs = new Map();
  let addr = 0, fn = "?", skip = false;
  const pos = (t) => t === "*" ? addr : t[0] === "+" ? addr + Number(t.slice(1)) : t[0] === "-" ? addr - Number(t.slice(1)) : Number(t);
  for (const line of text.split("\n")) {
    const c = line[0];
    if (c === "0" || c === "+" || c === "-" || c === "*" || (c >= "1" && c <= "9")) {
      const parts = line.split(" ");
      addr = pos(parts[0]);
      if (skip) { skip = false; continue; }
      if (parts.length >= 3) {
        const name = nameOf(addr, fn);
        costs.set(name, (costs.get(name) ?? 0) + Number(parts[2]));
      }
    } else if (line.startsWith("fn=") || line.startsWith("cfn=")) {
      const m = /^c?fn=\((\d+)\)(?: (.*))?$/.exec(line);
      if (m && m[2]) names.set(m[1], m[2]);
      if (m && line[0] === "f") fn = names.get(m[1]) ?? "?";
    } else if (line.startsWith("calls=")) skip = true;
  }
  return costs;
}

const a = run(lo), b = run(hi);
rmSync(dir, { recursive: true });
const rows = [...new Set([...a.keys(), ...b.keys()])]
  .map((name) => [((b.get(name) ?? 0) - (a.get(name) ?? 0)) / (hi - lo), name])
  .filter(([v, name]) => Math.abs(v) >= 5 && !name.startsWith("native:v8::internal::compiler"))
  .sort((x, y) => y[0] - x[0]);
console.log(`${kind}: ${Math.round(rows.reduce((s, [v]) => s + v, 0))} instructions per decision (JIT compiler noise left out)`);
for (const [v, name] of rows.slice(0, top)) console.log(`${String(Math.round(v)).padStart(8)}  ${name}`);
