// The bench's command decision of this checkout against other checkouts' builds, interleaved in one process so that
// machine load hits them alike: how "within 1.3× of an earlier build" and "≥ 5× faster than shell-quote" are checked.
//   node bench/profile/against-builds.mjs [label=/path/to/other/checkout ...]
// Each checkout must be built (its dist/index.js). Every build gets the same passport (examples/passport.json of this
// checkout, with tee allowed, as bench/run.mjs) and the same 200-byte command; this checkout runs with scopes bound and
// with bind_scopes false. Prints the median CPU µs per call over alternated rounds and each row's ratio to shell-quote.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { shellQuoteCheck } from "../shell-quote-check.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const passport = JSON.parse(readFileSync(`${root}examples/passport.json`, "utf8"));
delete passport.tests;
passport.limits["system.command.execute"].allowed_commands.push("tee");
const command =
  'git status && npm run build -- --prod --config ./conf/production.json | tee build-log.txt; echo "done; really" && ls -la src/components src/utils && grep -rn "TODO" src | head -n 20 > notes/todo.txt';
const request = JSON.stringify({ tool_name: "bash", tool_input: { command, timeout: 120 }, tool_call_id: "call_0002" });
const now = Date.parse("2026-11-22T00:00:00Z");

async function subject(label, dir, unbound) {
  const { PassportProvider } = await import(`${dir}/dist/index.js`);
  const p = structuredClone(passport);
  if (unbound) p.limits["system.command.execute"].bind_scopes = false;
  const provider = new PassportProvider({ passport: p, workspace_root: "/workspace", clock: () => now });
  const first = provider.evaluateJsonSync(request);
  if (first.decision !== "allow") throw new Error(`${label} does not allow the bench command: ${JSON.stringify(first)}`);
  return { label, run: () => provider.evaluateJsonSync(request), cpu: [] };
}

const subjects = [await subject("this build", root), await subject("this, bind_scopes false", root, true)];
for (const arg of process.argv.slice(2)) {
  const at = arg.indexOf("=");
  subjects.push(await subject(at > 0 ? arg.slice(0, at) : arg, at > 0 ? arg.slice(at + 1) : arg));
}
const naiveCheck = shellQuoteCheck(passport.limits["system.command.execute"]);
subjects.push({ label: "shell-quote baseline", run: () => naiveCheck(JSON.parse(request).tool_input.command), cpu: [] });

const BATCH = 400, ROUNDS = Number(process.env.ROUNDS ?? 21);
for (const s of subjects) for (let i = 0; i < 5000; i++) s.run();
for (let r = 0; r < ROUNDS; r++) {
  for (const s of subjects) {
    const start = process.cpuUsage();
    for (let i = 0; i < BATCH; i++) s.run();
    const used = process.cpuUsage(start);
    s.cpu.push((used.user + used.system) / BATCH);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const baseline = median(subjects.at(-1).cpu);
const own = median(subjects[0].cpu);
for (const s of subjects) {
  const m = median(s.cpu);
  console.log(`${s.label.padEnd(28)} ${m.toFixed(2).padStart(7)} µs CPU   this build ÷ it ${(own / m).toFixed(2)}×   shell-quote ÷ it ${(baseline / m).toFixed(2)}×`);
}
