// web.fetch / web.browser: the limits block -> WebLimits, and tool_input.url
// (+ method) -> WebInput. URL parsing and matching live in ../web.ts and ../../net/.

import { Json } from "../../json/reader";
import { WebLimits, WebInput, checkWeb } from "../web";
import { LoadErrors } from "../load-errors";
import { RequestView } from "../request";
import { Verdict, Code } from "../verdict";
import { CapabilityRule, RuleContext } from "./rule";
import { LimitsReader } from "./limits-reader";

const KNOWN = "allowed_domains, blocked_domains, allowed_methods, allow_private_destinations, approval_required";

export class WebRule extends CapabilityRule {
  limits: WebLimits = new WebLimits();
  private input: WebInput = new WebInput();

  static compile(json: Json, block: i32, path: string, errors: LoadErrors): WebRule {
    const rule = new WebRule();
    const limits = rule.limits;
    const read = new LimitsReader(json, errors, path);
    let m = block < 0 ? -1 : json.firstMember(block);
    while (m >= 0) {
      const key = json.readString(m)!;
      const v = json.memberValue(m);
      if (key == "allowed_domains") limits.allowedDomains = read.strings(v, key);
      else if (key == "blocked_domains") limits.blockedDomains = read.strings(v, key);
      else if (key == "allowed_methods") limits.allowedMethods = read.strings(v, key);
      else if (key == "allow_private_destinations") limits.allowPrivate = read.bool(v, key);
      else if (key == "approval_required") rule.approvalRequired = read.bool(v, key);
      else read.unknownKey(key, KNOWN);
      m = json.nextMember(m);
    }
    const problem = limits.compile();
    if (problem.length > 0) errors.add(path, problem);
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
