import { afterEach, describe, expect, it } from "vitest";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { fixture, proxied, textOf, type Proxied } from "./harness.ts";

let session: Proxied | undefined;
afterEach(async () => {
  await session?.close();
  session = undefined;
});

const askPolicy = fixture("ask-passport.json");

async function reached(s: Proxied): Promise<string[]> {
  const calls = JSON.parse(textOf(await s.client.callTool({ name: "calls", arguments: {} }))) as Array<{ name: string; args: Record<string, unknown> }>;
  return calls.map((c) => (c.name === "bash" ? `bash:${c.args.command}` : c.name));
}

/** A client that answers elicitations with `answer(message)`. */
async function withElicitation(answer: (message: string) => { action: "accept" | "decline" | "cancel"; content?: Record<string, unknown> }) {
  const asked: string[] = [];
  const s = await proxied({
    policy: askPolicy,
    capabilities: { elicitation: {} },
    setup: (client) =>
      client.setRequestHandler(ElicitRequestSchema, async (request) => {
        const message = (request.params as { message: string }).message;
        asked.push(message);
        return answer(message);
      }),
  });
  return { s, asked };
}

describe("mcp-proxy: ask through elicitation", () => {
  it("runs the call once when the human approves in the client, and records the decision in the gate", async () => {
    const { s, asked } = await withElicitation(() => ({ action: "accept", content: { approve: true } }));
    session = s;
    const result = await s.client.callTool({ name: "bash", arguments: { command: "git status" } });
    expect(textOf(result)).toBe("ran: git status");
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain("mcp__dev__bash");
    expect(asked[0]).toContain('{"command":"git status"}');
    const actions = await s.gate.listActions();
    expect(actions).toHaveLength(1);
    expect(actions[0]!.status).toBe("consumed");
    expect(actions[0]!.verified).toBe(true);
    expect(actions[0]!.decision?.decided_by).toBe("mcp-elicitation");
    // Approved once: the next identical call asks again.
    await s.client.callTool({ name: "bash", arguments: { command: "git status" } });
    expect(asked).toHaveLength(2);
    expect(await reached(s)).toEqual(["bash:git status", "bash:git status"]);
  });

  for (const answer of [
    { action: "decline" as const },
    { action: "cancel" as const },
    { action: "accept" as const, content: { approve: false } },
    { action: "accept" as const, content: { approve: "yes" } },
    { action: "accept" as const },
  ]) {
    it(`tells the model the call was rejected on ${JSON.stringify(answer)}, and runs nothing`, async () => {
      const { s } = await withElicitation(() => answer);
      session = s;
      const result = await s.client.callTool({ name: "bash", arguments: { command: "git status" } });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain("oap.approval_rejected");
      expect((await s.gate.listActions())[0]!.status).toBe("rejected");
      expect(await reached(s)).toEqual([]);
    });
  }

  it("never asks about a call the policy denies", async () => {
    const { s, asked } = await withElicitation(() => ({ action: "accept", content: { approve: true } }));
    session = s;
    const result = await s.client.callTool({ name: "bash", arguments: { command: "rm -rf /" } });
    expect(result.isError).toBe(true);
    expect(asked).toEqual([]);
    expect(await reached(s)).toEqual([]);
  });

  it("resolves two parallel asks separately", async () => {
    const { s } = await withElicitation((message) =>
      message.includes("git log") ? { action: "accept", content: { approve: true } } : { action: "decline" },
    );
    session = s;
    const [approved, rejected] = await Promise.all([
      s.client.callTool({ name: "bash", arguments: { command: "git log" } }),
      s.client.callTool({ name: "bash", arguments: { command: "git diff" } }),
    ]);
    expect(textOf(approved)).toBe("ran: git log");
    expect(rejected.isError).toBe(true);
    expect(await reached(s)).toEqual(["bash:git log"]);
  });

  it("a call the client cancels while the human is asked never runs, and the question is withdrawn", async () => {
    let withdrawn = false;
    let arrived!: () => void;
    const asking = new Promise<void>((resolve) => (arrived = resolve));
    const s = await proxied({
      policy: askPolicy,
      capabilities: { elicitation: {} },
      setup: (client) =>
        client.setRequestHandler(ElicitRequestSchema, async (_request, extra) => {
          arrived();
          await new Promise((resolve) => extra.signal.addEventListener("abort", resolve));
          withdrawn = true;
          return { action: "accept", content: { approve: true } };
        }),
    });
    session = s;
    const controller = new AbortController();
    const call = s.client.callTool({ name: "bash", arguments: { command: "git status" } }, undefined, { signal: controller.signal });
    await asking;
    controller.abort("the user stopped the agent");
    await expect(call).rejects.toThrow();
    for (let i = 0; i < 100 && !withdrawn; i++) await new Promise((r) => setTimeout(r, 20));
    expect(withdrawn).toBe(true);
    expect(await reached(s)).toEqual([]);
    expect((await s.gate.listActions())[0]!.status).toBe("pending");
  });

  it("leaves the action pending when the client fails to answer", async () => {
    const s = await proxied({
      policy: askPolicy,
      capabilities: { elicitation: {} },
      setup: (client) =>
        client.setRequestHandler(ElicitRequestSchema, async () => {
          throw new Error("the user closed the dialog");
        }),
    });
    session = s;
    const result = await s.client.callTool({ name: "bash", arguments: { command: "git status" } });
    expect(textOf(result)).toMatch(/^Action requires approval \(ID: /);
    expect((await s.gate.listActions())[0]!.status).toBe("pending");
  });
});

describe("mcp-proxy: ask without elicitation", () => {
  it("creates a pending action; once approved (the page), the retried call runs once", async () => {
    session = await proxied({ policy: askPolicy });
    const first = await session.client.callTool({ name: "bash", arguments: { command: "git status" } });
    expect(first.isError).toBe(true);
    expect(textOf(first)).toMatch(/^Action requires approval \(ID: \S+\)/);
    const id = (first._meta as Record<string, string>)["portcullis/action_id"]!;
    expect(await reached(session)).toEqual([]);
    await session.gate.approve(id, { decidedBy: "reviewer" });
    expect(textOf(await session.client.callTool({ name: "bash", arguments: { command: "git status" } }))).toBe("ran: git status");
    const third = await session.client.callTool({ name: "bash", arguments: { command: "git status" } });
    expect(textOf(third)).toMatch(/^Action requires approval/);
    expect(await reached(session)).toEqual(["bash:git status"]);
  });

  it("does not elicit when elicitation is switched off, even if the client supports it", async () => {
    const asked: unknown[] = [];
    session = await proxied({
      policy: askPolicy,
      elicitation: false,
      capabilities: { elicitation: {} },
      setup: (client) => client.setRequestHandler(ElicitRequestSchema, async (r) => (asked.push(r), { action: "accept", content: { approve: true } })),
    });
    const result = await session.client.callTool({ name: "bash", arguments: { command: "git status" } });
    expect(textOf(result)).toMatch(/^Action requires approval/);
    expect(asked).toEqual([]);
  });
});
