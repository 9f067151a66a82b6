// What a stop reason may look like, and when it matches a detector's values.
// - A string, compared trimmed, case-insensitively, an enum-class prefix
//   dropped (`FinishReason.SAFETY`) and `-` or a space read as `_` (the AI
//   SDK's `content-filter`).
// - An integer, for the Gemini detector only: proto-plus `to_dict()` writes
//   enums as their numbers by default. The Gemini API and Vertex AI number
//   FinishReason differently (7 is BLOCKLIST in one, PROHIBITED_CONTENT in
//   the other); a number matches when its name in either enum is a
//   configured value. Any non-zero block reason means a blocked prompt.
// - An object: Anthropic's stop_reason as {type}, the AI SDK's language-model
//   finishReason {unified, raw}, a {reason} record; its string members are
//   tried, and a matching one wins.

import { Json, JsonType } from "../json/reader";
import { ByteBuffer, Bytes } from "../util/bytes";
import { Detector, DetectorKind } from "./config";

/** Candidate.FinishReason by number: the Gemini API (generativelanguage v1beta). */
const GEMINI_FINISH: StaticArray<string> = [
  "FINISH_REASON_UNSPECIFIED", "STOP", "MAX_TOKENS", "SAFETY", "RECITATION", "OTHER", "LANGUAGE", "BLOCKLIST",
  "PROHIBITED_CONTENT", "SPII", "MALFORMED_FUNCTION_CALL", "IMAGE_SAFETY", "UNEXPECTED_TOOL_CALL", "TOO_MANY_TOOL_CALLS",
  "IMAGE_PROHIBITED_CONTENT", "IMAGE_OTHER", "NO_IMAGE", "IMAGE_RECITATION",
];
/** Candidate.FinishReason by number: Vertex AI (aiplatform v1). */
const VERTEX_FINISH: StaticArray<string> = [
  "FINISH_REASON_UNSPECIFIED", "STOP", "MAX_TOKENS", "SAFETY", "RECITATION", "OTHER", "BLOCKLIST", "PROHIBITED_CONTENT",
  "SPII", "MALFORMED_FUNCTION_CALL", "MODEL_ARMOR",
];
/** PromptFeedback.BlockReason (Gemini API) by number. */
const GEMINI_BLOCK: StaticArray<string> = ["BLOCK_REASON_UNSPECIFIED", "SAFETY", "OTHER", "BLOCKLIST", "PROHIBITED_CONTENT", "IMAGE_SAFETY"];
/** PromptFeedback.BlockedReason (Vertex AI) by number. */
const VERTEX_BLOCK: StaticArray<string> = ["BLOCKED_REASON_UNSPECIFIED", "SAFETY", "OTHER", "BLOCKLIST", "PROHIBITED_CONTENT", "MODEL_ARMOR", "JAILBREAK"];

function isOwnInteger(json: Json, d: Detector, v: i32): bool {
  if (d.kind != DetectorKind.Gemini || json.typeAt(v) != JsonType.Number) return false;
  const n = json.readNumber(v);
  return n >= 0 && n <= 1000 && Math.floor(n) == n;
}

/**
 * The reason held by the value at v (a position of a string or a number), or
 * -1 when it holds none the detector reads.
 */
export function reasonAt(json: Json, d: Detector, v: i32, second: bool, scratch: ByteBuffer): i32 {
  const t = json.typeAt(v);
  if (t == JsonType.String) return json.skipValue(v) - v > 2 ? v : -1;
  if (t == JsonType.Number) return isOwnInteger(json, d, v) ? v : -1;
  if (t != JsonType.Object) return -1;
  let first = -1;
  let m = json.firstMember(v);
  while (m >= 0) {
    const named = d.kind == DetectorKind.Responses
      ? json.stringEquals(m, "reason")
      : json.stringEquals(m, "type") || json.stringEquals(m, "reason") || json.stringEquals(m, "raw") || json.stringEquals(m, "unified");
    if (named) {
      const inner = json.memberValue(m);
      if (json.typeAt(inner) == JsonType.String && json.skipValue(inner) - inner > 2) {
        if (matchesReason(json, d, inner, second, scratch)) return inner;
        if (first < 0) first = inner;
      }
    }
    m = json.nextMember(m);
  }
  return first;
}

