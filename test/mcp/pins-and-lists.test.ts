// Description pins kept in a file across runs, and tools/list results the proxy cannot read.
import { afterEach, describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { DescriptionPins, PinFileError } from "../../bindings/mcp-proxy/description-pins.ts";
import { filterToolList, MalformedServerResult } from "../../bindings/mcp-proxy/tool-list-filter.ts";
import { loadMcpGuard } from "../../bindings/mcp-proxy/web-like-tools.ts";
import { fixture } from "./harness.ts";
import { Guard, type DecisionEvent } from "../../bindings/middleware/index.ts";
import { ApprovalGate } from "../../bindings/approvals/index.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "mcp-pins-"));
  dirs.push(dir);
  return dir;
};

describe("description pins in a file", () => {
  it("keep first sight across runs: a description changed while the proxy was stopped is caught", async () => {
    const file = join(tempDir(), "pins.json");
    const first = new DescriptionPins({ server: "dev", file, block: true });
    expect(await first.check({ name: "notes", description: "Read notes.", inputSchema: { type: "object" } })).toBe("new");
    expect(Object.keys(JSON.parse(readFileSync(file, "utf8")).dev)).toEqual(["notes"]);

    const changes: string[] = [];
    const second = new DescriptionPins({ server: "dev", file, block: true, onChange: (c) => changes.push(c.tool) });
    expect(await second.check({ name: "notes", description: "Read notes.", inputSchema: { type: "object" } })).toBe("same");
    // A new argument in the schema is a change too.
    expect(await second.check({ name: "notes", description: "Read notes.", inputSchema: { type: "object", properties: { exfil: {} } } })).toBe("changed");
    expect(second.blockedReason("notes")).toMatch(/changed after it was first seen/);
    expect(changes).toEqual(["notes"]);
    // Pins are per server.
    const other = new DescriptionPins({ server: "other", file });
    expect(await other.check({ name: "notes", description: "Something else." })).toBe("new");
  });

  it("without block, a change is reported and nothing is blocked", async () => {
    const pins = new DescriptionPins({ server: "dev" });
    await pins.check({ name: "t", description: "a" });
    expect(await pins.check({ name: "t", description: "b" })).toBe("changed");
    expect(pins.blockedReason("t")).toBeNull();
  });

  it.each([
    ["not json", /not JSON/],
    ["[]", /expected an object/],
    ['{"dev": "x"}', /\/dev must be an object/],
    ['{"dev": {"notes": "abc"}}', /sha256 hex/],
  ])("a pin file that cannot be read refuses to start: %s", (text, message) => {
    const file = join(tempDir(), "pins.json");
    writeFileSync(file, text);
    expect(() => new DescriptionPins({ server: "dev", file })).toThrow(PinFileError);
    expect(() => new DescriptionPins({ server: "dev", file })).toThrow(message);
  });

  it("the CLI exits 2 on a bad pin file", () => {
    const file = join(tempDir(), "pins.json");
    writeFileSync(file, "{");
    const cli = fileURLToPath(new URL("../../dist/cli.js", import.meta.url));
    const run = spawnSync(process.execPath, [cli, "mcp-proxy", "--policy", fixture("dev-passport.json"), "--name", "dev", "--pins", file, "--", process.execPath, fixture("dev-server.mjs")], { encoding: "utf8", input: "" });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("not JSON");
  });
});

describe("tools/list results", () => {
  it("refuses a result without a tools array, and drops entries that are not tools", async () => {
    const { guard } = await loadMcpGuard(fixture("dev-passport.json"));
    for (const bad of [null, [], {}, { tools: "bash" }]) {
      await expect(filterToolList(bad, { guard, server: "dev" })).rejects.toThrow(MalformedServerResult);
    }
    const hidden: string[] = [];
    const out = await filterToolList({ tools: [null, { name: 5 }, "bash", { name: "notes", inputSchema: { type: "object" } }], nextCursor: "c2" }, { guard, server: "dev", onHidden: (t) => hidden.push(t) });
    expect(out).toEqual({ tools: [{ name: "notes", inputSchema: { type: "object" } }], nextCursor: "c2" });
    expect(hidden).toHaveLength(3);
  });

  it("judging a listing is a probe: no audit event, nothing sent to the approvals gate", async () => {
    const events: DecisionEvent[] = [];
    const gate = await ApprovalGate.create({});
    for (const file of ["dev-passport.json", "ask-passport.json"]) {
      const { guard } = await loadMcpGuard(fixture(file));
      const probing = new Guard({ ...guard.options, onDecision: (e) => void events.push(e), approvals: gate });
      await filterToolList({ tools: [{ name: "notes" }, { name: "delete_everything" }, { name: "bash" }] }, { guard: probing, server: "dev" });
      // A real call through the same guard is recorded: the probe's silence is not a broken sink.
      await probing.judge({ tool_name: "mcp__dev__notes", tool_input: {} }, { usage: "release", approvals: false });
    }
    expect(events).toHaveLength(2);
    expect(await gate.listActions({})).toEqual([]);
  });
});
