#!/usr/bin/env node
// Differential check of the shell analysis against real bash. Generates scripts (fixed seed), judges each with
// the built core, runs every allowed one in a sandboxed bash whose PATH holds only probe programs, and fails when
// bash ran something the passport forbids (`evil`, or `tool --force`) although the analysis allowed it. Each
// failure is shrunk to a minimal script.
//
//   node test/differential/run.mjs [--scripts N] [--seed S] [--workers W] [--batch B] [--shrink K] [--blocked 0]
//   (--shrink K: shrink the first K failures; --blocked 0: count only runs of `evil`, not `tool --force`)
//   PORTCULLIS_DIFF_SCRIPTS=1000000 PORTCULLIS_DIFF_SEED=7 node test/differential/run.mjs
//   node test/differential/run.mjs --script 'echo "${x:-'"'"'$(evil)'"'"'}"'    (check one script)
import { pathToFileURL } from "node:url";
import { createJudge, forbiddenRun } from "./analysis.mjs";
import { corpusScript, loadCorpus } from "./corpus.mjs";
import { Grammar } from "./grammar.mjs";
import { rngFor } from "./prng.mjs";
import { Sandbox, bashVersion } from "./sandbox.mjs";
import { shrink } from "./shrink.mjs";

/** The bash the check was written against (Debian 12's); another version still runs, flagged in the report. */
export const PINNED_BASH = "5.2.15(1)-release";

export const DEFAULTS = { scripts: 20_000, seed: 20_260_722, workers: 2, batch: 400, shrink: 5, corpusShare: 0.3, blocked: 1 };

/** Script n of a run: the same seed always gives the same scripts. */
export function scriptAt(seed, n, corpus) {
  const rng = rngFor(seed, n);
  return rng.chance(DEFAULTS.corpusShare) ? corpusScript(rng, corpus) : new Grammar(rng).script();
}

/**
 * Runs the check. Resolves to { bash, sandbox, scripts, allowed, ranProbe, syntaxErrors, timedOut, violations:
 * [{ n, script, minimal, what }], seconds }.
 */
export async function runDifferential(options = {}, log = () => {}) {
  const o = { ...DEFAULTS, ...options };
  const oracle = { blocked: o.blocked !== 0 };
  const started = Date.now();
  const bash = bashVersion();
  if (bash !== PINNED_BASH) log(`note: bash ${bash} differs from the pinned ${PINNED_BASH}`);
  const judge = await createJudge();
  const corpus = loadCorpus();
  const sandbox = new Sandbox();
  /** @type {{ bash: string, sandbox: string, scripts: number, allowed: number, ranProbe: number, syntaxErrors: number, timedOut: number, seconds?: number, violations: Array<{ n: number, script: string, minimal: string, what: string }> }} */
  const stats = { bash, sandbox: sandbox.iso.name, scripts: 0, allowed: 0, ranProbe: 0, syntaxErrors: 0, timedOut: 0, violations: [] };
  try {
    // Only allowed scripts can violate the property, so only they go to bash.
    let next = 0;
    const takeBatch = () => {
      const batch = [];
      while (batch.length < o.batch && next < o.scripts) {
        const n = next++;
        const script = scriptAt(o.seed, n, corpus);
        stats.scripts++;
        if (judge(script).decision === "allow") batch.push({ n, script });
      }
      return batch;
    };
    const failing = [];
    const worker = async () => {
      for (let batch = takeBatch(); batch.length; batch = takeBatch()) {
        const results = await sandbox.run(batch.map((b) => b.script));
        results.forEach((r, i) => {
          stats.allowed++;
          if (r.runs.length) stats.ranProbe++;
          if (r.status === 2) stats.syntaxErrors++;
          if (r.timedOut) stats.timedOut++;
          const what = forbiddenRun(r.runs, oracle);
          if (what) failing.push({ ...batch[i], what });
        });
        if (stats.allowed % 5000 < o.batch) log(`${stats.scripts} scripts, ${stats.allowed} allowed, ${failing.length} violations`);
      }
    };
    await Promise.all(Array.from({ length: o.workers }, worker));
    failing.sort((a, b) => a.n - b.n);
    // Shrink the first few; the rest are listed unshrunk (they are usually the same classes again).
    const failingMany = async (candidates) => {
      const allowed = candidates.filter((c) => judge(c).decision === "allow");
      const results = allowed.length ? await sandbox.run(allowed) : [];
      const fails = new Set(allowed.filter((_, i) => forbiddenRun(results[i].runs, oracle) !== null));
      return candidates.map((c) => fails.has(c));
    };
    const seen = new Set();
    for (const f of failing) {
      let minimal = f.script;
      if (seen.size < o.shrink) minimal = (await shrink(f.script, failingMany)).script;
      stats.violations.push({ ...f, minimal, what: forbiddenRun((await sandbox.run([minimal]))[0].runs, oracle) ?? f.what });
      seen.add(minimal);
    }
  } finally {
    sandbox.close();
  }
  stats.seconds = (Date.now() - started) / 1000;
  return stats;
}

