/**
 * @module
 * The cases every runtime replays, read from the shared vectors: every test/vectors/*.jsonl whose lines are
 * requests (`request` or `raw` plus `policy`), grouped by policy, `now` and `usage` (the counters rate limits are
 * judged by, given to the guard as a StaticUsageStore, never in the request), every provider-safety vector in
 * test/vectors/safety/, and every sanitizer vector file (lines with a string `input` and no `policy`). A vector file in another format must be listed in NOT_REPLAYED with the reason, so a
 * new kind of vector cannot drop out of the matrix unnoticed.
 */

import { readFileSync, readdirSync } from "node:fs";
import { expandSpellings } from "../vector-spellings.mjs";
import { join } from "node:path";
import { ROOT } from "./runtimes.ts";

const VECTORS = join(ROOT, "test/vectors");
const DEFAULT_NOW = "2026-11-22T00:00:00Z";

/** Vector files the matrix does not replay yet, and why. */
export const NOT_REPLAYED: Record<string, string> = {};

export interface Cases {
  files: Record<string, string>;
  policies: { policy: string; now: number; usage: object | null; vectors: ({ request: unknown } | { raw: string })[] }[];
  safety: { config: object | null; input: unknown; shape?: string }[];
  /** Sanitizer vectors as portcullis/sanitize options; `fenceId` is what the injected fence-id source returns. */
  sanitize: { input: string; options: Record<string, unknown>; fenceId: string | null }[];
}

/** What a sanitizer vector expects of the result's text and flags. */
export interface SanitizeExpect {
  text?: string;
  contains?: string[];
  not_contains?: string[];
  flags?: string[];
}

/** What a result is about, and what the vector expects of it (for the Node baseline). */
export interface Label {
  file: string;
  name: string;
  expect: { decision?: string; code?: string; terminated?: boolean; sanitize?: SanitizeExpect };
}

const readLines = (path: string) =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .flatMap((line) => expandSpellings(JSON.parse(line)));

export function buildCases(): { cases: Cases; labels: Label[]; replayedFiles: string[] } {
  const files: Record<string, string> = {};
  for (const name of readdirSync(join(VECTORS, "policies"))) files[name] = readFileSync(join(VECTORS, "policies", name), "utf8");

  const groups = new Map<string, Cases["policies"][number] & { labels: Label[] }>();
  const sanitize: Cases["sanitize"] = [];
  const sanitizeLabels: Label[] = [];
  const replayedFiles: string[] = [];
  for (const file of readdirSync(VECTORS).filter((f) => f.endsWith(".jsonl")).sort()) {
    const vectors = readLines(join(VECTORS, file));
    const isRequestFile = vectors.every((v) => v && typeof v.policy === "string" && ("request" in v || "raw" in v));
    const isSanitizeFile = vectors.every((v) => v && typeof v.input === "string" && !("policy" in v) && v.expect);
    if (isSanitizeFile && !NOT_REPLAYED[file]) {
      replayedFiles.push(file);
      for (const v of vectors) {
        sanitize.push(sanitizeCase(v));
        sanitizeLabels.push({ file, name: v.name, expect: { sanitize: v.expect } });
      }
      continue;
    }
    if (!isRequestFile) {
      if (NOT_REPLAYED[file]) continue;
      throw new Error(`test/vectors/${file} is neither request vectors nor listed in NOT_REPLAYED (test/matrix/cases.ts)`);
    }
    replayedFiles.push(file);
    for (const v of vectors) {
      if (!Object.hasOwn(files, v.policy)) throw new Error(`${file}: ${v.name}: no policy file ${v.policy}`);
      const now = v.now ?? DEFAULT_NOW;
      const usage = v.usage ?? null;
      const key = `${v.policy}\u0000${now}\u0000${JSON.stringify(usage)}`;
      if (!groups.has(key)) groups.set(key, { policy: v.policy, now: Date.parse(now), usage, vectors: [], labels: [] });
      const group = groups.get(key)!;
      group.vectors.push("raw" in v ? { raw: v.raw } : { request: v.request });
      group.labels.push({ file, name: v.name, expect: v.expect });
    }
  }

  const safety: Cases["safety"] = [];
  const safetyLabels: Label[] = [];
  for (const file of readdirSync(join(VECTORS, "safety")).filter((f) => f.endsWith(".jsonl")).sort()) {
    replayedFiles.push(`safety/${file}`);
    for (const v of readLines(join(VECTORS, "safety", file))) {
      safety.push({ config: v.config ?? null, input: v.input, ...(v.shape ? { shape: v.shape } : {}) });
      safetyLabels.push({ file: `safety/${file}`, name: v.name, expect: v.expect });
    }
  }

  const policies = [...groups.values()];
  return {
    cases: { files, policies: policies.map(({ labels: _labels, ...group }) => group), safety, sanitize },
    labels: [...policies.flatMap((g) => g.labels), ...safetyLabels, ...sanitizeLabels],
    replayedFiles,
  };
}

/** A vector's options as API options: `fenceId` goes to the injected id source, `source` becomes `wrap`. */
function sanitizeCase(v: { input: string; options?: Record<string, unknown> }): Cases["sanitize"][number] {
  const { fenceId, source, ...options } = v.options ?? {};
  if (fenceId !== undefined) options.wrap = source ?? true;
  return { input: v.input, options, fenceId: fenceId === undefined ? null : String(fenceId) };
}

/** Problems of one sanitizer result against its vector (empty when it meets every expectation). */
export function sanitizeProblems(want: SanitizeExpect, result: { text: string; report: { flags: string[] } }): string[] {
  const problems: string[] = [];
  if (want.text !== undefined && result.text !== want.text) problems.push(`text is ${JSON.stringify(result.text)}`);
  for (const part of want.contains ?? []) if (!result.text.includes(part)) problems.push(`text lacks ${JSON.stringify(part)}`);
  for (const part of want.not_contains ?? []) if (result.text.includes(part)) problems.push(`text contains ${JSON.stringify(part)}`);
  const flags = [...result.report.flags].sort().join(",");
  if (want.flags && flags !== [...want.flags].sort().join(",")) problems.push(`flags are [${flags}]`);
  return problems;
}
