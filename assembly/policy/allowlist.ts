// DeerFlow's AllowlistProvider, exactly:
// `allowed_tools` absent = no restriction, `[]` = nothing allowed;
// `denied_tools` is checked after and wins; exact, case-sensitive names.

import { Json, JsonType } from "../json/reader";
import { Bytes, utf8, equalsBytes } from "../util/bytes";
import { Policy } from "./policy";
import { RequestView } from "./request";
import { Verdict, Code } from "./verdict";
import { LoadErrors } from "./load-errors";
import { trace } from "./trace";

export class AllowlistPolicy extends Policy {
  allowed: Array<Bytes> | null = null;
  denied: Array<Bytes> = [];
  // Each entry's JSON pointer, built once: the decision names the entry that decided (provenance.ts).
  private allowedRules: Array<string> = [];
  private deniedRules: Array<string> = [];

  static compile(json: Json, root: i32, errors: LoadErrors): AllowlistPolicy | null {
    const policy = new AllowlistPolicy();
    let m = json.firstMember(root);
    while (m >= 0) {
      const key = json.readString(m)!;
      const value = json.memberValue(m);
      if (key == "allowed_tools" || key == "denied_tools") {
        const isNull = json.typeAt(value) == JsonType.Null;
        const list = isNull ? new Array<string>() : json.readStringArray(value);
        if (list == null) {
          errors.add("/" + key, "expected an array of tool names");
        } else if (key == "allowed_tools") {
          // DeerFlow: None (absent or null) means no allowlist at all.
          if (!isNull) {
            policy.allowed = toBytes(list);
            policy.allowedRules = pointers("/allowed_tools", list.length);
          }
        } else {
          policy.denied = toBytes(list);
          policy.deniedRules = pointers("/denied_tools", list.length);
        }
      } else if (key != "type") {
        errors.add("/" + key, "unknown key '" + key + "' (expected allowed_tools or denied_tools)");
      }
      m = json.nextMember(m);
    }
    return errors.count > 0 ? null : policy;
  }

  evaluate(request: RequestView, now: f64, verdict: Verdict): void {
    const name = request.toolName;
    const allowed = this.allowed;
    let at = -1;
    if (allowed != null) {
      at = indexIn(allowed, name.ptr, name.length);
      if (trace.on) trace.begin("allowed_tools", at >= 0 ? this.allowedRules[at] : ALLOWED_TOOLS, "matched " + (at >= 0 ? this.allowedRules[at] : ""));
      if (at < 0) {
        verdict.deny(Code.TOOL_NOT_ALLOWED, "tool '" + name.toString() + "' not in allowlist", ALLOWED_TOOLS);
        return;
      }
    } else if (trace.on) {
      trace.skip("allowed_tools", ALLOWED_TOOLS, "not set: every tool that is not denied is allowed");
    }
    const denied = indexIn(this.denied, name.ptr, name.length);
    if (trace.on) trace.begin("denied_tools", "/denied_tools", "none matched");
    if (denied >= 0) {
      verdict.deny(Code.TOOL_NOT_ALLOWED, "tool '" + name.toString() + "' is denied", this.deniedRules[denied]);
      return;
    }
    // Without allowed_tools every tool not denied is allowed: the absent list is what allowed it.
    verdict.rule = at >= 0 ? this.allowedRules[at] : ALLOWED_TOOLS;
  }
}

function toBytes(list: Array<string>): Array<Bytes> {
  const out = new Array<Bytes>(list.length);
  for (let i = 0; i < list.length; i++) out[i] = utf8(list[i]);
  return out;
}

const ALLOWED_TOOLS = "/allowed_tools";

function pointers(key: string, n: i32): Array<string> {
  const out = new Array<string>(n);
  for (let i = 0; i < n; i++) out[i] = key + "/" + i.toString();
  return out;
}

/** The first entry equal to the name, or -1. */
function indexIn(list: Array<Bytes>, ptr: usize, len: i32): i32 {
  for (let i = 0, n = list.length; i < n; i++) {
    // `unchecked` is safe: i < n == list.length.
    if (equalsBytes(ptr, len, unchecked(list[i]))) return i;
  }
  return -1;
}
