// `node bench/hook.mjs [--json] [--runs N]` (also run by `npm run bench`): end-to-end time of one coding-agent hook
// call as the agent pays it — a new process from spawn to exit, reading one event on stdin and writing the answer:
// `portcullis hook claude-code` with a Claude Code settings.json (three passports compiled per call) and with a bare
// passport, and `portcullis check` with that passport, beside `node -e ""` (the floor: starting Node at all); then the
// resident mode, `portcullis hook serve` with the settings.json, called by the documented client
// (`sh -c 'curl -sSf … || exit 2'`; its CPU is the client's, the server's is not counted). Wall time and CPU time (user +
// system, all of the process's threads) of each process, as bash's `time` reads them from the kernel: on a loaded
// machine CPU time is the steadier figure. Medians and p90 over --runs (default 15) each, interleaved so the
// machine's load hits every row alike. Printed, never asserted.
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
  { name: "check, OAP passport policy", argv: [cli, "check", "--policy", `${root}examples/passport.json`, "--tool", "bash", "--input", '{"command":"git status"}'], exits: [0, 1] },
];

const server = spawn(process.execPath, [cli, "hook", "serve", "--policy", `${root}test/fixtures/hooks/policies/claude-settings.json`], { stdio: ["ignore", "pipe", "inherit"] });
const url = await new Promise((resolve) => server.stdout.on("data", (d) => { const m = /on (http:\/\/[^:]+:\d+)/.exec(String(d)); if (m) resolve(m[1]); }));
rows.push({ name: "resident: hook serve + curl client", file: "sh", argv: ["-c", `curl -sSf --data-binary @- ${url}/hooks/claude-code || exit 2`] });

// bash runs each process under `time`: its own start-up is not counted, and its report is the child's rusage.
const timed = 'exec 3>&2; TIMEFORMAT="%3R %3U %3S"; { time "$@" >/dev/null 2>&3; } 2>&1';
const samples = rows.map(() => ({ wall: [], cpu: [] }));
for (let i = 0; i < runs; i++) {
  rows.forEach((row, k) => {
    const r = spawnSync("bash", ["-c", timed, "bash", row.file ?? process.execPath, ...row.argv], { input: event, encoding: "utf8" });
    if (!(row.exits ?? [0]).includes(r.status)) throw new Error(`${row.name}: exit ${r.status}\n${r.stderr}`);
    const [real, user, sys] = r.stdout.trim().split("\n").pop().split(" ").map(Number);
    samples[k].wall.push(real * 1000);
    samples[k].cpu.push((user + sys) * 1000);
  });
}

server.kill("SIGTERM");

const pct = (list, p) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(p * list.length))];
for (let k = 0; k < rows.length; k++) {
  const [median, p90, cpu, cpu90] = [pct(samples[k].wall, 0.5), pct(samples[k].wall, 0.9), pct(samples[k].cpu, 0.5), pct(samples[k].cpu, 0.9)];
  const fixed = (n) => +n.toFixed(1);
  if (json) console.log(JSON.stringify({ bench: "hook", case: rows[k].name, runs, median_ms: fixed(median), p90_ms: fixed(p90), cpu_median_ms: fixed(cpu), cpu_p90_ms: fixed(cpu90) }));
  else console.log(`${rows[k].name.padEnd(56)} wall median ${median.toFixed(1).padStart(6)} ms  p90 ${p90.toFixed(1).padStart(6)} ms   CPU median ${cpu.toFixed(1).padStart(6)} ms  p90 ${cpu90.toFixed(1).padStart(6)} ms`);
}
