// A compiled limits block for one capability. `check` returns true when the
// call is within the limits; otherwise it fills the verdict.

import { RequestView } from "../request";
import { Verdict } from "../verdict";
import { PassportFacts } from "../passport-facts";

export class RuleContext {
  workspaceRoot: string = "";
  home: string = "";
  passport: PassportFacts = new PassportFacts();
}

export abstract class CapabilityRule {
  /** The passport has a limits block for the capability (a held capability may have none). */
  declared: bool = false;
  /** `approval_required: true` in the block turns an allow into `ask`. */
  approvalRequired: bool = false;
  /** Calls per sliding minute / per UTC day (-1 = no limit), and the keys that set them. */
  perMinute: i64 = -1;
  perDay: i64 = -1;
  perMinuteKey: string = "";
  perDayKey: string = "";
  /** The JSON pointer of the capability's limits block (where it is, or would be); "" for none. */
  pointer: string = "";

  abstract check(request: RequestView, context: RuleContext, verdict: Verdict): bool;
}
