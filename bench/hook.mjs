// `node bench/hook.mjs [--json] [--runs N]` (also run by `npm run bench`): end-to-end time of one coding-agent hook
// call as the agent pays it — a new process from spawn to exit, reading one event on stdin and writing the answer:
// `portcullis hook claude-code` with a Claude Code settings.json (three passports compiled per call) and with a bare
// passport, beside `node -e ""` (the floor: starting Node at all); then the resident mode, `portcullis hook serve`
// with the settings.json, called by the documented client (`sh -c 'curl -sSf … || exit 2'`). Medians and p90 over
// --runs (default 15) each, interleaved so the machine's load hits every row alike. Printed, never asserted.
import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const args = process.argv.slice(2);
const json = args.includes("--json");
const runs = Number(args[args.indexOf("--runs") + 1]) > 0 && args.includes("--runs") ? Number(args[args.indexOf("--runs") + 1]) : 15;
const root = fileURLToPath(new URL("..", import.meta.url));
const cli = `${root}dist/cli.js`;
const event = JSON.stringify({
  session_id: "bench", cwd: "/home/dev/project", hook_event_name: "PreToolUse", tool_name: "Bash",
  tool_input: { command: "npm run test:unit && git diff --stat | head -20" },
});

const rows = [
  { name: "floor: node -e '' (process start and exit)", argv: ["-e", ""] },
  { name: "hook claude-code, Claude Code settings.json policy", argv: [cli, "hook", "claude-code", "--policy", `${root}test/fixtures/hooks/policies/claude-settings.json`] },
  { name: "hook claude-code, OAP passport policy", argv: [cli, "hook", "claude-code", "--policy", `${root}examples/passport.json`] },
];

const server = spawn(process.execPath, [cli, "hook", "serve", "--policy", `${root}test/fixtures/hooks/policies/claude-settings.json`], { stdio: ["ignore", "pipe", "inherit"] });
const url = await new Promise((resolve) => server.stdout.on("data", (d) => { const m = /on (http:\/\/[^:]+:\d+)/.exec(String(d)); if (m) resolve(m[1]); }));
rows.push({ name: "resident: hook serve + curl client", file: "sh", argv: ["-c", `curl -sSf --data-binary @- ${url}/hooks/claude-code || exit 2`] });

const samples = rows.map(() => []);
for (let i = 0; i < runs; i++) {
  rows.forEach((row, k) => {
    const t = performance.now();
    const r = spawnSync(row.file ?? process.execPath, row.argv, { input: event, encoding: "utf8" });
    samples[k].push(performance.now() - t);
    if (r.status !== 0) throw new Error(`${row.name}: exit ${r.status}\n${r.stderr}`);
  });
}

server.kill("SIGTERM");

const pct = (list, p) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(p * list.length))];
for (let k = 0; k < rows.length; k++) {
  const median = pct(samples[k], 0.5), p90 = pct(samples[k], 0.9);
  if (json) console.log(JSON.stringify({ bench: "hook", case: rows[k].name, runs, median_ms: +median.toFixed(1), p90_ms: +p90.toFixed(1) }));
  else console.log(`${rows[k].name.padEnd(56)} median ${median.toFixed(1).padStart(6)} ms   p90 ${p90.toFixed(1).padStart(6)} ms`);
}
