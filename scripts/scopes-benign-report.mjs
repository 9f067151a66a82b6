// How many benign commands a common passport's file and web scopes deny, and why (grouped):
//   node scripts/scopes-benign-report.mjs [--list] [--json]
// Every allowed vector of the command corpora (test/vectors/commands-*.jsonl, each spelling a vector of its own)
// is judged again under its own passport plus the common scopes — read /workspace, write
// /workspace/out, web github.com and registry.npmjs.org — with workspace_root /workspace and home /home/agent
// where the vector gives none. Writes outside out/ are denied by design (that is what such a passport says);
// the groups show which denials are that and which are the analysis being unsure. Needs `npm run build` (dist/).
import { Evaluator } from "../dist/node.js";
import { readFileSync, readdirSync } from "node:fs";

const list = process.argv.includes("--list");
const json = process.argv.includes("--json");
const vectors = new URL("../test/vectors/", import.meta.url);
const corpora = readdirSync(vectors).filter((f) => f.startsWith("commands-") && f.endsWith(".jsonl")).sort();
const scopes = {
  "data.file.read": { allowed_paths: ["/workspace"] },
  "data.file.write": { allowed_paths: ["/workspace/out"] },
  "web.fetch": { allowed_domains: ["github.com", "registry.npmjs.org"] },
};

const evaluator = Evaluator.createSync(readFileSync(new URL("../dist/policy.wasm", import.meta.url)));
const policies = new Map();
function policyFor(name) {
  if (!policies.has(name)) {
    const passport = JSON.parse(readFileSync(new URL(`policies/${name}`, vectors), "utf8"));
    for (const [id, limits] of Object.entries(scopes)) {
      if (!passport.capabilities.some((c) => c.id === id)) passport.capabilities.push({ id });
      passport.limits[id] = limits;
    }
    policies.set(name, evaluator.load(JSON.stringify({ type: "passport", passport })));
  }
  return policies.get(name);
}

/** A denial's group: what the scope judged and why, without the operand. */
function group(reason) {
  const m = reason.message;
  const verb = / (reads|writes|deletes|contacts) /.exec(m)?.[1] ?? "other";
  const why =
    m.includes("computed at run time") ? "computed at run time" :
    m.includes("brace expansion") ? "brace expansion" :
    m.includes("relative path after a change") ? "relative path after a cd to an unknown directory" :
    m.includes("working directory is not known") ? "working directory not known" :
    m.includes("place no path names") ? "a place no path names" :
    m.includes("cannot be resolved") ? "cannot be resolved" :
    m.includes("sensitive-file") ? "sensitive file" :
    m.includes("is not within allowed_paths") ? "outside allowed_paths" :
    m.includes("private") || reason.code === "oap.private_ip_blocked" ? "private destination" :
    reason.code === "oap.domain_not_allowed" ? "domain not allowed" :
    "other";
  return `${reason.code} ${verb}: ${why}`;
}

const now = Date.parse("2026-11-22T00:00:00Z");
let total = 0;
const denied = new Map();
for (const file of corpora) {
  for (const line of readFileSync(new URL(file, vectors), "utf8").split("\n").filter((l) => l.trim())) {
    const v = JSON.parse(line);
    if (v.expect.decision !== "allow" || !v.request) continue;
    for (const spelling of [undefined, ...(v.spellings ?? [])]) {
      total++;
      const request = structuredClone(v.request);
      if (spelling !== undefined) request.tool_input.command = spelling;
      request.context = { workspace_root: "/workspace", home: "/home/agent", ...request.context };
      const d = policyFor(v.policy).evaluateJson(JSON.stringify(request), now);
      if (d.decision === "allow") continue;
      const key = group(d.reasons[0]);
      if (!denied.has(key)) denied.set(key, []);
      denied.get(key).push({ command: request.tool_input.command, message: d.reasons[0].message });
    }
  }
}

const groups = [...denied.entries()].sort((a, b) => b[1].length - a[1].length);
const count = groups.reduce((n, [, xs]) => n + xs.length, 0);
const reads = groups.filter(([k]) => k.includes(" reads:")).reduce((n, [, xs]) => n + xs.length, 0);
if (json) {
  console.log(JSON.stringify({ total, denied: count, reads, groups: Object.fromEntries(groups.map(([k, xs]) => [k, xs.length])) }));
} else {
  console.log(`${count} of ${total} benign commands denied under the common passport (${reads} of them reads)`);
  for (const [key, xs] of groups) {
    console.log(`${String(xs.length).padStart(4)}  ${key}`);
    for (const x of list ? xs : xs.slice(0, 2)) console.log(`        ${x.command}${list ? `\n          ${x.message}` : ""}`);
  }
}
