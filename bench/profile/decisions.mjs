// Drives N decisions of one kind through the public evaluator, for the
// instruction counter and the profiler beside this file:
//   node bench/profile/decisions.mjs <policy.wasm> <cmd|cmd-unbound|file|web|short|unknown|noop|allowlist|allowlist-noop|message|refund> <N>
// cmd-unbound: the same command decision with bind_scopes false (the file and web scopes do not bind it).
// allowlist: the bench's tool-allowlist decision; allowlist-noop: its floor, a no-op call given the same bytes.
// message and refund: usage-limited passport decisions, given their counters as a provider passes them (the
// core's second pass, where it decides). The inputs are bench/run.mjs's.
import { Evaluator } from "../../dist/node.js";
import { readFileSync } from "node:fs";

const [wasmPath, kind, count] = process.argv.slice(2);
const passport = JSON.parse(readFileSync(new URL("../../examples/passport.json", import.meta.url), "utf8"));
passport.limits["system.command.execute"].allowed_commands.push("tee");
if (kind === "cmd-unbound") passport.limits["system.command.execute"].bind_scopes = false;
passport.capabilities.push({ id: "messaging.send" }, { id: "finance.payment.refund" });
passport.assurance_level = "L2";
passport.regions = ["US"];
passport.limits["messaging.send"] = { allowed_recipients: ["*@example.com"], msgs_per_min: 1_000_000_000 };
passport.limits["finance.payment.refund"] = { currency_limits: { USD: { max_per_tx: 50000, daily_cap: 1_000_000_000 } }, refund_reason_codes: ["customer_request"] };
const evaluator = Evaluator.createSync(readFileSync(wasmPath));
const allowlist = kind === "allowlist" || kind === "allowlist-noop";
const policy = allowlist
  ? evaluator.load(JSON.stringify({ type: "allowlist", allowed_tools: ["web_search", "web_fetch", "read_file"], denied_tools: ["bash"] }))
  : evaluator.load(JSON.stringify({ type: "passport", passport, workspace_root: "/workspace", tool_map: { refund_payment: "finance.payment.refund" } }));
const counters = JSON.stringify({ calls_last_minute: 3, calls_today: 40, amount_today: 5000, idempotency_key_seen: false });
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
  allowlist: { tool_name: "web_search", tool_input: { query: "portcullis wasm guardrails for agents" }, tool_call_id: "call_0001", thread_id: "thread-42" },
  message: { tool_name: "send_message", tool_input: { to: "ops@example.com", message: "build 1234 deployed to production" }, tool_call_id: "call_0004" },
  refund: {
    tool_name: "refund_payment",
    tool_input: { order_id: "ORD-1", customer_id: "CUST-1", amount: 1299, currency: "USD", region: "US", reason_code: "customer_request", idempotency_key: "refund-ord-0001" },
    tool_call_id: "call_0005",
  },
};
requests["allowlist-noop"] = requests.allowlist;
const request = JSON.stringify(requests[kind]);
if (!request) throw new Error(`unknown kind ${kind}`);
const now = Date.parse("2026-11-22T00:00:00Z");
const n = Number(count);
const usage = kind === "message" || kind === "refund" ? counters : undefined;
const noop = kind === "noop" || kind === "allowlist-noop";
const first = noop ? null : policy.evaluateJson(request, now, usage);
if (!noop && kind !== "unknown" && first.decision !== "allow") throw new Error(`${kind}: not allowed: ${JSON.stringify(first)}`);
if (noop) for (let i = 0; i < n; i++) evaluator.noop(request);
else for (let i = 0; i < n; i++) policy.evaluateJson(request, now, usage);
