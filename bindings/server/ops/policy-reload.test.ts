// A reload runs the candidate policy's own tests: a policy whose tests fail is
// refused (logged, counted) and the old one keeps deciding; once fixed it is
// swapped in.
import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadGuard } from "../../node.ts";
import { createJsonLog, createPolicyReloader } from "./index.ts";

const base = JSON.parse(readFileSync(new URL("../../../test/vectors/policies/core-passport.json", import.meta.url), "utf8"));

/** The fixture passport with only the command capability, the given blocked patterns, and one test of `rm -r build`. */
const passport = (blocked: string[], expectRm: "allow" | "deny") => JSON.stringify({
  ...base,
  capabilities: [{ id: "system.command.execute" }],
  limits: { "system.command.execute": { allowed_commands: ["ls", "rm"], blocked_patterns: blocked } },
  tests: [{ name: "rm of a build dir", request: { tool_name: "bash", tool_input: { command: "rm -r build" }, context: { workspace_root: "/workspace" } }, expect: expectRm }],
});

describe("policy reload", () => {
  it("refuses a candidate whose tests fail, keeps the old policy, and applies a fixed one", async () => {
    const dir = mkdtempSync(join(tmpdir(), "portcullis-reload-"));
    const file = join(dir, "passport.json");
    writeFileSync(file, passport([], "allow"));
    const first = await loadGuard(file);
    const guard = first.guard;
    const lines: string[] = [];
    const reloader = createPolicyReloader({ guard, file, load: (f) => loadGuard(f), log: createJsonLog((l) => void lines.push(l)) });
    const rm = { tool_name: "bash", tool_input: { command: "rm -r build" }, context: { workspace_root: "/workspace" } };

    // The new policy blocks `rm -r` but its test still says allow: refused.
    writeFileSync(file, passport(["rm -r"], "allow"));
    expect(await reloader.reload()).toBe(false);
    expect(guard.policyDigest).toBe(first.digest);
    expect((await guard.evaluate(rm)).decision).toBe("allow");
    expect(lines.some((l) => l.includes("policy_reload_refused") && l.includes("rm of a build dir"))).toBe(true);

    // Its test now says deny: applied.
    writeFileSync(file, passport(["rm -r"], "deny"));
    expect(await reloader.reload()).toBe(true);
    expect(guard.policyDigest).not.toBe(first.digest);
    expect((await guard.evaluate(rm)).decision).toBe("deny");
  });
});
