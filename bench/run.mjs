// `npm run bench [-- --json]`: median ns per decision, measured side by side
// in one process, reported as ratios (never asserted in tests).
//   floor      a no-op wasm call given the same request bytes
//   ours       evaluate on a tool-allowlist decision and on passport decisions
//   cedar      @cedar-policy/cedar-wasm on an equivalent policy (pre-parsed)
// Also: instantiate + policy load time, and linear memory over 1e6 calls.
import { createRequire } from "node:module";
import { Evaluator, AllowlistProvider, PassportProvider, sharedEvaluatorSync } from "../dist/index.js";
import { shellQuoteCheck } from "./shell-quote-check.mjs";
import { readFileSync } from "node:fs";
import { timeEach, round } from "./stats.mjs";

const json = process.argv.includes("--json");
const require = createRequire(import.meta.url);
const results = [];

function measure(name, subject, fn, { batch = 1000, rounds = 41 } = {}) {
  for (let i = 0; i < batch * 20; i++) fn(); // warm up past the tier-up
  const samples = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) fn();
    samples.push(Number(process.hrtime.bigint() - t0) / batch);
  }
  samples.sort((a, b) => a - b);
  const median = samples[samples.length >> 1];
  // The tail, call by call: a batch's mean would hide one slow call in a thousand.
  const tail = timeEach(fn, Math.min(20_000, Math.ceil((batch * rounds) / 2)));
  const row = { case: name, subject, median_ns: round(median, 1), p50_ns: tail.p50, p99_ns: tail.p99, max_ns: tail.max, ops: Math.round(1e9 / median) };
  results.push(row);
  if (json) console.log(JSON.stringify(row));
  return row;
}

// --- inputs ---------------------------------------------------------------
const passport = JSON.parse(readFileSync(new URL("../examples/passport.json", import.meta.url), "utf8"));
passport.limits["system.command.execute"].allowed_commands.push("tee");
const allowlistRequest = JSON.stringify({ tool_name: "web_search", tool_input: { query: "portcullis wasm guardrails for agents" }, tool_call_id: "call_0001", thread_id: "thread-42" });
const command =
  'git status && npm run build -- --prod --config ./conf/production.json | tee build-log.txt; echo "done; really" && ls -la src/components src/utils && grep -rn "TODO" src | head -n 20 > notes/todo.txt';
const commandRequest = JSON.stringify({ tool_name: "bash", tool_input: { command, timeout: 120 }, tool_call_id: "call_0002" });
const fileRequest = JSON.stringify({ tool_name: "read_file", tool_input: { path: "/workspace/src/index.ts" }, tool_call_id: "call_0003" });
// Usage-limited capabilities: the core asks for counters, the provider reads the store and asks again.
passport.capabilities.push({ id: "messaging.send" }, { id: "finance.payment.refund" });
passport.assurance_level = "L2";
passport.regions = ["US"];
passport.limits["messaging.send"] = { allowed_recipients: ["*@example.com"], msgs_per_min: 1_000_000_000 };
passport.limits["finance.payment.refund"] = { currency_limits: { USD: { max_per_tx: 50000, daily_cap: 1_000_000_000 } }, refund_reason_codes: ["customer_request"] };
const messageRequest = JSON.stringify({ tool_name: "send_message", tool_input: { to: "ops@example.com", message: "build 1234 deployed to production" }, tool_call_id: "call_0004" });
const refundRequest = JSON.stringify({
  tool_name: "refund_payment",
  tool_input: { order_id: "ORD-1", customer_id: "CUST-1", amount: 1299, currency: "USD", region: "US", reason_code: "customer_request", idempotency_key: "refund-ord-0001" },
  tool_call_id: "call_0005",
});

// --- load time ------------------------------------------------------------
const wasmBytes = readFileSync(new URL("../dist/policy.wasm", import.meta.url));
const loadSamples = [];
for (let i = 0; i < 21; i++) {
  const t0 = process.hrtime.bigint();
  const ev = Evaluator.createSync(wasmBytes);
  ev.load(JSON.stringify({ type: "passport", passport }));
  loadSamples.push(Number(process.hrtime.bigint() - t0) / 1e6);
}
loadSamples.sort((a, b) => a - b);

// --- ours -----------------------------------------------------------------
const now = Date.parse("2026-11-22T00:00:00Z");
const evaluator = sharedEvaluatorSync();
const allowlist = new AllowlistProvider({ allowed_tools: ["web_search", "web_fetch", "read_file"], denied_tools: ["bash"] });
const passportProvider = new PassportProvider({ passport, workspace_root: "/workspace", clock: () => now, tool_map: { refund_payment: "finance.payment.refund" } });
allowlist.evaluateJsonSync(allowlistRequest);
for (const [name, p, req] of [["allowlist", allowlist, allowlistRequest], ["passport command", passportProvider, commandRequest], ["passport file", passportProvider, fileRequest], ["passport message", passportProvider, messageRequest], ["passport refund", passportProvider, refundRequest]]) {
  const d = p.evaluateJsonSync(req);
  if (d.decision !== "allow") throw new Error(`bench input for ${name} is not allowed: ${JSON.stringify(d)}`);
}

