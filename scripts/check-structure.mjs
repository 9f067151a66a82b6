#!/usr/bin/env node
// The module structure, checked: no import cycle, and no import into another
// folder that has an index.ts except through it. Today's exceptions are listed
// in scripts/structure-baseline.json; anything not listed fails, and an entry
// that no longer occurs must be removed (the list only shrinks).
//   node scripts/check-structure.mjs            check
//   node scripts/check-structure.mjs --update   rewrite the baseline to what is found now
import { readFileSync, readdirSync, statSync, writeFileSync, existsSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const baselineFile = join(root, "scripts/structure-baseline.json");
const ROOTS = ["bindings", "assembly"];

function sources(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name === "__tests__" || name === "generated" || name === "node_modules") continue;
      out.push(...sources(path));
    } else if (/\.ts$/.test(name) && !/\.(test|spec|d)\.ts$/.test(name) && !name.startsWith("_")) {
      out.push(path);
    }
  }
  return out;
}

function resolveImport(from, spec) {
  if (!spec.startsWith(".")) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, base.replace(/\.js$/, ".ts"), join(base, "index.ts")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const files = ROOTS.flatMap((r) => sources(join(root, r)));
const graph = new Map();
const bypasses = [];
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']/g;
for (const file of files) {
  const text = readFileSync(file, "utf8");
  const edges = new Set();
  for (const match of text.matchAll(IMPORT)) {
    // `import type` is erased at build time: it cannot form a runtime cycle.
    if (/^\s*(import|export)\s+type\s/.test(match[0].trim())) continue;
    const target = resolveImport(file, match[1]);
    if (!target || !files.includes(target)) continue;
    edges.add(target);
    const fromDir = dirname(file), toDir = dirname(target);
    // Inside one folder, or into a parent folder, is fine; a folder with an index.ts is entered through it.
    if (fromDir !== toDir && !target.endsWith("/index.ts") && !fromDir.startsWith(toDir + "/") && existsSync(join(toDir, "index.ts"))) {
      bypasses.push(`${relative(root, file)} -> ${relative(root, target)}`);
    }
  }
  graph.set(file, edges);
}

// Tarjan's strongly connected components: every component of more than one file is a cycle.
const cycles = [];
let counter = 0;
const index = new Map(), low = new Map(), stack = [], onStack = new Set();
function connect(v) {
  index.set(v, counter); low.set(v, counter); counter++;
  stack.push(v); onStack.add(v);
  for (const w of graph.get(v)) {
    if (!index.has(w)) { connect(w); low.set(v, Math.min(low.get(v), low.get(w))); }
    else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
  }
  if (low.get(v) === index.get(v)) {
    const component = [];
    let w;
    do { w = stack.pop(); onStack.delete(w); component.push(relative(root, w)); } while (w !== v);
    if (component.length > 1) cycles.push(component.sort().join(" <-> "));
  }
}
for (const v of graph.keys()) if (!index.has(v)) connect(v);

const found = { cycles: cycles.sort(), bypasses: [...new Set(bypasses)].sort() };
if (process.argv.includes("--update")) {
  writeFileSync(baselineFile, JSON.stringify(found, null, 2) + "\n");
  console.log(`structure baseline: ${found.cycles.length} cycles, ${found.bypasses.length} bypassing imports`);
  process.exit(0);
}
const baseline = existsSync(baselineFile) ? JSON.parse(readFileSync(baselineFile, "utf8")) : { cycles: [], bypasses: [] };
const problems = [];
for (const kind of ["cycles", "bypasses"]) {
  for (const item of found[kind]) if (!baseline[kind].includes(item)) problems.push(`new ${kind === "cycles" ? "import cycle" : "import bypassing index.ts"}: ${item}`);
  for (const item of baseline[kind]) if (!found[kind].includes(item)) problems.push(`fixed, remove from scripts/structure-baseline.json: ${item}`);
}
if (problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log(`structure: ${files.length} files; ${found.cycles.length} known cycles and ${found.bypasses.length} known bypassing imports, nothing new`);
