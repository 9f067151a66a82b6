// The core's specs in two tiers. Oracle specs check a fast path against the
// code it replaces (or an exhaustive definition) over thousands of generated
// inputs: they guard optimisations and take most of the run, so the edit loop
// (`npm run test:quick`) leaves them out and `npm run test:oracles` runs them.
// The oracle tier compiles with the constant ORACLES (as-pect.oracles.asconfig.json):
// the core reads its test toggles only then, so the release wasm carries none.
// `npm test` and CI run both tiers.
import { readdirSync } from "node:fs";

export const ORACLE_SPECS = [
  "json/decoded-copy", "json/follow", "json/key-tail", "json/key-words", "json/validate-differential", "json/whitespace", "policy/command-bytes", "policy/decision-reuse", "policy/file-root-allow", "policy/find-input", "policy/intern", "policy/intern-slot", "policy/scope-checks", "policy/uninspectable", "sanitize/htmlruns", "sanitize/htmlscan", "sanitize/markerzones", "sanitize/plainblocks", "sanitize/simdscans", "shell/effects-fast-paths", "shell/lexer-differential", "shell/pattern-differential", "shell/plain-words", "shell/programs-gates", "shell/walk-fast-paths", "util/path-plain",
].map((name) => `assembly/__tests__/${name}.spec.ts`);

/** Every spec file, as repository-relative paths. */
export function allSpecs() {
  const root = new URL("./assembly/__tests__/", import.meta.url);
  return readdirSync(root, { recursive: true })
    .map((f) => String(f).replaceAll("\\", "/"))
    .filter((f) => f.endsWith(".spec.ts"))
    .map((f) => `assembly/__tests__/${f}`)
    .sort();
}