const floor = measure("floor", "wasm no-op, same request bytes", () => evaluator.noop(allowlistRequest));
const allow = measure("allowlist", "portcullis evaluate (JSON in)", () => allowlist.evaluateJsonSync(allowlistRequest));
const allowObj = measure("allowlist", "portcullis evaluateSync (object in, incl. JSON.stringify)", () =>
  allowlist.evaluateSync({ tool_name: "web_search", tool_input: { query: "portcullis wasm guardrails for agents" }, tool_call_id: "call_0001", thread_id: "thread-42" }));
// The allowlist / floor ratio in CPU time, the two alternated round by round: wall time on a shared machine
// moves with its load, and rounds side by side see the same load.
function cpuNsPerCall(fn, count) {
  const t0 = process.cpuUsage();
  for (let i = 0; i < count; i++) fn();
  const d = process.cpuUsage(t0);
  return ((d.user + d.system) * 1000) / count;
}
const allowCpuRatios = [];
for (let r = 0; r < 7; r++) {
  const f = cpuNsPerCall(() => evaluator.noop(allowlistRequest), 100_000);
  allowCpuRatios.push(cpuNsPerCall(() => allowlist.evaluateJsonSync(allowlistRequest), 100_000) / f);
}
allowCpuRatios.sort((a, b) => a - b);
if (json) console.log(JSON.stringify({ case: "allowlist / floor", subject: "CPU time, 7 alternated rounds", min: round(allowCpuRatios[0]), median: round(allowCpuRatios[3]), max: round(allowCpuRatios[6]) }));
const floorCmd = measure("floor", "wasm no-op, 200-byte command request", () => evaluator.noop(commandRequest));
const cmd = measure("passport command", "portcullis evaluate, 200-byte compound command, scopes bound", () => passportProvider.evaluateJsonSync(commandRequest));
// The same decision with the file and web scopes not binding the command (bind_scopes false): what binding them costs.
const unboundPassport = structuredClone(passport);
unboundPassport.limits["system.command.execute"].bind_scopes = false;
const unboundProvider = new PassportProvider({ passport: unboundPassport, workspace_root: "/workspace", clock: () => now, tool_map: { refund_payment: "finance.payment.refund" } });
const cmdUnbound = measure("passport command", "portcullis evaluate, 200-byte compound command, bind_scopes false", () => unboundProvider.evaluateJsonSync(commandRequest));
const file = measure("passport file", "portcullis evaluate, read_file", () => passportProvider.evaluateJsonSync(fileRequest));
const message = measure("passport message", "evaluate, msgs_per_min (2 passes + in-memory store)", () => passportProvider.evaluateJsonSync(messageRequest));
measure("passport refund", "evaluate, refund with daily_cap + idempotency (2 passes)", () => passportProvider.evaluateJsonSync(refundRequest));

// --- adversarial commands: the work budget's worst cases (README "Performance"), as ratios to the command row ---
// Each is one request up to the 64 KiB limit that took seconds before the core counted its work; now each
// decides in milliseconds, over budget or not (assembly/util/budget.ts, test/work-budget.test.ts).
const adversarialPassport = structuredClone(passport);
const adversarialLimits = adversarialPassport.limits["system.command.execute"];
adversarialLimits.allowed_commands.push("cd", "env", "pushd");
adversarialLimits.blocked_patterns.push("/etc/shadow", "~/.ssh/*");
delete adversarialLimits.allowed_working_directories;
const adversarialProvider = new PassportProvider({ passport: adversarialPassport, workspace_root: "/workspace", home: "/home/agent", clock: () => now });
const adversarial = [
  ["cd a; x13107 (64 KiB)", "cd a;".repeat(13107)],
  ["cd a; x1600 + cat shadow, path patterns", "cd a; ".repeat(1600) + "cat shadow"],
  ["env -C a x500 + ls", "env -C a ".repeat(500) + "ls"],
  ["pushd a; x1000 + cat shadow", "pushd a;".repeat(1000) + "cat shadow"],
  ["env x12000 + ls", "env ".repeat(12000) + "ls"],
].map(([name, c]) => [name, JSON.stringify({ tool_name: "bash", tool_input: { command: c, timeout: 120 }, tool_call_id: "call_0009" })]);
const adversarialRows = adversarial.map(([name, req]) =>
  measure("adversarial", `${name}: ${adversarialProvider.evaluateJsonSync(req).reasons[0].code}`, () => adversarialProvider.evaluateJsonSync(req), { batch: 2, rounds: 9 }));