/** Whether the reason at v (from reasonAt) is one of the detector's values. */
export function matchesReason(json: Json, d: Detector, v: i32, second: bool, scratch: ByteBuffer): bool {
  const values = second ? d.secondValues : d.values;
  if (json.typeAt(v) == JsonType.Number) {
    if (!isOwnInteger(json, d, v)) return false;
    const n = <i32>json.readNumber(v);
    if (second) {
      if (n == 0) return false;
      // A number neither enum names yet is still a blocked prompt.
      if (n >= GEMINI_BLOCK.length && n >= VERTEX_BLOCK.length) return true;
      return (n < GEMINI_BLOCK.length && nameIn(GEMINI_BLOCK[n], values)) || (n < VERTEX_BLOCK.length && nameIn(VERTEX_BLOCK[n], values));
    }
    return (n < GEMINI_FINISH.length && nameIn(GEMINI_FINISH[n], values)) || (n < VERTEX_FINISH.length && nameIn(VERTEX_FINISH[n], values));
  }
  scratch.reset();
  if (!json.decodeString(v, scratch)) return false;
  let start = 0;
  let end = scratch.length;
  const p = scratch.ptr;
  while (start < end && isTrimmed(load<u8>(p + <usize>start))) start++;
  while (end > start && isTrimmed(load<u8>(p + <usize>(end - 1)))) end--;
  for (let i = end - 1; i >= start; i--) {
    if (load<u8>(p + <usize>i) == 0x2e) {
      start = i + 1;
      break;
    }
  }
  for (let i = 0, n = values.length; i < n; i++) {
    const b = unchecked(values[i]); // i < values.length
    if (equalsReason(p + <usize>start, end - start, b)) return true;
  }
  return false;
}

function isTrimmed(c: u8): bool {
  return c == 0x20 || (c >= 0x09 && c <= 0x0d);
}

/** One folded byte: ASCII lower case, `-` and space as `_`. */
// @ts-ignore: decorator
@inline function fold(c: u32): u32 {
  if (c >= 0x41 && c <= 0x5a) return c + 0x20;
  if (c == 0x2d || c == 0x20) return 0x5f;
  return c;
}

function equalsReason(p: usize, n: i32, b: Bytes): bool {
  if (n != b.length) return false;
  const q = changetype<usize>(b);
  for (let i = 0; i < n; i++) {
    if (fold(<u32>load<u8>(p + <usize>i)) != fold(<u32>load<u8>(q + <usize>i))) return false;
  }
  return true;
}

function nameIn(name: string, values: Array<Bytes>): bool {
  for (let i = 0, n = values.length; i < n; i++) {
    const b = unchecked(values[i]); // i < values.length
    if (b.length != name.length) continue;
    const q = changetype<usize>(b);
    let same = true;
    for (let j = 0; j < name.length; j++) {
      if (fold(<u32>name.charCodeAt(j)) != fold(<u32>load<u8>(q + <usize>j))) {
        same = false;
        break;
      }
    }
    if (same) return true;
  }
  return false;
}

/** reason_value: the string literal as written (casing and escapes kept), a number as a string. */
export function appendReason(json: Json, v: i32, out: ByteBuffer): void {
  const end = json.skipValue(v);
  if (json.typeAt(v) == JsonType.String) {
    out.append(json.ptr + <usize>v, end - v);
    return;
  }
  out.push(0x22);
  out.append(json.ptr + <usize>v, end - v);
  out.push(0x22);
}

/** reason_field: the detector's field, or the borrowed key the reason was read under. */
export function hitKeyLabel(json: Json, d: Detector, key: i32, out: ByteBuffer): void {
  if (key < 0 || json.stringEqualsBytes(key, d.field) || json.stringEqualsBytes(key, d.fieldAlt)) {
    out.appendBytes(d.fieldLabel);
    return;
  }
  const end = json.skipValue(key);
  out.append(json.ptr + <usize>(key + 1), end - key - 2);
}
