// The adapter examples run as their header says (against the built package) and decide what they should.
import { describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "../..");
const run = (file: string) => execFileSync(process.execPath, [join(ROOT, "examples", file)], { cwd: ROOT, encoding: "utf8" });

describe("adapter examples", () => {
  it("ai-sdk/agent.mjs: the denied command is refused, the alternative runs", () => {
    expect(run("ai-sdk/agent.mjs").trim().split("\n")).toEqual([
      expect.stringMatching(/^refused git status && rm -rf ~: Guardrail denied: tool 'bash' was blocked \(oap\.dangerous_operation\)/),
      "ran git status: (would run: git status)",
      "done",
    ]);
  });

  it("openai-agents/agent.mjs: the input guardrail refuses the denied command, the alternative runs", () => {
    expect(run("openai-agents/agent.mjs").trim().split("\n")).toEqual([
      expect.stringMatching(/^refused git status && rm -rf ~: Guardrail denied: tool 'bash' was blocked \(oap\.dangerous_operation\)/),
      "ran git status: (would run: git status)",
      "done",
    ]);
  });

  it("langchain/agent.mjs: an error ToolMessage for the denied command, then success", () => {
    expect(run("langchain/agent.mjs").trim().split("\n")).toEqual([
      expect.stringMatching(/^error: Guardrail denied: tool 'bash' was blocked \(oap\.dangerous_operation\)/),
      "success: (would run: git status)",
    ]);
  });
});
