// `npm run bench [-- --json]`: bench/runtimes.mjs (decisions, then load in every runtime), bench/first-load.mjs (a fresh
// process's first load, phase by phase), bench/sanitize.mjs, bench/hook.mjs (end-to-end hook calls) and bench/proof.mjs (receipts, audit chain, spans) in turn,
// arguments (npm would hand `-- --json` to the last command of a chain only).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

for (const script of ["runtimes.mjs", "first-load.mjs", "sanitize.mjs", "hook.mjs", "proof.mjs"]) {
  const file = fileURLToPath(new URL(script, import.meta.url));
  const run = spawnSync(process.execPath, [file, ...process.argv.slice(2)], { stdio: "inherit" });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
