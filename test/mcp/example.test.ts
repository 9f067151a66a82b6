// examples/mcp/client.mjs runs as the README says and both paths decide the same calls the same way.
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const example = fileURLToPath(new URL("../../examples/mcp/client.mjs", import.meta.url));

describe("examples/mcp/client.mjs", () => {
  it("the proxy and the adapter allow the read and git, deny rm -rf / and the blocked tool", () => {
    const run = spawnSync(process.execPath, [example], { encoding: "utf8", timeout: 60_000 });
    expect(run.status, run.stderr).toBe(0);
    const lines = run.stdout.trim().split("\n");
    for (const how of ["proxy", "adapter"]) {
      const mine = lines.filter((l) => l.startsWith(`${how}: `)).map((l) => l.slice(how.length + 2).replace(/ -> .*/, ""));
      expect(mine.slice(1)).toEqual([
        "allow read_notes {}",
        'allow bash {"command":"git log --oneline -3"}',
        'deny  bash {"command":"rm -rf /"}',
        "deny  delete_everything {}",
      ]);
    }
    expect(lines[0]).toBe("proxy: tools bash, read_notes");
    expect(run.stdout).toContain("(oap.dangerous_operation)");
    expect(run.stderr).toContain("hid 'delete_everything'");
  });
});
