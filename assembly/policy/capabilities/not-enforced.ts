// A capability whose limits this version does not implement. Never ignore a
// limit silently: every call that needs it is denied (oap.policy_error).

import { RequestView } from "../request";
import { Verdict, Code } from "../verdict";
import { CapabilityRule, RuleContext } from "./rule";

export class NotEnforcedRule extends CapabilityRule {
  constructor(public capability: string) {
    super();
  }

  check(request: RequestView, context: RuleContext, verdict: Verdict): bool {
    return verdict.deny(
      Code.POLICY_ERROR,
      "limits for capability '" + this.capability + "' are not enforced by this version of portcullis, so calls that need them are denied",
    );
  }
}
