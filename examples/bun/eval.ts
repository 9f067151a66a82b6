// printf '%s\n' '{"tool_name":"bash","tool_input":{"command":"ls","timeout":5}}' | bun examples/bun/eval.ts
//
// `portcullis eval` in a dozen lines of Bun: tool-call requests as JSON Lines on stdin, one decision per line on
// stdout, in order. Blank lines are ignored; any other line that is not a request is denied (the core says why).
import { PassportProvider } from "portcullis";

const passport = await Bun.file(new URL("../passport.json", import.meta.url)).json();
// Pinned so the output is the same every day (the example passport expires at the end of 2030).
const provider = await PassportProvider.create({ passport, workspace_root: "/workspace", clock: () => Date.parse("2026-11-22T12:00:00Z") });

for await (const line of console) {
  if (line.trim() === "") continue;
  console.log(JSON.stringify(provider.evaluateJsonSync(line)));
}
