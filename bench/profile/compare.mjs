// Command-decision time of several policy.wasm builds, measured interleaved in one process so that machine load
// hits them alike (how the optimisation settings in asconfig.json were chosen; README "Runtimes and budgets"):
//   node bench/profile/compare.mjs a.wasm b.wasm ...
// KIND=short|unknown|file picks another request (default: the command decision).
// Prints raw size, gzip -9 size and the median µs of bench/run.mjs's command decision for each file.
import { Evaluator } from "../../dist/node.js";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const files = process.argv.slice(2);
const passport = JSON.parse(readFileSync(new URL("../../examples/passport.json", import.meta.url), "utf8"));
passport.limits["system.command.execute"].allowed_commands.push("tee");
const document = JSON.stringify({ type: "passport", passport, workspace_root: "/workspace" });
const command =
  'git status && npm run build -- --prod --config ./conf/production.json | tee build-log.txt; echo "done; really" && ls -la src/components src/utils && grep -rn "TODO" src | head -n 20 > notes/todo.txt';
const requests = {
  cmd: { tool_name: "bash", tool_input: { command, timeout: 120 }, tool_call_id: "call_0002" },
  short: { tool_name: "bash", tool_input: { command: "ls", timeout: 120 }, tool_call_id: "call_0002" },
  unknown: { tool_name: "zzz", tool_input: { command, timeout: 120 }, tool_call_id: "call_0002" },
  file: { tool_name: "read_file", tool_input: { path: "/workspace/src/index.ts" }, tool_call_id: "call_0003" },
};
const kind = process.env.KIND ?? "cmd";
if (!requests[kind]) throw new Error(`unknown KIND ${kind}`);
const request = JSON.stringify(requests[kind]);
const now = Date.parse("2026-11-22T00:00:00Z");

const subjects = files.map((file) => {
  const bytes = readFileSync(file);
  const policy = Evaluator.createSync(bytes).load(document);
  const decision = JSON.stringify(policy.evaluateJson(request, now));
  return { file, bytes, policy, decision, samples: [] };
});
for (const s of subjects) if (s.decision !== subjects[0].decision) throw new Error(`${s.file} decides differently: ${s.decision}`);
const BATCH = 500;
for (const s of subjects) for (let i = 0; i < 20_000; i++) s.policy.evaluateJson(request, now); // past the tier-up
// CPU time as well as wall time: on a loaded machine, time spent descheduled is not the build's.
const cpuMicros = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};
for (const s of subjects) s.cpu = [];
for (let round = 0; round < 61; round++) {
  for (const s of subjects) {
    const [t0, c0] = [process.hrtime.bigint(), cpuMicros()];
    for (let i = 0; i < BATCH; i++) s.policy.evaluateJson(request, now);
    s.samples.push(Number(process.hrtime.bigint() - t0) / BATCH / 1000);
    s.cpu.push((cpuMicros() - c0) / BATCH);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
console.log(`file                                   raw        gzip -9   ${kind} µs wall / CPU (medians)`);
for (const s of subjects) {
  const kb = (n) => `${(n / 1000).toFixed(1)} KB`.padStart(9);
  console.log(`${s.file.padEnd(36)} ${kb(s.bytes.length)}  ${kb(gzipSync(s.bytes, { level: 9 }).length)}   ${median(s.samples).toFixed(3)} / ${median(s.cpu).toFixed(3)}`);
}
