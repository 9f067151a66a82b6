// `npm run bench` (after bench/run.mjs): the untrusted-content sanitizer, side by side in one
// process, through the public API (portcullis/sanitize: string in, string + report out), in MB/s
// of UTF-8 input, reported as ratios (never asserted in tests).
//   ours        sanitize(text, {maxLength: 0}) — every layer, markers and tag escaping; no cap,
//               so the output is as large as the input (a cap would flatter the number)
//   js-regex    the same layers as JS regexes + String.prototype.normalize("NFC") (below)
//   html        ours with html: true vs the html-to-text package's convert() on a 1 MB page
//   worst       inputs that made passes rescan (runs of '<', '＜', '‹' at 10k/40k/160k characters,
//               and 1 MB of '<' with html: true): the time per character must stay flat (linear)
// Inputs are generated deterministically: ASCII-heavy prose (~1 MB), mixed-script text (~1 MB:
// Latin with accents, Cyrillic, Greek, CJK, Arabic, Devanagari, emoji, some invisible characters)
// and a 1 MB HTML page (navigation, articles, lists, tables, links, scripts, styles, hidden spans).
//   --ratios              only the rows of the floor ratios and html (no JS baseline, no worst cases)
//   --compare=<file.wasm> also another sanitize.wasm build, interleaved in the same run (before/after)
import { readFileSync } from "node:fs";
import { sanitize, sharedSanitizerSync, Sanitizer } from "../dist/sanitize.js";
import { convert } from "html-to-text";
import { jsSanitize } from "./sanitize-baseline.mjs";
import { summarize, round } from "./stats.mjs";
import { benchInputs } from "./sanitize-inputs.mjs";

const json = process.argv.includes("--json");
const ratiosOnly = process.argv.includes("--ratios");
const comparePath = process.argv.find((a) => a.startsWith("--compare="))?.slice("--compare=".length);
const other = comparePath ? Sanitizer.createSync(readFileSync(comparePath)) : null;
const MB = 1 << 20;
const utf8Bytes = (s) => Buffer.byteLength(s, "utf8");

