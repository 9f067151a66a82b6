// A compiled limits block for one capability. `check` returns true when the
// call is within the limits; otherwise it fills the verdict.

import { RequestView } from "../request";
import { Verdict } from "../verdict";

export class RuleContext {
  workspaceRoot: string = "";
  home: string = "";
}

export abstract class CapabilityRule {
  /** `approval_required: true` in the block turns an allow into `ask`. */
  approvalRequired: bool = false;

  abstract check(request: RequestView, context: RuleContext, verdict: Verdict): bool;
}
