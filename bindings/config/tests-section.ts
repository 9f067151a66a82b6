/**
 * @module
 * The `tests:` a policy file carries — at the top of a config, and in its
 * passport (a bare passport file, a passport file the config names, or one
 * inline) — gathered with where each one is written, so a failing test is
 * reported like any other config error: file, line:column and JSON path.
 */

import { describeResult, runPolicyTests, type Decider, type PolicyTest, type PolicyTestReport } from "../rollout/index.ts";
import { ConfigError } from "./config-error.ts";
import type { SchemaIssue } from "./format-errors.ts";

/** Where a test is written: its file, that file's text (to locate it) and its JSON pointer there. */
export interface TestOrigin {
  file: string;
  path: string;
  locate: (pointer: string) => { line: number; column: number };
}

export interface PolicyTestSet {
  tests: PolicyTest[];
  origins: TestOrigin[];
}

/** Append the tests of one document (`prefix` is where its `tests` list sits, e.g. /guardrails/passport/tests). */
export function addTests(set: PolicyTestSet, value: unknown, prefix: string, file: string, locate: TestOrigin["locate"]): void {
  if (!Array.isArray(value)) return; // the schema has already refused anything else
  value.forEach((test, i) => {
    set.tests.push(test as PolicyTest);
    set.origins.push({ file, path: `${prefix}/${i}`, locate });
  });
}

/** Run the set; each failure becomes a located issue (none when every test passes). */
export async function testIssues(decider: Decider, set: PolicyTestSet): Promise<{ report: PolicyTestReport; issues: SchemaIssue[] }> {
  const report = await runPolicyTests(decider, set.tests);
  const issues: SchemaIssue[] = [];
  for (const result of report.results) {
    if (result.ok) continue;
    const origin = set.origins[result.index];
    const { summary, reason } = describeResult(result);
    const message = `policy test failed: ${summary}${reason ? ` — ${reason}` : ""}`;
    issues.push({ ...origin.locate(origin.path), file: origin.file, path: origin.path, message });
  }
  return { report, issues };
}

/** A strict load: the policy is refused when one of its tests fails. */
export async function requirePassingTests(decider: Decider, set: PolicyTestSet): Promise<void> {
  if (set.tests.length === 0) return;
  const { issues } = await testIssues(decider, set);
  if (issues.length) throw new ConfigError(issues);
}
