// Print the closing "N passed, N failed" line CI counts: as-pect's totals
// (parsed from its output, both tiers) plus vitest's (from its JSON report).
// Exit 1 when anything failed or nothing ran.
import { existsSync, readFileSync } from "node:fs";

const [logFile, vitestJson] = process.argv.slice(2);
const strip = (s) => s.replace(/\x1b\[[0-9;]*m/g, "");
let passed = 0;
let failed = 0;

const log = existsSync(logFile) ? strip(readFileSync(logFile, "utf8")) : "";
// npm test runs as-pect twice (the quick tier, then the oracle tier): every summary counts.
const summaries = [...log.matchAll(/\[Tests\]:\s*(\d+)\s*\/\s*(\d+)/g)];
for (const as of summaries) {
  passed += Number(as[1]);
  failed += Number(as[2]) - Number(as[1]);
}
if (summaries.length < 2) {
  console.error(`count-tests: expected the two as-pect summaries (quick and oracle tiers), found ${summaries.length}`);
  failed += 1;
}

if (existsSync(vitestJson)) {
  const report = JSON.parse(readFileSync(vitestJson, "utf8"));
  passed += report.numPassedTests;
  failed += report.numFailedTests + (report.numFailedTestSuites ?? 0) + (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
} else {
  console.error("count-tests: no vitest report found");
  failed += 1;
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
