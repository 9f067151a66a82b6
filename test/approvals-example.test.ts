// examples/approvals.mjs (docs/approvals.md points to it), run as a user runs it (against dist/).
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

describe("examples/approvals.mjs", () => {
  it("pauses, is approved, runs once, then asks again", () => {
    const file = fileURLToPath(new URL("../examples/approvals.mjs", import.meta.url));
    const r = spawnSync(process.execPath, [file], { encoding: "utf8", timeout: 30_000 });
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^Action requires approval \(ID: act_[0-9a-f]{32}\)\. Tool 'bash' was paused \(oap\.approval_required\)/);
    expect(lines.slice(1)).toEqual(["ran: git push origin main", "true"]);
  });
});
