#!/usr/bin/env node
// Fails the build when package.json points at a file the build did not produce: every `exports` target (under
// every condition), `main`, `types` and `bin`, and every `.wasm` a built entry imports (a Worker entry's
// `import m from "./policy.wasm"` stays external, so nothing else would notice it missing), and every sibling module a
// built entry imports on demand (`import("./validators.js")`) or statically (a shared `./index-<hash>.js` chunk), and
// every digest-named wasm file a built entry reads (`policy-<hex>.wasm`); and the default entry's size budget:
// dist/index.js with every chunk it imports statically (what importing it loads).
//
//   node scripts/check-exports.mjs        (run by `npm run build`)
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** Every file path package.json promises, with where it is promised. */
export function promisedFiles(pkg) {
  const out = [];
  const walk = (value, where) => {
    if (typeof value === "string") out.push({ where, path: value });
    else if (value && typeof value === "object") for (const [key, inner] of Object.entries(value)) walk(inner, `${where}.${key}`);
  };
  walk(pkg.exports, "exports");
  for (const key of ["main", "module", "types", "bin"]) if (pkg[key] !== undefined) walk(pkg[key], key);
  return out;
}

/**
 * Decimal bytes, before gzip: dist/index.js and the chunks it imports statically (policy.wasm's gzip, inlined as
 * base64, is about 208 KB of it). Lower it when the entry shrinks. Raise it only for new core rules (the inlined
 * wasm grows with them), saying by how much in the commit; the goal is 270 KB.
 */
export const DEFAULT_ENTRY_BUDGET = 342_000;

const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["'](\.\/[^"']+\.js)["']\s*\)/g;

/** `entry` and every file it imports statically, transitively (dist-relative names, entry first), with their bytes. */
export function staticClosure(dist, entry) {
  const files = new Map();
  const visit = (file) => {
    if (files.has(file) || !existsSync(join(dist, file))) return;
    const code = readFileSync(join(dist, file), "utf8");
    files.set(file, Buffer.byteLength(code));
    for (const [, specifier] of code.matchAll(STATIC_IMPORT)) visit(specifier.slice(2));
  };
  visit(entry);
  return { files: [...files.keys()], bytes: [...files.values()].reduce((a, b) => a + b, 0) };
}

/** Problems, one line each; empty when every promise is kept. */
export function checkPackage(root, budget = DEFAULT_ENTRY_BUDGET) {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const problems = [];
  for (const { where, path } of promisedFiles(pkg)) {
    if (path.includes("*")) problems.push(`${where}: pattern "${path}" is not supported by this check`);
    else if (!existsSync(join(root, path))) problems.push(`${where}: "${path}" does not exist after the build`);
  }
  const dist = join(root, "dist");
  for (const file of existsSync(dist) ? readdirSync(dist).filter((f) => f.endsWith(".js")) : []) {
    const code = readFileSync(join(dist, file), "utf8");
    for (const [, specifier] of code.matchAll(/\bfrom\s*["'](\.[^"']+\.wasm)["']/g)) {
      if (!existsSync(resolve(dist, specifier))) problems.push(`dist/${file}: imports "${specifier}", which the build did not copy`);
    }
    // The runtime entries import what a first decision never needs on demand, from sibling files (tsup.config.ts).
    for (const [, specifier] of code.matchAll(DYNAMIC_IMPORT)) {
      if (!existsSync(resolve(dist, specifier))) problems.push(`dist/${file}: imports "${specifier}" on demand, which the build did not produce`);
    }
    for (const [, specifier] of code.matchAll(STATIC_IMPORT)) {
      if (!existsSync(resolve(dist, specifier))) problems.push(`dist/${file}: imports "${specifier}", which the build did not produce`);
    }
    // Node reads a module's raw bytes from the file named by their digest instead of inflating the inlined copy.
    for (const [, name] of code.matchAll(/["']([a-z]+-[0-9a-f]{16}\.wasm)["']/g)) {
      if (!existsSync(join(dist, name))) problems.push(`dist/${file}: names "${name}", which the build did not copy`);
    }
  }
  if (existsSync(join(dist, "index.js"))) {
    const entry = staticClosure(dist, "index.js");
    if (entry.bytes > budget) {
      problems.push(`dist/index.js with the chunks it imports statically (${entry.files.join(", ")}) is ${entry.bytes} bytes, over its budget of ${budget}`);
    }
  }
  return problems;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
  const problems = checkPackage(root);
  for (const problem of problems) console.error(`check-exports: ${problem}`);
  if (problems.length > 0) process.exit(1);
  console.log(`check-exports: ${promisedFiles(JSON.parse(readFileSync(join(root, "package.json"), "utf8"))).length} package.json targets exist`);
}
