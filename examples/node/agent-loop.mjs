// `node examples/node/agent-loop.mjs`: an agent loop behind portcullis in Node. A scripted "model" proposes tool
// calls; each one is judged before it runs, and the model reads either the tool's output or the denial, then
// adapts. Uses only the default entry ("portcullis"), which carries its wasm inline.
import { readFile } from "node:fs/promises";
import { PassportProvider, guardToolCall, isBlockedToolResult } from "portcullis";

const passport = JSON.parse(await readFile(new URL("../passport.json", import.meta.url), "utf8"));
// Pinned so the output is the same every day (the example passport expires at the end of 2030).
const clock = () => Date.parse("2026-11-22T12:00:00Z");
const provider = await PassportProvider.create({ passport, workspace_root: "/workspace", clock });

/** The tools; they only say what they would have done. */
const tools = {
  bash: ({ command }) => `(would run: ${command})`,
  read_file: ({ path }) => `(would read: ${path})`,
};

/** A scripted model: its next tool call, given what the last one returned. */
function* model() {
  let seen = yield { tool_name: "read_file", tool_input: { path: "/workspace/package.json" } };
  seen = yield { tool_name: "bash", tool_input: { command: "git status && rm -rf ~", timeout: 60 } };
  // It read the denial ("Choose an alternative approach") and asks for less.
  if (isBlockedToolResult(seen)) seen = yield { tool_name: "bash", tool_input: { command: "git status", timeout: 60 } };
  seen = yield { tool_name: "read_file", tool_input: { path: "/workspace/../workspace/.env" } };
}

const agent = model();
let step = agent.next();
for (let turn = 1; !step.done; turn++) {
  const call = { ...step.value, tool_call_id: `call_${turn}` };
  const result = await guardToolCall(call, () => tools[call.tool_name](call.tool_input), { provider });
  const blocked = isBlockedToolResult(result);
  console.log(`${blocked ? result.decision.decision : "allow"} ${call.tool_name} ${JSON.stringify(call.tool_input)}`);
  console.log(`  -> ${blocked ? result.content : result}`);
  step = agent.next(result);
}
