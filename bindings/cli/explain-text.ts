/**
 * @module
 * An evaluation trace in words, for `portcullis explain`: each step consulted and its result, then what the
 * call would do (each program a command runs with what it reads, writes, deletes or contacts; each URL's host).
 */

import type { ExplanationEffect, ExplanationHost } from "../core/index.ts";
import type { ProviderExplanation } from "../providers/index.ts";

const RESULT: Record<string, string> = { pass: "pass", skip: "skip", deny: "DENY", ask: "ASK", needs_usage: "NEEDS USAGE" };

export function explanationLines(traces: ProviderExplanation[]): string[] {
  const lines: string[] = [];
  for (const trace of traces) {
    lines.push("", traces.length > 1 ? `steps (${trace.provider}):` : "steps:");
    for (const step of trace.steps) {
      const rule = step.rule ? ` [${step.rule}]` : "";
      lines.push(`  ${(RESULT[step.result] ?? step.result).padEnd(5)} ${step.step}${rule}${step.detail ? `: ${step.detail}` : ""}`);
    }
  }
  const effects = traces.flatMap((t) => t.effects);
  const hosts = traces.flatMap((t) => t.hosts);
  if (effects.length || hosts.length) lines.push("", "what will happen:", ...whatWillHappenLines(effects, hosts).map((l) => `  ${l}`));
  return lines;
}

/** One line per program and per URL: "cat a.txt: reads a.txt". */
export function whatWillHappenLines(effects: ExplanationEffect[], hosts: ExplanationHost[]): string[] {
  const lines: string[] = [];
  for (const e of effects) {
    const parts: string[] = [];
    if (e.reads.length) parts.push(`reads ${e.reads.join(", ")}`);
    if (e.writes.length) parts.push(`writes ${e.writes.join(", ")}`);
    if (e.deletes.length) parts.push(`deletes ${e.deletes.join(", ")}`);
    if (e.contacts.length) parts.push(`contacts ${e.contacts.join(", ")}`);
    if (e.unbound) parts.push("runs code whose reads, writes and connections cannot be known");
    lines.push(`${e.command || e.program}: ${parts.length ? parts.join("; ") : "no file or network effect known"}`);
  }
  for (const h of hosts) lines.push(`${h.url}: host ${h.host}${h.kind ? ` (${h.kind})` : ""}`);
  return lines;
}
