import { describe, expect, it } from "vitest";
import { MemoryApprovalStore } from "./memory-store.ts";
import { ApprovalGate } from "./gate.ts";
import { describeApprovalFlows } from "./_gate-contract.ts";
import { describeForgeryAttacks } from "./_forgery-contract.ts";
import { gitCall, testEnv, T0 } from "./_test-env.ts";

/** Every "connection" to the memory backend is the same Map. */
const memoryBackend = async () => {
  const store = new MemoryApprovalStore();
  return { open: async () => store, cleanup: async () => {} };
};

describeApprovalFlows("memory", memoryBackend);
describeForgeryAttacks("memory", memoryBackend);

describe("MemoryApprovalStore", () => {
  it("hands out copies: changing a returned record changes nothing stored", async () => {
    const env = await testEnv(await memoryBackend());
    const { outcome } = await env.call(gitCall());
    const id = outcome!.action!.id;
    outcome!.action!.status = "approved";
    const got = (await env.store.get(id))!;
    got.status = "approved";
    (got.request.tool_input as Record<string, unknown>).command = "rm -rf /";
    expect(await env.gate.getAction(id)).toMatchObject({ status: "pending", tool_input: { command: "git push origin main" }, verified: true });
    await env.close();
  });

  it("purges records past the retention", async () => {
    const env = await testEnv(await memoryBackend(), { retentionSeconds: 3600 });
    await env.call(gitCall("git a"));
    env.advance(3000);
    await env.call(gitCall("git b"));
    env.advance(1000);
    await env.gate.expireDue();
    expect((await env.gate.listActions()).map((a) => a.tool_input.command)).toEqual(["git b"]);
    expect(await env.store.purge(T0 + 1e9)).toBe(1);
    await env.close();
  });

  it("needs no secret, and refuses bad options when created", async () => {
    await expect(ApprovalGate.create()).resolves.toBeInstanceOf(ApprovalGate);
    await expect(ApprovalGate.create({ timeoutSeconds: 0 })).rejects.toThrow(/timeoutSeconds must be a positive number/);
    await expect(ApprovalGate.create({ secret: "short" })).rejects.toThrow(/at least 32 bytes/);
    const durable = Object.assign(new MemoryApprovalStore(), { durable: true, kind: "disk" });
    await expect(ApprovalGate.create({ store: durable })).rejects.toThrow(/disk store keeps actions across restarts/);
  });
});
