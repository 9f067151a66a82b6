// web.fetch / web.browser: the limits block -> WebLimits, and tool_input.url
// (+ method) -> WebInput. URL parsing and matching live in ../web.ts and ../../net/.

import { WebLimits, WebInput, checkWeb } from "../web";
import { RequestView } from "../request";
import { Verdict, Code } from "../verdict";
import { CapabilityRule, RuleContext } from "./rule";
import { LimitsReader } from "./limits-reader";

export const WEB_KEYS: StaticArray<string> = [
  "allowed_domains", "blocked_domains", "allowed_methods", "allow_private_destinations", "max_requests_per_min",
  "approval_required",
];

export class WebRule extends CapabilityRule {
  limits: WebLimits = new WebLimits();
  private input: WebInput = new WebInput();

  static compile(read: LimitsReader): WebRule {
    const rule = new WebRule();
    const limits = rule.limits;
    limits.allowedDomains = read.strings("allowed_domains");
    limits.blockedDomains = read.stringsOr("blocked_domains", []);
    limits.allowedMethods = read.strings("allowed_methods");
    limits.allowPrivate = read.bool("allow_private_destinations", false);
    // The key APort's passport wizard writes (oap.md §2.1); a usage limit (usage.ts).
    rule.perMinute = read.count("max_requests_per_min");
    rule.perMinuteKey = "max_requests_per_min";
    const problem = limits.compile();
    if (problem.length > 0) read.errors.add(read.path, problem);
    return rule;
  }

  check(request: RequestView, context: RuleContext, verdict: Verdict): bool {
    const url = request.inputString("url", verdict);
    if (request.failed) return false;
    if (url == null) {
      // A search tool (`query`, no URL) goes to the host's search provider,
      // not to a destination the model chose: there is no domain to check.
      const query = request.inputString("query", verdict);
      if (request.failed) return false;
      if (query != null) return true;
      return verdict.deny(Code.INVALID_CONTEXT, "tool_input.url is missing");
    }
    const method = request.inputString("method", verdict);
    if (request.failed) return false;
    this.input.url = url;
    this.input.method = method != null ? method : "";
    return checkWeb(this.limits, this.input, verdict);
  }
}
