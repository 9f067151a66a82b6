// DeerFlow's AllowlistProvider, exactly:
// `allowed_tools` absent = no restriction, `[]` = nothing allowed;
// `denied_tools` is checked after and wins; exact, case-sensitive names.

import { Json, JsonType } from "../json/reader";
import { Bytes, utf8, equalsBytes } from "../util/bytes";
import { Policy } from "./policy";
import { RequestView } from "./request";
import { Verdict, Code } from "./verdict";
import { LoadErrors } from "./load-errors";

export class AllowlistPolicy extends Policy {
  allowed: Array<Bytes> | null = null;
  denied: Array<Bytes> = [];

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
          if (!isNull) policy.allowed = toBytes(list);
        } else {
          policy.denied = toBytes(list);
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
    if (allowed != null && !contains(allowed, name.ptr, name.length)) {
      verdict.deny(Code.TOOL_NOT_ALLOWED, "tool '" + name.toString() + "' not in allowlist");
      return;
    }
    if (contains(this.denied, name.ptr, name.length)) {
      verdict.deny(Code.TOOL_NOT_ALLOWED, "tool '" + name.toString() + "' is denied");
    }
  }
}

function toBytes(list: Array<string>): Array<Bytes> {
  const out = new Array<Bytes>(list.length);
  for (let i = 0; i < list.length; i++) out[i] = utf8(list[i]);
  return out;
}

function contains(list: Array<Bytes>, ptr: usize, len: i32): bool {
  for (let i = 0, n = list.length; i < n; i++) {
    // `unchecked` is safe: i < n == list.length.
    if (equalsBytes(ptr, len, unchecked(list[i]))) return true;
  }
  return false;
}
