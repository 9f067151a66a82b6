// Drives N decisions of one kind through the public evaluator, for the
// instruction counter and the profiler beside this file:
//   node bench/profile/decisions.mjs <policy.wasm> <cmd|cmd-unbound|file|web|short|unknown|noop|allow|allow-noop> <N>
// cmd-unbound: the same command decision with bind_scopes false (the file and web scopes do not bind it).
// allow: the bench's tool-allowlist decision (bench/run.mjs); allow-noop: its floor, a no-op call given the same bytes.
import { Evaluator } from "../../dist/node.js";
import { readFileSync } from "node:fs";

const [wasmPath, kind, count] = process.argv.slice(2);
const passport = JSON.parse(readFileSync(new URL("../../examples/passport.json", import.meta.url), "utf8"));
passport.limits["system.command.execute"].allowed_commands.push("tee");
if (kind === "cmd-unbound") passport.limits["system.command.execute"].bind_scopes = false;
const evaluator = Evaluator.createSync(readFileSync(wasmPath));
const allowlist = kind === "allow" || kind === "allow-noop";
const policy = evaluator.load(allowlist
  ? JSON.stringify({ type: "allowlist", allowed_tools: ["web_search", "web_fetch", "read_file"], denied_tools: ["bash"] })
  : JSON.stringify({ type: "passport", passport, workspace_root: "/workspace" }));
const command =
  'git status && npm run build -- --prod --config ./conf/production.json | tee build-log.txt; echo "done; really" && ls -la src/components src/utils && grep -rn "TODO" src | head -n 20 > notes/todo.txt';
const requests = {
  cmd: { tool_name: "bash", tool_input: { command, timeout: 120 }, tool_call_id: "call_0002" },
  "cmd-unbound": { tool_name: "bash", tool_input: { command, timeout: 120 }, tool_call_id: "call_0002" },
  noop: { tool_name: "bash", tool_input: { command, timeout: 120 }, tool_call_id: "call_0002" },
  short: { tool_name: "bash", tool_input: { command: "ls", timeout: 120 }, tool_call_id: "call_0002" },
  unknown: { tool_name: "zzz", tool_input: { command, timeout: 120 }, tool_call_id: "call_0002" },
  file: { tool_name: "read_file", tool_input: { path: "/workspace/src/index.ts" }, tool_call_id: "call_0003" },
  web: { tool_name: "web_fetch", tool_input: { url: "https://docs.github.com/en/rest" }, tool_call_id: "c" },
  allow: { tool_name: "web_search", tool_input: { query: "portcullis wasm guardrails for agents" }, tool_call_id: "call_0001", thread_id: "thread-42" },
};
requests["allow-noop"] = requests.allow;
const request = JSON.stringify(requests[kind]);
if (!request) throw new Error(`unknown kind ${kind}`);
const now = Date.parse("2026-11-22T00:00:00Z");
const n = Number(count);
if (kind === "noop" || kind === "allow-noop") for (let i = 0; i < n; i++) evaluator.noop(request);
else for (let i = 0; i < n; i++) policy.evaluateJson(request, now);
