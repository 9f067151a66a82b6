/**
 * @module
 * Policy tests: a policy file's `tests:` — calls with the decision (and
 * optionally the reason code) the policy must give them. They check what the
 * policy decides before any enforcement mode softens it (a rule rolled out
 * in shadow mode is tested for what it will do once enforced), so a test's
 * `expect: deny` holds in every mode.
 */

import type { Decision, DecisionKind, GuardrailRequest } from "../core/index.ts";
import { wouldDecide } from "../enforcement/index.ts";

export interface PolicyTest {
  /** What the test shows, for the report. */
  name?: string;
  request: GuardrailRequest;
  expect: DecisionKind;
  /** A reason code the decision must carry (e.g. `oap.blocked_pattern`). */
  code?: string;
}

export interface PolicyTestResult {
  /** Position in `tests` (the report names `/tests/<index>`). */
  index: number;
  name: string;
  ok: boolean;
  expected: { decision: DecisionKind; code?: string };
  /** What the policy decided (before any enforcement mode), its reason codes and first message. */
  actual: { decision: DecisionKind; codes: string[]; message: string };
}

export interface PolicyTestReport {
  passed: number;
  failed: number;
  results: PolicyTestResult[];
}

/** Anything that decides a call: a Guard (its provider errors then follow fail_closed) or a provider. */
export interface Decider {
  evaluate(request: GuardrailRequest): Decision | Promise<Decision>;
}

const KINDS = new Set(["allow", "deny", "ask"]);

/**
 * Check a `tests` value and return the tests, or the problems found
 * (`path` relative to the list, e.g. `/2/expect`). The config schema checks
 * the same shape; this covers tests passed in code.
 */
export function readPolicyTests(value: unknown): { tests: PolicyTest[] } | { problems: { path: string; message: string }[] } {
  if (!Array.isArray(value)) return { problems: [{ path: "", message: "expected a list of tests ({request, expect, code?, name?})" }] };
  const problems: { path: string; message: string }[] = [];
  value.forEach((test: unknown, i) => {
    if (test === null || typeof test !== "object" || Array.isArray(test)) {
      problems.push({ path: `/${i}`, message: "expected a test object {request, expect}" });
      return;
    }
    const t = test as Record<string, unknown>;
    const request = t.request as Record<string, unknown> | undefined;
    if (!request || typeof request !== "object" || Array.isArray(request) || typeof request.tool_name !== "string") {
      problems.push({ path: `/${i}/request`, message: "expected a request object with a string tool_name" });
    }
    if (typeof t.expect !== "string" || !KINDS.has(t.expect)) problems.push({ path: `/${i}/expect`, message: "expected \"allow\", \"deny\" or \"ask\"" });
    if (t.code !== undefined && typeof t.code !== "string") problems.push({ path: `/${i}/code`, message: "expected a reason code such as \"oap.blocked_pattern\"" });
    if (t.name !== undefined && typeof t.name !== "string") problems.push({ path: `/${i}/name`, message: "expected a string" });
  });
  return problems.length ? { problems } : { tests: value as PolicyTest[] };
}

/** Run every test through `decider` (nothing runs, nothing is counted) and report each result. */
export async function runPolicyTests(decider: Decider, tests: readonly PolicyTest[]): Promise<PolicyTestReport> {
  const read = readPolicyTests(tests);
  if ("problems" in read) {
    const first = read.problems[0];
    throw new TypeError(`runPolicyTests: tests${first.path}: ${first.message}`);
  }
  const results: PolicyTestResult[] = [];
  for (let index = 0; index < tests.length; index++) {
    const test = tests[index];
    // A copy: a provider must not see (or change) the file's own object.
    const decision = await decider.evaluate(structuredClone(test.request));
    const kind = wouldDecide(decision) ?? decision.decision;
    const codes = decision.reasons.map((r) => r.code);
    const ok = kind === test.expect && (test.code === undefined || codes.includes(test.code));
    const expected = test.code === undefined ? { decision: test.expect } : { decision: test.expect, code: test.code };
    results.push({
      index,
      name: test.name ?? `${test.request.tool_name} #${index}`,
      ok,
      expected,
      actual: { decision: kind, codes, message: decision.reasons[0]?.message ?? "" },
    });
  }
  const failed = results.filter((r) => !r.ok).length;
  return { passed: results.length - failed, failed, results };
}

/** What a result shows: `"name": expected deny (oap.blocked_pattern), got allow (oap.allowed)`, and the policy's reason. */
export function describeResult(result: PolicyTestResult): { summary: string; reason: string } {
  const expected = result.expected.code ? `${result.expected.decision} (${result.expected.code})` : result.expected.decision;
  const got = `${result.actual.decision} (${result.actual.codes.join(", ") || "no reason code"})`;
  return { summary: `"${result.name}": expected ${expected}, got ${got}`, reason: result.actual.message };
}

/** Each failed test on a line (`/tests/<index>` and what differs), its reason indented below. */
export function formatTestFailures(report: PolicyTestReport): string {
  const lines: string[] = [];
  for (const result of report.results) {
    if (result.ok) continue;
    const { summary, reason } = describeResult(result);
    lines.push(`/tests/${result.index} ${summary}`);
    if (reason) lines.push(`    reason: ${reason}`);
  }
  return lines.join("\n");
}
