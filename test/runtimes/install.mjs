#!/usr/bin/env node
// Installs the runtime matrix's test-only package (deno, bun, miniflare, wrangler, playwright-core) when any of
// its pinned versions is missing from test/runtimes/node_modules. `npm test` runs this before vitest, so a fresh
// clone's `npm install && npm test` runs the whole matrix. Packages come from the npm registry only; their
// install scripts stay blocked (the binaries ship in platform packages).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const dir = dirname(fileURLToPath(import.meta.url));
const wanted = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).dependencies;

function installedVersion(name) {
  const manifest = join(dir, "node_modules", name, "package.json");
  return existsSync(manifest) ? JSON.parse(readFileSync(manifest, "utf8")).version : null;
}

const stale = Object.entries(wanted).filter(([name, version]) => installedVersion(name) !== version);
if (stale.length === 0) {
  console.log(`runtime matrix: ${Object.keys(wanted).join(", ")} installed`);
} else {
  console.log(`runtime matrix: installing ${stale.map(([n, v]) => `${n}@${v}`).join(", ")} into test/runtimes (about 400 MB, once)`);
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  execFileSync(npm, ["install", "--no-audit", "--no-fund", "--no-save"], { cwd: dir, stdio: "inherit" });
  const still = Object.entries(wanted).filter(([name, version]) => installedVersion(name) !== version);
  if (still.length > 0) {
    console.error(`runtime matrix: still missing after npm install: ${still.map(([n, v]) => `${n}@${v}`).join(", ")}`);
    process.exit(1);
  }
}