/** Checks single scripts: the analysis' decision and what bash ran. */
export async function checkScripts(scripts) {
  const judge = await createJudge();
  const sandbox = new Sandbox();
  try {
    const results = await sandbox.run(scripts);
    return scripts.map((script, i) => ({ script, decision: judge(script).decision, runs: results[i].runs, status: results[i].status, forbidden: forbiddenRun(results[i].runs) }));
  } finally {
    sandbox.close();
  }
}

export function formatReport(s) {
  const pct = (a, b) => (b ? ((100 * a) / b).toFixed(1) : "0.0") + "%";
  const lines = [
    `bash ${s.bash}${s.bash === PINNED_BASH ? "" : ` (NOT the pinned ${PINNED_BASH}: findings may differ)`} (${s.sandbox}); ` +
      `${s.scripts} scripts in ${(s.seconds ?? 0).toFixed(1)} s`,
    `allowed by the analysis: ${s.allowed} (${pct(s.allowed, s.scripts)}); of those bash ran a probe in ${pct(s.ranProbe, s.allowed)}, ` +
      `exited 2 (syntax or usage error) in ${pct(s.syntaxErrors, s.allowed)}, timed out in ${s.timedOut}`,
    `violations (bash ran a forbidden command the analysis allowed): ${s.violations.length}`,
  ];
  const byMinimal = new Map();
  for (const v of s.violations) byMinimal.set(v.minimal, [...(byMinimal.get(v.minimal) ?? []), v]);
  for (const [minimal, vs] of byMinimal) {
    lines.push(`  minimal: ${JSON.stringify(minimal)}  (${vs[0].what}; ${vs.length} script(s), e.g. #${vs[0].n}: ${JSON.stringify(vs[0].script).slice(0, 300)})`);
  }
  return lines.join("\n");
}

function parseArgs(argv) {
  const o = {};
  const env = process.env;
  if (env.PORTCULLIS_DIFF_SCRIPTS) o.scripts = Number(env.PORTCULLIS_DIFF_SCRIPTS);
  if (env.PORTCULLIS_DIFF_SEED) o.seed = Number(env.PORTCULLIS_DIFF_SEED);
  const scripts = [];
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i].replace(/^--/, "");
    if (key === "script") scripts.push(argv[++i]);
    else if (["scripts", "seed", "workers", "batch", "shrink", "blocked"].includes(key)) o[key] = Number(argv[++i]);
    else throw new Error(`unknown option ${argv[i]}`);
  }
  for (const [k, v] of Object.entries(o)) if (!Number.isSafeInteger(v) || v < 0) throw new Error(`--${k} must be a whole number`);
  return { o, scripts };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { o, scripts } = parseArgs(process.argv.slice(2));
  if (scripts.length) {
    for (const r of await checkScripts(scripts)) console.log(JSON.stringify(r));
  } else {
    const s = await runDifferential(o, (m) => console.error(m));
    console.log(formatReport(s));
    process.exitCode = s.violations.length ? 1 : 0;
  }
}
