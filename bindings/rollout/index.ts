/**
 * @module
 * Rolling a policy out: the tests a policy file carries (`tests:`), and the
 * comparison of two policies over recorded calls.
 */
export {
  runPolicyTests, readPolicyTests, formatTestFailures, describeResult,
  type PolicyTest, type PolicyTestResult, type PolicyTestReport, type Decider,
} from "./policy-tests.ts";
