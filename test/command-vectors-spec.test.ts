// The core's command-vector spec is generated from the command corpora, so the
// cases the API and CLI replay are the cases the core runs directly: none can be
// added to a corpus and silently missed by the core spec.
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expandSpellings } from "./vector-spellings.mjs";

const ROOT = join(import.meta.dirname, "..");
const SCRIPT = "scripts/gen-command-vectors-spec.mjs";
const SPEC = "assembly/__tests__/policy/command-vectors.spec.ts";

function copyTree(): string {
  const dir = mkdtempSync(join(tmpdir(), "portcullis-cv-"));
  for (const file of [SCRIPT, SPEC, "test/vector-spellings.mjs"]) {
    mkdirSync(join(dir, file, ".."), { recursive: true });
    cpSync(join(ROOT, file), join(dir, file));
  }
  cpSync(join(ROOT, "test/vectors/policies"), join(dir, "test/vectors/policies"), { recursive: true });
  for (const f of readdirSync(join(ROOT, "test/vectors")).filter((f) => f.startsWith("commands-"))) {
    cpSync(join(ROOT, "test/vectors", f), join(dir, "test/vectors", f));
  }
  return dir;
}

const check = (dir: string) => spawnSync(process.execPath, [join(dir, SCRIPT), "--check"], { encoding: "utf8" });

describe("generated command-vector spec", () => {
  it("is what the command corpora give", () => {
    const run = check(ROOT);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });

  it("runs every case of every command corpus", () => {
    const spec = readFileSync(join(ROOT, SPEC), "utf8");
    const runs = spec.split("\n").filter((l) => l.startsWith("    run(")).length;
    let cases = 0;
    for (const f of readdirSync(join(ROOT, "test/vectors")).filter((f) => /^commands-.*\.jsonl$/.test(f))) {
      const lines = readFileSync(join(ROOT, "test/vectors", f), "utf8").split("\n").filter((l) => l.trim());
      cases += lines.flatMap((l) => expandSpellings(JSON.parse(l))).length;
    }
    const leftToApi = Number(/; (\d+) with a non-positive timeout/.exec(spec)?.[1]);
    expect(runs + leftToApi).toBe(cases);
    expect(leftToApi).toBeLessThan(5);
  });

  it("--check fails once a corpus gains a case the spec lacks", () => {
    const dir = copyTree();
    const file = join(dir, "test/vectors/commands-common.jsonl");
    const added = { name: "added", policy: "commands-dev.json", request: { tool_name: "bash", tool_input: { command: "ls" } }, expect: { decision: "allow" } };
    writeFileSync(file, readFileSync(file, "utf8") + JSON.stringify(added) + "\n");
    const run = check(dir);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/command-vectors\.spec\.ts is stale/);
  });
});
