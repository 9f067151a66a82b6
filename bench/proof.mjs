// `node bench/proof.mjs [--json]` (also run by `npm run bench`): what proof costs per judged call.
// judgeToolCall with the example passport on one command call, median µs per call over interleaved rounds:
//   plain         no receipts, no tracer, no audit sink (the hot path; must not move when proof is off)
//   audit         a plain JSON Lines audit sink (writing to memory)
//   chained       the hash-chained sink instead (one SHA-256 over the canonical record per call)
//   receipts      an Ed25519 receipt per decision (request digest + signature)
//   tracer        a recording OpenTelemetry tracer (sdk-trace-base, in-memory exporter), when installed
// Quieter on a loaded machine: each row also reports CPU time (time spent descheduled is not the row's), and
// each row's cost over plain is the median of per-round differences (the rounds are interleaved, so a burst of
// load hits a round's rows alike and cancels out). ROUNDS=… sets the rounds (default 61). Printed, never asserted.
import { readFileSync } from "node:fs";
import { PassportProvider, ReceiptSigner, chainedJsonLinesSink, jsonLinesSink, judgeToolCall } from "../dist/index.js";

const json = process.argv.includes("--json");
const passport = JSON.parse(readFileSync(new URL("../examples/passport.json", import.meta.url), "utf8"));
const provider = await PassportProvider.create({ passport, workspace_root: "/workspace" });
const request = {
  tool_name: "bash",
  tool_input: { command: "git status && npm run build -- --prod | tee build-log.txt", timeout: 120 },
  tool_call_id: "call_0002",
  thread_id: "thread-42",
};

const keys = await crypto.subtle.generateKey({ name: "Ed25519" }, false, ["sign", "verify"]);
const signer = await ReceiptSigner.create(keys.privateKey, { policyDigest: "sha256:" + "0".repeat(64) });
let written = 0;
const count = (line) => void (written += line.length);

const cases = [
  { name: "plain (no proof options)", options: { provider } },
  { name: "audit: JSON Lines sink", options: { provider, audit: [jsonLinesSink(count)] } },
  { name: "audit: hash-chained sink", options: { provider, audit: [chainedJsonLinesSink(count)] } },
  { name: "receipts: Ed25519 per decision", options: { provider, receipts: { privateKey: signer } } },
];
try {
  const { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } = await import("@opentelemetry/sdk-trace-base");
  const exporter = new InMemorySpanExporter();
  const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).getTracer("bench");
  cases.push({ name: "tracer: recording OTel span", options: { provider, tracer }, after: () => exporter.reset() });
} catch {
  console.error("@opentelemetry/sdk-trace-base not installed: no tracer row");
}

const batch = 200;
const rounds = Number(process.env.ROUNDS ?? 61);
const samples = cases.map(() => []);
const cpu = cases.map(() => []);
const cpuMicros = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};
for (const c of cases) for (let i = 0; i < batch * 5; i++) await judgeToolCall(request, c.options); // warm up
for (let r = 0; r < rounds; r++) {
  // Interleaved, so the machine's load falls on every row alike.
  for (let k = 0; k < cases.length; k++) {
    const t0 = process.hrtime.bigint();
    const c0 = cpuMicros();
    for (let i = 0; i < batch; i++) await judgeToolCall(request, cases[k].options);
    samples[k].push(Number(process.hrtime.bigint() - t0) / batch / 1000);
    cpu[k].push((cpuMicros() - c0) / batch);
    cases[k].after?.();
  }
}

const median = (list) => [...list].sort((a, b) => a - b)[list.length >> 1];
/** The median over rounds of row k's cost minus plain's in the same round. */
const added = (list, k) => median(list[k].map((v, r) => v - list[0][r]));
for (let k = 0; k < cases.length; k++) {
  const m = median(samples[k]);
  const c = median(cpu[k]);
  const row = { bench: "proof", case: cases[k].name, median_us: +m.toFixed(2), added_us: +added(samples, k).toFixed(2), cpu_us: +c.toFixed(2), cpu_added_us: +added(cpu, k).toFixed(2) };
  if (json) console.log(JSON.stringify(row));
  else {
    const more = k === 0 ? "" : `+${row.added_us.toFixed(2)} µs (cpu +${row.cpu_added_us.toFixed(2)} µs)`;
    console.log(`${cases[k].name.padEnd(34)} ${m.toFixed(2).padStart(8)} µs/call  cpu ${c.toFixed(2).padStart(8)} µs   ${more}`);
  }
}
if (written === 0) throw new Error("the audit sinks wrote nothing");
