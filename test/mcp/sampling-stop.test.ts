// What the MCP proxy hands the server for a sampling answer: a turn the
// provider stopped for safety arrives without its tool calls; anything that
// is not a sampling result is refused, never passed on unchecked.
import { describe, expect, it } from "vitest";
import { testCore } from "../../bindings/safety/_test-core.ts";
import { samplingSafetyStop } from "../../bindings/mcp-proxy/sampling-stop.ts";

describe("mcp-proxy: sampling answers and provider safety stops", () => {
  const logs: string[] = [];
  const check = samplingSafetyStop(testCore(), (line) => void logs.push(line));

  it("a refusal with a tool call left in it reaches the server without the call", () => {
    const answer = {
      role: "assistant", model: "claude", stopReason: "refusal",
      content: [{ type: "text", text: "I can't help with that." }, { type: "tool_use", id: "t1", name: "bash", input: { command: "rm -rf /" } }],
    };
    const seen = check(answer) as { content: { type: string }[]; stopReason: string };
    expect(seen.stopReason).toBe("refusal");
    expect(seen.content.some((block) => block.type === "tool_use")).toBe(false);
    expect(JSON.stringify(seen)).not.toContain("rm -rf");
    expect(logs.at(-1)).toMatch(/stopped for safety \(refusal\).*without its 1 tool call/);
  });

  it("an ordinary answer passes unchanged", () => {
    const answer = { role: "assistant", model: "m", stopReason: "endTurn", content: { type: "text", text: "hi" } };
    expect(check(answer)).toEqual(answer);
  });

  it("something that is not a sampling result is refused (the server gets an error)", () => {
    expect(() => check({ choices: [{ finish_reason: "content_filter" }] })).toThrow(/shape/);
  });
});
