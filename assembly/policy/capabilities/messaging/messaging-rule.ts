// messaging.send: the limits block -> MessagingLimits (msgs_per_min and
// msgs_per_day go to the usage check), and tool_input's recipient and
// content fields -> MessagingInput. Matching lives in ../messaging.ts.

import { Json, JsonType } from "../../../json/reader";
import { ByteBuffer } from "../../../util/bytes";
import { MessagingLimits, MessagingInput, checkMessaging, RECIPIENT_KEYS, CONTENT_KEYS, BLOCK_KEYS_FROM, utf16Length } from "./messaging";
import { RequestView } from "../../request";
import { Verdict, Code } from "../../verdict";
import { CapabilityRule, RuleContext } from "../rule";
import { LimitsReader } from "../limits-reader";

export const MESSAGING_KEYS: StaticArray<string> = [
  "allowed_recipients", "msgs_per_min", "msgs_per_day", "max_message_length", "approval_required", "enforcement",
];
/** The keys APort's wizard writes flat under `limits` (oap.md §2.1); read only for messaging. */
export const MESSAGING_FLAT_KEYS: StaticArray<string> = ["allowed_recipients", "msgs_per_min", "msgs_per_day", "approval_required"];

export class MessagingRule extends CapabilityRule {
  limits: MessagingLimits = new MessagingLimits();
  private input: MessagingInput = new MessagingInput();
  private content: ByteBuffer = new ByteBuffer(256);

  static compile(read: LimitsReader): MessagingRule {
    const rule = new MessagingRule();
    const limits = rule.limits;
    limits.allowedRecipients = readRecipients(read);
    rule.perMinute = read.count("msgs_per_min");
    rule.perMinuteKey = "msgs_per_min";
    rule.perDay = read.count("msgs_per_day");
    rule.perDayKey = "msgs_per_day";
    const max = read.count("max_message_length");
    if (max >= 0) limits.maxMessageLength = max;
    const problem = limits.compile();
    if (problem.length > 0) read.errors.add(read.path, problem);
    return rule;
  }

  check(request: RequestView, context: RuleContext, verdict: Verdict): bool {
    const input = this.input;
    input.recipients.length = 0;
    input.contentLength = 0;
    const json = request.json;
    const at = fieldPositions;
    if (!request.inputFields(FIELDS, at, verdict)) return false;
    for (let k = 0; k < RECIPIENT_KEYS.length; k++) {
      const pos = at[k];
      if (pos < 0) continue;
      if (json.typeAt(pos) == JsonType.String) {
        input.recipients.push(json.readString(pos)!);
        continue;
      }
      const bad = "tool_input." + RECIPIENT_KEYS[k] + " must be a string or an array of strings";
      if (json.typeAt(pos) != JsonType.Array) return verdict.deny(Code.INVALID_CONTEXT, bad);
      let e = json.firstElement(pos);
      while (e >= 0) {
        const r = json.readString(e);
        if (r == null) return verdict.deny(Code.INVALID_CONTEXT, bad);
        input.recipients.push(r);
        e = json.nextElement(e);
      }
    }
    for (let k = 0; k < CONTENT_KEYS.length; k++) {
      const pos = at[RECIPIENT_KEYS.length + k];
      if (pos < 0) continue;
      const type = json.typeAt(pos);
      if (k < BLOCK_KEYS_FROM ? type != JsonType.String : type != JsonType.Array && type != JsonType.Object) {
        return verdict.deny(Code.INVALID_CONTEXT, "tool_input." + CONTENT_KEYS[k] + (k < BLOCK_KEYS_FROM ? " must be a string" : " must be an array or object of blocks"));
      }
      input.contentLength += this.textLength(json, pos);
    }
    return checkMessaging(this.limits, input, verdict);
  }

  /** UTF-16 code units of the string at pos, or of every string inside the array or object there. */
  private textLength(json: Json, pos: i32): i64 {
    const type = json.typeAt(pos);
    if (type == JsonType.String) {
      this.content.reset();
      json.decodeString(pos, this.content);
      return utf16Length(this.content.ptr, this.content.length);
    }
    let n: i64 = 0;
    if (type == JsonType.Array) {
      for (let e = json.firstElement(pos); e >= 0; e = json.nextElement(e)) n += this.textLength(json, e);
    } else if (type == JsonType.Object) {
      for (let m = json.firstMember(pos); m >= 0; m = json.nextMember(m)) n += this.textLength(json, json.memberValue(m));
    }
    return n;
  }
}

/** The recipient keys, then the content keys: read in one pass over tool_input. */
const FIELDS: StaticArray<string> = concatKeys(RECIPIENT_KEYS, CONTENT_KEYS);
const fieldPositions = new StaticArray<i32>(RECIPIENT_KEYS.length + CONTENT_KEYS.length);

function concatKeys(a: StaticArray<string>, b: StaticArray<string>): StaticArray<string> {
  const out = new StaticArray<string>(a.length + b.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i];
  for (let i = 0; i < b.length; i++) out[a.length + i] = b[i];
  return out;
}

/** Strings, or OAP's `{id}` objects (per-recipient `limits` are refused, not ignored). */
function readRecipients(read: LimitsReader): Array<string> | null {
  const pos = read.find("allowed_recipients");
  if (pos < 0) return null;
  const json = read.json;
  const path = read.keyPath("allowed_recipients");
  const out = new Array<string>();
  if (json.typeAt(pos) != JsonType.Array) {
    read.errors.add(path, "expected an array of recipients (strings or {\"id\": …} objects)");
    return out;
  }
  let index = 0;
  let e = json.firstElement(pos);
  while (e >= 0) {
    const at = path + "/" + index.toString();
    if (json.typeAt(e) == JsonType.String) {
      out.push(json.readString(e)!);
    } else if (json.typeAt(e) == JsonType.Object) {
      const id = json.readString(json.get(e, "id"));
      if (id == null) read.errors.add(at, "expected {\"id\": \"…\"}");
      else out.push(id);
      let m = json.firstMember(e);
      while (m >= 0) {
        const key = json.readString(m)!;
        if (key == "limits") read.errors.add(at + "/limits", "per-recipient limits are not supported; use msgs_per_min / msgs_per_day for the capability");
        else if (key != "id") read.errors.add(at + "/" + key, "unknown key '" + key + "' (expected id)");
        m = json.nextMember(m);
      }
    } else {
      read.errors.add(at, "expected a string or {\"id\": …}");
    }
    index++;
    e = json.nextElement(e);
  }
  return out;
}
