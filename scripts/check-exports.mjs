#!/usr/bin/env node
// Fails the build when package.json points at a file the build did not produce: every `exports` target (under
// every condition), `main`, `types` and `bin`, and every `.wasm` a built entry imports (a Worker entry's
// `import m from "./policy.wasm"` stays external, so nothing else would notice it missing), and every sibling module a
// built entry imports on demand (`import("./validators.js")`).
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

/** Problems, one line each; empty when every promise is kept. */
export function checkPackage(root) {
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
    for (const [, specifier] of code.matchAll(/\bimport\(\s*["'](\.\/[^"']+\.js)["']\s*\)/g)) {
      if (!existsSync(resolve(dist, specifier))) problems.push(`dist/${file}: imports "${specifier}" on demand, which the build did not produce`);
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
