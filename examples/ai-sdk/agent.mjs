// portcullis/ai-sdk with a scripted model: the model asks for a dangerous command, reads the denial, and adapts.
//   npm run build && node examples/ai-sdk/agent.mjs
import { readFile } from "node:fs/promises";
import { generateText, stepCountIs, tool } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { z } from "zod";
import { PassportProvider } from "portcullis";
import { createAiSdkGuard } from "portcullis/ai-sdk";

const passport = JSON.parse(await readFile(new URL("../passport.json", import.meta.url), "utf8"));
const clock = () => Date.parse("2026-06-01T00:00:00Z"); // the example passport expires at the end of 2030
const provider = await PassportProvider.create({ passport, workspace_root: "/workspace", clock });
const guard = createAiSdkGuard({ provider });

const bash = tool({
  description: "Run a shell command",
  inputSchema: z.object({ command: z.string(), timeout: z.number() }),
  execute: async ({ command }) => `(would run: ${command})`,
});

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
const call = (id, command) => ({
  content: [{ type: "tool-call", toolCallId: id, toolName: "bash", input: JSON.stringify({ command, timeout: 60 }) }],
  finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage, warnings: [],
});
const model = new MockLanguageModelV4({
  doGenerate: [call("c1", "git status && rm -rf ~"), call("c2", "git status"), { content: [{ type: "text", text: "done" }], finishReason: { unified: "stop", raw: "stop" }, usage, warnings: [] }],
});

const result = await generateText({ model, prompt: "tidy the repo", ...guard.wrap({ bash }), stopWhen: stepCountIs(5) });
for (const step of result.steps) {
  for (const part of step.content) {
    if (part.type === "tool-result") console.log(`ran ${part.input.command}: ${part.output}`);
    if (part.type === "tool-error") console.log(`refused ${part.input.command}: ${part.error.message}`);
  }
}
console.log(result.text);
