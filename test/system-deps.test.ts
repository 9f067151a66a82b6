// The pretest step: install what npm test drives (root with apt-get), or fail with the command — never skip.
import { describe, expect, it } from "vitest";
import { plan, aptCommand, SYSTEM_DEPS } from "../scripts/ensure-system-deps.mjs";
import { readFileSync } from "node:fs";

const redis = { pkg: "redis-server", why: "r" };
const chromium = { pkg: "chromium", why: "c" };

describe("ensure-system-deps", () => {
  it("does nothing when everything is there", () => {
    expect(plan({ missing: [], isRoot: false, hasApt: false })).toEqual({ action: "none" });
  });

  it("as root with apt-get: installs exactly what is missing, with CI's apt step", () => {
    const step = plan({ missing: [redis, chromium], isRoot: true, hasApt: true });
    expect(step).toMatchObject({ action: "install", command: "apt-get update -qq && apt-get install -y -qq redis-server chromium" });
    expect(plan({ missing: [chromium], isRoot: true, hasApt: true }).command).toBe(aptCommand(["chromium"]));
  });

  it("otherwise fails with the exact command to run (never skips)", () => {
    const user = plan({ missing: [redis], isRoot: false, hasApt: true });
    expect(user.action).toBe("fail");
    expect(user.message).toContain("Run: sudo apt-get install -y redis-server");
    const noApt = plan({ missing: [redis, chromium], isRoot: true, hasApt: false });
    expect(noApt.action).toBe("fail");
    expect(noApt.message).toContain("apt-get install -y redis-server chromium");
  });

  it("checks the programs the suite uses, and runs before npm test", () => {
    expect(SYSTEM_DEPS.map((d: { pkg: string }) => d.pkg)).toEqual(["redis-server", "chromium", "bash", "util-linux"]);
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
    expect(pkg.scripts.pretest).toBe("node scripts/ensure-system-deps.mjs");
    expect(readFileSync(new URL("./helpers/chromium.ts", import.meta.url), "utf8")).toContain('"/usr/bin/chromium"');
  });
});

describe("build-if-stale (npm run demo, prepack)", () => {
  it("builds when an output is missing or a source is newer, and not otherwise", async () => {
    const { staleReason } = await import("../scripts/build-if-stale.mjs");
    const { mkdtempSync, mkdirSync, writeFileSync, utimesSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const dir = mkdtempSync(join(tmpdir(), "portcullis-stale-"));
    mkdirSync(join(dir, "dist"));
    mkdirSync(join(dir, "bindings/config/generated"), { recursive: true });
    writeFileSync(join(dir, "bindings/a.ts"), "");
    expect(staleReason(dir)).toBe("dist/index.js is missing");
    const old = new Date(Date.now() - 60_000);
    utimesSync(join(dir, "bindings/a.ts"), old, old);
    for (const f of ["index.js", "node.js", "cli.js", "policy.wasm"]) writeFileSync(join(dir, "dist", f), "");
    expect(staleReason(dir)).toBeNull();
    writeFileSync(join(dir, "bindings/config/generated/validators.js"), ""); // the build's own output: ignored
    expect(staleReason(dir)).toBeNull();
    const later = new Date(Date.now() + 60_000);
    writeFileSync(join(dir, "bindings/b.ts"), "");
    utimesSync(join(dir, "bindings/b.ts"), later, later);
    expect(staleReason(dir)).toBe("bindings changed since the last build");
  });
});
