// HTTP method overrides (web.fetch / web.browser, with allowed_methods set).
// Servers and frameworks let a request name a different method than the one
// it is sent with: the headers X-HTTP-Method-Override, X-HTTP-Method and
// X-Method-Override (any case; Google APIs, ASP.NET, Express
// method-override), and a `_method` query or form parameter (Rails, Laravel,
// Symfony, method-override). A GET-only policy would otherwise admit
// `GET …?_method=DELETE`. An override is judged like the method itself: it
// passes only when it names a method in allowed_methods (then it changes
// nothing the policy forbids); a value that is not one method, or a header
// block or body we cannot read, is refused (fail closed).

import { Json, JsonType } from "../../../json/reader";
import { ByteBuffer } from "../../../util/bytes";
import { WebLimits, methodAllowed, overrideDenied } from "./web";
import { quote } from "./web";
import { Verdict, Code } from "../../verdict";

const HEADERS: StaticArray<string> = ["x-http-method-override", "x-http-method", "x-method-override"];
/** tool_input fields a fetch tool sends as the request body. */
export const BODY_KEYS: StaticArray<string> = ["body", "data", "form"];

const HEADER_FIX = "remove the header (servers honour it as the real method)";
const PARAM_FIX = "remove it (Rails, Laravel and method-override middleware honour it)";

function isOverrideHeader(name: string): bool {
  for (let i = 0; i < HEADERS.length; i++) {
    if (name.toLowerCase() == HEADERS[i]) return true;
  }
  return false;
}

/** tool_input.headers: an object, or an array of [name, value] pairs. */
export function checkOverrideHeaders(limits: WebLimits, json: Json, pos: i32, verdict: Verdict): bool {
  if (pos < 0 || json.typeAt(pos) == JsonType.Null) return true;
  if (json.typeAt(pos) == JsonType.Object) {
    let m = json.firstMember(pos);
    while (m >= 0) {
      const v = json.memberValue(m);
      if (!checkHeader(limits, json, json.readString(m)!, v, verdict)) return false;
      m = json.nextMemberAfterValue(v);
    }
    return true;
  }
  const bad = "tool_input.headers must be an object or an array of [name, value] pairs, so that allowed_methods can check method-override headers";
  if (json.typeAt(pos) != JsonType.Array) return verdict.deny(Code.INVALID_CONTEXT, bad);
  let e = json.firstElement(pos);
  while (e >= 0) {
    const name = json.typeAt(e) == JsonType.Array ? json.firstElement(e) : -1;
    const value = name >= 0 ? json.nextElement(name) : -1;
    if (value < 0 || json.nextElement(value) >= 0 || json.typeAt(name) != JsonType.String) return verdict.deny(Code.INVALID_CONTEXT, bad);
    if (!checkHeader(limits, json, json.readString(name)!, value, verdict)) return false;
    e = json.nextElement(e);
  }
  return true;
}

function checkHeader(limits: WebLimits, json: Json, name: string, value: i32, verdict: Verdict): bool {
  if (!isOverrideHeader(name)) return true;
  const method = json.readString(value);
  if (method == null) {
    return verdict.deny(Code.METHOD_NOT_ALLOWED, "header " + quote(name) + " must be a string naming one method in allowed_methods; " + HEADER_FIX);
  }
  if (methodAllowed(limits, method)) return true;
  return overrideDenied(limits, "header " + quote(name + ": " + method), method, HEADER_FIX, verdict);
}

/** Every `_method` parameter of the URL's query (before any '#'). */
export function checkOverrideQuery(limits: WebLimits, url: string, verdict: Verdict): bool {
  const q = url.indexOf("?");
  if (q < 0) return true;
  let end = url.indexOf("#", q);
  if (end < 0) end = url.length;
  return checkParams(limits, url.substring(q + 1, end), "query parameter ", " of " + quote(url), verdict);
}

/** A body field: a form string, or an object with a top-level `_method` key. */
export function checkOverrideBody(limits: WebLimits, json: Json, key: string, pos: i32, verdict: Verdict): bool {
  if (pos < 0 || json.typeAt(pos) == JsonType.Null) return true;
  const where = "in tool_input." + key;
  if (json.typeAt(pos) == JsonType.String) {
    const text = json.readString(pos)!;
    if (!checkParams(limits, text, "form field ", " " + where, verdict)) return false;
    // Not a form field but still there (a JSON text, a multipart part): a
    // framework may read it, and we cannot tell, so it is refused.
    if (text.toLowerCase().indexOf("_method") >= 0 || text.toLowerCase().indexOf("%5fmethod") >= 0) {
      return verdict.deny(Code.METHOD_NOT_ALLOWED, "tool_input." + key + " mentions '_method', which frameworks read as the HTTP method, so allowed_methods cannot be checked; " + PARAM_FIX);
    }
    return true;
  }
  if (json.typeAt(pos) != JsonType.Object) return true;
  let m = json.firstMember(pos);
  while (m >= 0) {
    const v = json.memberValue(m);
    if (json.readString(m)!.toLowerCase() == "_method") {
      const method = json.readString(v);
      if (method == null || !methodAllowed(limits, method)) {
        return overrideDenied(limits, "field '_method' " + where, method != null ? method : json.rawText(v), PARAM_FIX, verdict);
      }
    }
    m = json.nextMemberAfterValue(v);
  }
  return true;
}

/** `a=1&_method=DELETE;b=2`: names and values percent-decoded ('+' is a space in values). */
function checkParams(limits: WebLimits, query: string, kind: string, where: string, verdict: Verdict): bool {
  let start = 0;
  while (start <= query.length) {
    let stop = start;
    while (stop < query.length && query.charCodeAt(stop) != 0x26 && query.charCodeAt(stop) != 0x3b) stop++;
    const param = query.substring(start, stop);
    const eq = param.indexOf("=");
    const name = decode(eq < 0 ? param : param.substring(0, eq), false);
    if (name.toLowerCase() == "_method") {
      const method = eq < 0 ? "" : decode(param.substring(eq + 1), true);
      if (!methodAllowed(limits, method)) {
        return overrideDenied(limits, kind + quote(param) + where, method, PARAM_FIX, verdict);
      }
    }
    start = stop + 1;
  }
  return true;
}

const decoded = new ByteBuffer(64);

/** Percent-decode (%XX; '+' as a space when `plus`); a malformed escape stays as written. */
function decode(s: string, plus: bool): string {
  if (s.indexOf("%") < 0 && (!plus || s.indexOf("+") < 0)) return s;
  const bytes = String.UTF8.encode(s, false);
  const p = changetype<usize>(bytes);
  const n = bytes.byteLength;
  decoded.reset();
  for (let i = 0; i < n; i++) {
    const c = <u32>load<u8>(p + <usize>i);
    if (c == 0x25 && i + 2 < n && hex(load<u8>(p + <usize>(i + 1))) >= 0 && hex(load<u8>(p + <usize>(i + 2))) >= 0) {
      decoded.push(<u8>((hex(load<u8>(p + <usize>(i + 1))) << 4) | hex(load<u8>(p + <usize>(i + 2)))));
      i += 2;
    } else {
      decoded.push(plus && c == 0x2b ? 0x20 : <u8>c);
    }
  }
  return decoded.toString();
}

function hex(c: u8): i32 {
  const d = <i32>c;
  if (d >= 0x30 && d <= 0x39) return d - 0x30;
  const l = d | 0x20;
  if (l >= 0x61 && l <= 0x66) return l - 0x61 + 10;
  return -1;
}
