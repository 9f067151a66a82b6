// Step 5: max_execution_time. A stated timeout (already in seconds) must be within it; a call that states
// none is allowed (OAP: `!timeout || timeout <= max_execution_time`), and either way the host is obliged to
// stop the call at the limit (the tool may not honour its own timeout argument).

import { Code, Obligation, Verdict } from "../../verdict";
import { CommandInput, CommandLimits, TIMEOUT_IN_MS, TIMEOUT_MS_KEY, TIMEOUT_SECONDS } from "./limits";
import { fmt } from "./messages";

export function executionTimeStep(limits: CommandLimits, input: CommandInput, verdict: Verdict): bool {
  const max = limits.maxExecutionTime;
  if (max == max) {
    const to = input.timeout;
    if (to == to && (!(to > 0) || to > max)) {
      return verdict.deny(Code.LIMIT_EXCEEDED, statedTimeout(input, to) + " is not within max_execution_time (" + fmt(max) + " s)", "max_execution_time");
    }
    if (input.background) {
      return verdict.deny(Code.LIMIT_EXCEEDED, "a background command outlives the call, so max_execution_time (" + fmt(max) + " s) cannot be enforced", "max_execution_time");
    }
    verdict.oblige(Obligation.MaxExecutionTime, max);
  }
  return true;
}

/** The timeout as the call stated it, for the refusal (an input made without a form reads as seconds). */
function statedTimeout(input: CommandInput, to: f64): string {
  const given = input.timeoutGiven;
  switch (input.timeoutForm) {
    case TIMEOUT_SECONDS: return "timeout " + fmt(given) + " s";
    case TIMEOUT_IN_MS: return "timeout " + fmt(given) + " ms (" + fmt(given / 1000) + " s)";
    case TIMEOUT_MS_KEY: return "timeout_ms " + fmt(given) + " (" + fmt(given / 1000) + " s)";
  }
  return "timeout " + fmt(to) + " s";
}