// --- shell-quote: the parser a JS user would pick, plus a first-word / substring check (bench/shell-quote-check.mjs) ---
let shellQuote = null;
try {
  const naiveCheck = shellQuoteCheck(passport.limits["system.command.execute"]);
  const request = JSON.parse(commandRequest);
  if (!naiveCheck(request.tool_input.command)) throw new Error("shell-quote baseline denies the bench command");
  shellQuote = measure("passport command", "shell-quote parse + first-word/substring check (JSON in)", () =>
    naiveCheck(JSON.parse(commandRequest).tool_input.command), { batch: 200, rounds: 31 });
} catch (error) {
  console.error(`shell-quote unavailable: ${error.message}`);
}

// --- cedar ----------------------------------------------------------------
let cedar = null;
try {
  const c = require("@cedar-policy/cedar-wasm/nodejs");
  const policies = {
    staticPolicies: [
      'permit(principal == Agent::"a1", action == Action::"tool", resource == Tool::"web_search");',
      'permit(principal == Agent::"a1", action == Action::"tool", resource == Tool::"web_fetch");',
      'permit(principal == Agent::"a1", action == Action::"tool", resource == Tool::"read_file");',
      'forbid(principal, action == Action::"tool", resource == Tool::"bash");',
    ].join("\n"),
  };
  c.preparsePolicySet("bench", policies);
  const call = {
    principal: { type: "Agent", id: "a1" },
    action: { type: "Action", id: "tool" },
    resource: { type: "Tool", id: "web_search" },
    context: {},
    entities: [],
    preparsedPolicySetId: "bench",
  };
  const answer = c.statefulIsAuthorized(call);
  if (answer.type !== "success" || answer.response.decision !== "allow") throw new Error(JSON.stringify(answer));
  cedar = measure("allowlist", "cedar-wasm preparsePolicySet + statefulIsAuthorized", () => c.statefulIsAuthorized(call), { batch: 50, rounds: 21 });
} catch (error) {
  console.error(`cedar-wasm unavailable: ${error.message}`);
}

// --- memory over 1e6 calls ---------------------------------------------------
const before = evaluator.memoryBytes;
for (let i = 0; i < 1_000_000; i++) passportProvider.evaluateJsonSync(i & 1 ? commandRequest : fileRequest);
const after = evaluator.memoryBytes;

if (json) {
  console.log(JSON.stringify({ case: "load", subject: "instantiate + passport load (ms, median of 21)", median_ns: Math.round(loadSamples[10] * 1e6), ops: 0 }));
} else {
  const ns = (x) => String(x).padStart(9);
  const row = (r) => `${r.case.padEnd(18)} ${r.subject.padEnd(58)} ${ns(r.median_ns)} ${ns(r.p50_ns)} ${ns(r.p99_ns)} ${ns(r.max_ns)} ns`;
  console.log("case               subject                                                  batch p50  call p50  call p99  call max (per call, timed one by one)");
  for (const r of results) console.log(row(r));
  console.log();
  console.log(`allowlist / floor:          ${(allow.median_ns / floor.median_ns).toFixed(2)}x wall (target <= 3x); CPU time ${allowCpuRatios[0].toFixed(2)}–${allowCpuRatios[6].toFixed(2)}x, median ${allowCpuRatios[3].toFixed(2)}x (7 alternated rounds); per call p50 ${(allow.p50_ns / floor.p50_ns).toFixed(2)}x, p99 ${(allow.p99_ns / floor.p99_ns).toFixed(2)}x`);
  console.log(`command / floor (same size): ${(cmd.median_ns / floorCmd.median_ns).toFixed(2)}x`);
  console.log(`usage-limited message / file: ${(message.median_ns / file.median_ns).toFixed(2)}x`);
  console.log(`command decision: ${(cmd.median_ns / 1000).toFixed(2)} µs (target <= 2 µs)`);
  console.log(`command, scopes bound / bind_scopes false: ${(cmd.median_ns / cmdUnbound.median_ns).toFixed(2)}x (target <= 1.3x; bench/profile/instructions.sh cmd and cmd-unbound count it exactly)`);
  for (const r of adversarialRows) console.log(`adversarial / command: ${(r.median_ns / cmd.median_ns).toFixed(0)}x (${(r.median_ns / 1e6).toFixed(2)} ms; goal <= 20 ms) ${r.subject}`);
  if (shellQuote) console.log(`shell-quote baseline / ours: ${(shellQuote.median_ns / cmd.median_ns).toFixed(1)}x (ours faster when > 1)`);
  if (cedar) console.log(`cedar / ours (allowlist):    ${(cedar.median_ns / allow.median_ns).toFixed(1)}x faster (target >= 20x)`);
  console.log(`instantiate + passport load: ${loadSamples[10].toFixed(2)} ms median`);
  console.log(`linear memory over 1e6 decisions: ${before} -> ${after} bytes${before === after ? " (flat)" : " (GREW)"}`);
  console.log(`policy.wasm: ${wasmBytes.length} bytes`);
}
