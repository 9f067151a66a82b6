// Step 5: max_execution_time. A stated timeout (already in seconds) must be within it; a call that states
// none is allowed (OAP: `!timeout || timeout <= max_execution_time`), and either way the host is obliged to
// stop the call at the limit (the tool may not honour its own timeout argument).

import { Code, Obligation, Verdict } from "../../verdict";
import { CommandInput, CommandLimits } from "./limits";
import { fmt } from "./messages";

export function executionTimeStep(limits: CommandLimits, input: CommandInput, verdict: Verdict): bool {
  const max = limits.maxExecutionTime;
  if (max == max) {
    const to = input.timeout;
    if (to == to && (!(to > 0) || to > max)) {
      return verdict.deny(Code.LIMIT_EXCEEDED, (input.timeoutText.length > 0 ? input.timeoutText : "timeout " + fmt(to) + " s") + " is not within max_execution_time (" + fmt(max) + " s)", "max_execution_time");
    }
    if (input.background) {
      return verdict.deny(Code.LIMIT_EXCEEDED, "a background command outlives the call, so max_execution_time (" + fmt(max) + " s) cannot be enforced", "max_execution_time");
    }
    verdict.oblige(Obligation.MaxExecutionTime, max);
  }
  return true;
}
