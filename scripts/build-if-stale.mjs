#!/usr/bin/env node
// `npm run demo`: build only when dist/ is missing or older than what it is built from, and keep the build's
// output out of the way (it is printed only when the build fails).
//
//   node scripts/build-if-stale.mjs        exit 0 when dist/ is fresh (after building if it was not)

import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..");
// What the build reads. bindings/**/generated is written by the build itself, so it does not count.
const SOURCES = ["assembly", "bindings", "schemas", "scripts", "tsup.config.ts", "asconfig.json", "package.json"];
// The build's last outputs (tsup, after the wasm): when any is missing or older, build.
const OUTPUTS = ["dist/index.js", "dist/node.js", "dist/cli.js", "dist/policy.wasm"];

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === "generated" || entry === "node_modules" || entry.startsWith(".")) continue;
    latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
}

/** Why `root`'s dist/ needs a build, or null when it is newer than everything it is built from. */
export function staleReason(root = repo) {
  const missing = OUTPUTS.find((file) => !existsSync(join(root, file)));
  if (missing) return `${missing} is missing`;
  const built = Math.min(...OUTPUTS.map((file) => statSync(join(root, file)).mtimeMs));
  const changed = SOURCES.filter((source) => existsSync(join(root, source))).find((source) => newest(join(root, source)) > built);
  return changed ? `${changed} changed since the last build` : null;
}

function main() {
  const reason = staleReason();
  if (!reason) return 0;
  process.stderr.write(`building (${reason}) …\n`);
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const build = spawnSync(npm, ["run", "build", "--silent"], { cwd: repo, encoding: "utf8" });
  if (build.status === 0) return 0;
  process.stderr.write(build.stdout + build.stderr + "build failed\n");
  return build.status ?? 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) process.exitCode = main();