// CPU time next to wall time: on a loaded machine a 1 MB call is descheduled mid-way far more often
// than the floor's few milliseconds, so wall-clock ratios then measure the load, not the code.
function measure(fn, input, rounds = 15) {
  for (let i = 0; i < 3; i++) fn(input);
  const samples = [];
  const cpu = [];
  for (let i = 0; i < rounds; i++) {
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    fn(input);
    samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { ...summarize(samples), cpu50: summarize(cpu).p50 };
}

const rows = [];
function row(input, subject, { p50, p99, max, cpu50 }, bytes) {
  const mbs = bytes / MB / (p50 / 1000);
  const r = { case: input, subject, median_ms: round(p50), p99_ms: round(p99), max_ms: round(max), cpu_ms: round(cpu50), mb_per_s: round(mbs, 1) };
  rows.push(r);
  if (json) console.log(JSON.stringify(r));
  return r;
}

const inputs = benchInputs(MB);
const noCap = { maxLength: 0 };
sharedSanitizerSync(); // compile outside the timings

// Sanity: the baseline and ours agree on what they do to these inputs (same layers).
for (const name of ["ascii", "mixed"]) {
  const a = sanitize(inputs[name], noCap).text;
  const b = jsSanitize(inputs[name]);
  if (a !== b) {
    let i = 0;
    while (i < a.length && a[i] === b[i]) i++;
    console.warn(`bench: ours and the JS baseline differ on '${name}' at ${i}: ${JSON.stringify(a.slice(i, i + 40))} vs ${JSON.stringify(b.slice(i, i + 40))}`);
  }
}

const results = {};
for (const name of ["ascii", "mixed"]) {
  const bytes = utf8Bytes(inputs[name]);
  results[name] = {
    floor: row(name, "floor: TextEncoder.encode + TextDecoder.decode (one copy each way)", measure((s) => new TextDecoder().decode(new TextEncoder().encode(s)), inputs[name]), bytes),
    ours: row(name, "portcullis sanitize (public API)", measure((s) => sanitize(s, noCap), inputs[name]), bytes),
    other: other && row(name, `sanitize.wasm from ${comparePath}`, measure((s) => other.sanitize(s, noCap), inputs[name]), bytes),
    js: ratiosOnly ? null : row(name, "JS regexes + normalize('NFC'), same layers", measure(jsSanitize, inputs[name]), bytes),
  };
}
const htmlBytes = utf8Bytes(inputs.html);
results.html = {
  ours: row("html", "portcullis sanitize {html: true} (HTML to text + every layer)", measure((s) => sanitize(s, { html: true, maxLength: 0 }), inputs.html, 11), htmlBytes),
  other: other && row("html", `sanitize.wasm from ${comparePath} {html: true}`, measure((s) => other.sanitize(s, { html: true, maxLength: 0 }), inputs.html, 11), htmlBytes),
  lib: row("html", "html-to-text convert() (wordwrap off)", measure((s) => convert(s, { wordwrap: false }), inputs.html, 11), htmlBytes),
};

// Worst cases: each input 4x the last; linear time keeps ms per 1k characters flat.
const worst = [];
for (const ch of ratiosOnly ? [] : ["<", "\uFF1C", "\u2039"]) {
  const sizes = [];
  for (const n of [10_000, 40_000, 160_000]) {
    const input = ch.repeat(n);
    const r = row(`worst`, `run of ${n} '${ch}'`, measure((s) => sanitize(s, noCap), input, 5), utf8Bytes(input));
    sizes.push({ n, ms: r.median_ms });
  }
  worst.push({ ch, sizes });
}
if (!ratiosOnly) {
  const input = "<".repeat(MB);
  row("worst", "1 MB of '<' with html: true", measure((s) => sanitize(s, { html: true, maxLength: 0 }), input, 5), MB);
}

if (!json) {
  const pad = (s, n) => String(s).padEnd(n);
  console.log("\nsanitizer (1 MB inputs, 15 rounds; MB/s of UTF-8 input at the median; p99 of 15 rounds is their max; CPU ms: median CPU time)");
  console.log(`  ${pad("case", 6)} ${pad("subject", 66)} ${"p50 ms".padStart(9)} ${"p99 ms".padStart(9)} ${"max ms".padStart(9)} ${"CPU ms".padStart(9)} ${"MB/s".padStart(8)}`);
  const ms = (x) => String(x).padStart(9);
  for (const r of rows) console.log(`  ${pad(r.case, 6)} ${pad(r.subject, 66)} ${ms(r.median_ms)} ${ms(r.p99_ms)} ${ms(r.max_ms)} ${ms(r.cpu_ms)} ${String(r.mb_per_s).padStart(8)}`);
  // Wall-clock medians, then the same ratio from CPU-time medians.
  const ratio = (a, b) => `${(b.median_ms / a.median_ms).toFixed(2)} (CPU time: ${(b.cpu_ms / a.cpu_ms).toFixed(2)})`;
  if (!ratiosOnly) {
    console.log(`  ascii: ours is ${ratio(results.ascii.ours, results.ascii.js)}x the JS baseline (target: > 1, and >= 200 MB/s)`);
    console.log(`  mixed: ours is ${ratio(results.mixed.ours, results.mixed.js)}x the JS baseline (target: > 1, and >= 50 MB/s)`);
  }
  console.log(`  html:  ours is ${ratio(results.html.ours, results.html.lib)}x html-to-text (target: >= 10)`);
  // The floor: one copy each way across the boundary, which every string-in, string-out API pays.
  console.log(`  ascii: ours runs at ${ratio(results.ascii.ours, results.ascii.floor)} of the floor's speed (goal: >= 0.55)`);
  console.log(`  mixed: ours runs at ${ratio(results.mixed.ours, results.mixed.floor)} of the floor's speed (goal: >= 0.6)`);
  if (other) {
    for (const name of ["ascii", "mixed"]) console.log(`  ${name}: ${comparePath} runs at ${ratio(results[name].other, results[name].floor)} of the floor's speed`);
    console.log(`  html:  ${comparePath} is ${ratio(results.html.other, results.html.lib)}x html-to-text`);
  }
  for (const { ch, sizes } of worst) {
    const per = sizes.map(({ n, ms }) => (ms / (n / 1000)).toFixed(3));
    console.log(`  worst: run of '${ch}': ${per.join(" / ")} ms per 1k chars at 10k / 40k / 160k (linear: about flat)`);
  }
}
