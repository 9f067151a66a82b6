// The approval API (createApprovalHandler, a web-standard Request → Response handler) in every server runtime:
// the scripted flow of test/matrix/approval-flow.mjs run through the built package in Node, Deno, Bun and workerd
// (wrangler's bundle, run by miniflare). Node's transcript must show the flow working; every other runtime's must
// be byte-identical to Node's (action ids and timestamps masked).
import { beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, run, scriptCommand, startWorker } from "./matrix/runtimes.ts";

interface Step {
  step: string;
  status: number;
  authenticate: string | null;
  body: any;
}

const passport = readFileSync(join(ROOT, "test/vectors/policies/core-approval.json"), "utf8");
let baseline: Step[] = [];

async function flowInScript(runtime: "node" | "deno" | "bun"): Promise<{ runtime: string; transcript: Step[] }> {
  const [command, args] = scriptCommand(runtime, join(ROOT, "test/matrix/script-driver.mjs"), ["approvals"]);
  const result = await run(command, args, { input: JSON.stringify({ passport }) });
  if (result.status !== 0) throw new Error(`${runtime} exited with ${result.status}:\n${result.stderr}`);
  return JSON.parse(result.stdout.trim().split("\n").pop()!);
}

function expectSameAsNode(replayed: { runtime: string; transcript: Step[] }, runtime: string) {
  expect(replayed.runtime).toBe(runtime);
  expect(JSON.stringify(replayed.transcript, null, 1)).toBe(JSON.stringify(baseline, null, 1));
}

describe("approval API in every runtime", () => {
  beforeAll(async () => {
    baseline = (await flowInScript("node")).transcript;
  });

  it("Node: ask → approve with the bearer token → allowed once → asks again; bad tokens refused", () => {
    const at = (step: string) => baseline.find((s) => s.step === step)!;
    expect(baseline.map((s) => [s.step, s.status])).toEqual([
      ["evaluate", 200], ["agent reads the action", 200],
      ["approve without a token", 401], ["approve with a wrong token", 401], ["approve with the approver token plus one character", 401],
      ["approve with the agent token", 403], ["approve", 200], ["retry", 200], ["retry again", 200],
      ["the approved action", 200], ["evaluate without a token", 401],
    ]);
    expect(at("evaluate").body).toMatchObject({ decision: "ask", allow: false, metadata: { action_id: "act#1", status: "pending" } });
    expect(at("agent reads the action").body).toMatchObject({ id: "act#1", status: "pending", decision: null });
    for (const s of baseline.filter((s) => s.status === 401)) {
      expect(s.body.error.code).toBe("unauthorized");
      expect(s.authenticate).toBe('Bearer realm="portcullis"');
    }
    expect(at("approve with the agent token").body.error.code).toBe("forbidden");
    expect(at("approve").body).toMatchObject({ id: "act#1", status: "approved", decision: { kind: "once", decided_by: "alice" } });
    expect(at("retry").body).toMatchObject({ decision: "allow", allow: true, reasons: [{ code: "oap.approved" }], metadata: { action_id: "act#1" } });
    expect(at("retry again").body).toMatchObject({ decision: "ask", metadata: { action_id: "act#2", status: "pending" } });
    expect(at("the approved action").body).toMatchObject({ id: "act#1", status: "consumed" });
  });

  it("Deno runs the same flow byte for byte like Node (no permissions granted)", async () => {
    expectSameAsNode(await flowInScript("deno"), "deno");
  });

  it("Bun runs the same flow byte for byte like Node", async () => {
    expectSameAsNode(await flowInScript("bun"), "bun");
  });

  it("workerd runs the same flow byte for byte like Node (inside the Worker's fetch)", async () => {
    const worker = await startWorker(join(ROOT, "test/matrix/wrangler.toml"));
    try {
      const response = await worker.fetch("/approvals", { method: "POST", body: JSON.stringify({ passport }) });
      expect(response.status).toBe(200);
      expectSameAsNode((await response.json()) as { runtime: string; transcript: Step[] }, "workerd");
    } finally {
      await worker.close();
    }
  });
});
