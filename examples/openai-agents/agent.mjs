// portcullis/openai-agents with a scripted model: the model asks for a dangerous command, reads the denial, and adapts.
//   npm run build && node examples/openai-agents/agent.mjs
import { readFile } from "node:fs/promises";
import { Agent, Usage, run, setTracingDisabled } from "@openai/agents";
import { z } from "zod";
import { PassportProvider } from "portcullis";
import { createOpenAIAgentsGuard } from "portcullis/openai-agents";

setTracingDisabled(true); // no OpenAI key here: nothing to export traces to

const passport = JSON.parse(await readFile(new URL("../passport.json", import.meta.url), "utf8"));
const clock = () => Date.parse("2026-06-01T00:00:00Z"); // the example passport expires at the end of 2030
const provider = await PassportProvider.create({ passport, workspace_root: "/workspace", clock });
const guard = createOpenAIAgentsGuard({ provider });

const bash = guard.tool({
  name: "bash",
  description: "Run a shell command",
  parameters: z.object({ command: z.string(), timeout: z.number() }),
  execute: async ({ command }) => `(would run: ${command})`,
});

// A Model that plays a fixed script instead of calling an API.
const call = (callId, command) => [{ type: "function_call", callId, name: "bash", arguments: JSON.stringify({ command, timeout: 60 }), status: "completed" }];
const turns = [call("c1", "git status && rm -rf ~"), call("c2", "git status"), [{ type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text: "done" }] }]];
const model = {
  async getResponse() { return { output: turns.shift(), usage: new Usage() }; },
  async *getStreamedResponse() { throw new Error("not scripted"); },
};

const result = await run(new Agent({ name: "tidy", instructions: "Tidy the repo.", model, tools: [bash] }), "tidy the repo");
for (const item of result.newItems) {
  if (item.type !== "tool_call_output_item") continue;
  const { command } = JSON.parse(result.newItems.find((i) => i.type === "tool_call_item" && i.rawItem.callId === item.rawItem.callId).rawItem.arguments);
  const output = typeof item.output === "string" ? item.output : JSON.stringify(item.output);
  console.log(`${output.startsWith("Guardrail denied") ? "refused" : "ran"} ${command}: ${output}`);
}
console.log(result.finalOutput);
