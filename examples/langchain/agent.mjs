// portcullis/langchain with LangChain's fake tool-calling model: a denied command comes back as an error
// ToolMessage, and the agent goes on.
//   npm run build && node examples/langchain/agent.mjs
import { readFile } from "node:fs/promises";
import { createAgent, FakeToolCallingModel, ToolMessage, tool } from "langchain";
import { z } from "zod";
import { PassportProvider } from "portcullis";
import { portcullisMiddleware } from "portcullis/langchain";

const passport = JSON.parse(await readFile(new URL("../passport.json", import.meta.url), "utf8"));
const clock = () => Date.parse("2026-06-01T00:00:00Z"); // the example passport expires at the end of 2030
const provider = await PassportProvider.create({ passport, workspace_root: "/workspace", clock });

const bash = tool(async ({ command }) => `(would run: ${command})`, {
  name: "bash", description: "Run a shell command", schema: z.object({ command: z.string(), timeout: z.number() }),
});
const model = new FakeToolCallingModel({
  toolCalls: [[{ name: "bash", args: { command: "git status && rm -rf ~", timeout: 60 }, id: "c1" }], [{ name: "bash", args: { command: "git status", timeout: 60 }, id: "c2" }], []],
});

const agent = createAgent({ model, tools: [bash], middleware: [portcullisMiddleware({ provider })] });
const { messages } = await agent.invoke({ messages: [{ role: "user", content: "tidy the repo" }] });
for (const m of messages) if (ToolMessage.isInstance(m)) console.log(`${m.status ?? "success"}: ${m.content}`);
