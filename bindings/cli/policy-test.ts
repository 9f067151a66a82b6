/**
 * @module
 * `portcullis test POLICY`: run the `tests:` a policy file carries and print
 * each result; a failure shows the expected and the actual decision and the
 * policy's reason. Exit 0 when every test passes, 1 when one fails or the
 * file has none, 2 for usage or policy-file errors.
 */

import { parseArgs } from "node:util";
import { relative, resolve } from "node:path";
import { loadGuard } from "../node.ts";
import { describeResult, runPolicyTests } from "../rollout/index.ts";
import { clockFrom } from "./clock-flag.ts";
import { UsageError } from "./usage-error.ts";

export async function testCommand(args: string[], io: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream }): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { policy: { type: "string" }, now: { type: "string" } },
    allowPositionals: true,
  });
  if (values.policy !== undefined && positionals.length) throw new UsageError(`give the policy once: --policy ${values.policy} or ${positionals[0]}`);
  if (positionals.length > 1) throw new UsageError(`unexpected argument '${positionals[1]}'`);
  const file = values.policy ?? positionals[0];
  if (!file) throw new UsageError("a policy FILE is required");
  const { guard, tests } = await loadGuard(file, { clock: clockFrom(values.now) });
  if (tests.tests.length === 0) {
    io.stderr.write(`${file}: no tests (add a \`tests:\` list of {request, expect, code?})\n`);
    return 1;
  }
  const report = await runPolicyTests(guard, tests.tests);
  let out = "";
  for (const result of report.results) {
    const origin = tests.origins[result.index];
    // Tests in a passport file the config names are shown with that file's name.
    const where = origin.file === resolve(file) ? origin.path : `${relative(process.cwd(), origin.file)} ${origin.path}`;
    if (result.ok) {
      out += `ok    ${where} "${result.name}"\n`;
      continue;
    }
    const { summary, reason } = describeResult(result);
    out += `FAIL  ${where} ${summary}\n`;
    if (reason) out += `      reason: ${reason}\n`;
  }
  out += `${report.passed} passed, ${report.failed} failed\n`;
  io.stdout.write(out);
  return report.failed ? 1 : 0;
}
