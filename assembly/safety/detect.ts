// Run the configured detectors over one model turn and write a compact JSON
// result. Semantics follow DeerFlow's SafetyFinishReasonMiddleware trigger
// (deerflow.md §2.2): only a turn with tool calls or blank content is
// terminated; the first detector that hits wins; a value counts only when it
// is a non-empty string, read from the containers in order.
//
// Result (one JSON object):
//   {"terminated":bool,"signal":bool,"shape":str,"ai":bool,"tool_calls":int,
//    "blank":bool[,"detector":str,"reason_field":str,"reason_value":str,"extras":{...}]}
// or {"terminated":false,"error":str} for input that is not a JSON object.
// `signal` reports a detector hit even when the trigger does not hold (the
// stream wrapper needs it); the detector fields appear only with a signal.

import { Json, JsonType } from "../json/reader";
import { ByteBuffer, Bytes } from "../util/bytes";
import { jsonQuote } from "../policy/load-errors";
import { Detector, DetectorKind, SafetyConfig } from "./config";
import { LAST_SHAPE, TurnView, shapeName, truthy } from "./shape";
import { analyze } from "./analyze";
import { reasonAt, matchesReason, appendReason, hitKeyLabel } from "./reason";

const json = new Json();
const view = new TurnView();
const valueScratch = new ByteBuffer(64);

/** Where the last hit was found: the value's position and its container. */
let hitValue: i32 = -1;
let hitContainer: i32 = -1;
let hitSecond: bool = false;
/** The key the hit was read under (its label is the detector's field, or the key itself). */
let hitKey: i32 = -1;
let lastKey: i32 = -1;

export const enum SafetyStatus {
  Error = -1,
  Pass = 0,
  Terminated = 1,
}

/**
 * Detect a provider safety stop in the JSON document at (ptr, len). `shape`
 * is a Shape (0 = guess from the document). Writes the result JSON to `out`
 * (reset first) and returns a SafetyStatus. Never traps on any input.
 */
export function detectSafetyStop(ptr: usize, len: i32, config: SafetyConfig, out: ByteBuffer, shape: i32 = 0): i32 {
  out.reset();
  if (len < 0) return writeError(out, "negative length");
  json.reset(ptr, len);
  if (!json.validate()) {
    out.appendString('{"terminated":false,"error":"not valid JSON: ');
    appendAsciiSafe(out, json.error);
    out.appendString(" at byte ");
    appendInt(out, json.errorAt);
    out.appendString('"}');
    return SafetyStatus.Error;
  }
  const root = json.root();
  const rootType = json.typeAt(root);
  // An array is a message list (LangChain messages_to_dict, a LangGraph message history).
  if (rootType != JsonType.Object && rootType != JsonType.Array) return writeError(out, "expected a JSON object (a message or a provider response) or a message list");
  if (<u32>shape > <u32>LAST_SHAPE) return writeError(out, "unknown shape code");

  view.reset();
  const mismatch = analyze(json, root, shape, view);
  if (mismatch.length > 0) return writeError(out, mismatch);

  let winner: Detector | null = null;
  if (view.ai) {
    const detectors = config.detectors;
    for (let i = 0, n = detectors.length; i < n; i++) {
      const d = unchecked(detectors[i]); // i < detectors.length
      if (runDetector(d)) {
        winner = d;
        break;
      }
    }
  }
  const triggered = view.ai && (view.toolCalls > 0 || view.blank);
  const terminated = winner != null && triggered;

  out.appendString(terminated ? '{"terminated":true' : '{"terminated":false');
  out.appendString(winner != null ? ',"signal":true' : ',"signal":false');
  out.appendString(',"shape":"');
  out.appendString(shapeName(view.shape));
  out.appendString(view.ai ? '","ai":true' : '","ai":false');
  out.appendString(',"tool_calls":');
  appendInt(out, view.toolCalls);
  out.appendString(view.blank ? ',"blank":true' : ',"blank":false');
  if (view.at.length > 0) {
    out.appendString(',"at":');
    out.appendString(jsonQuote(view.at));
  }
  if (winner != null) writeHit(out, winner);
  out.push(0x7d); // }
  return terminated ? SafetyStatus.Terminated : SafetyStatus.Pass;
}

function writeHit(out: ByteBuffer, d: Detector): void {
  out.appendString(',"detector":"');
  out.appendString(d.name);
  out.appendString('","reason_field":"');
  if (hitSecond) out.appendString("block_reason");
  else hitKeyLabel(json, d, hitKey, out);
  out.appendString('","reason_value":');
  appendReason(json, hitValue, out);
  out.appendString(',"extras":{');
  const from = view.extrasFrom == -1 ? hitContainer : view.extrasFrom;
  const key = d.extrasKey;
  const alt = d.extrasKeyAlt;
  if (key != null && alt != null && from >= 0) {
    const v = findMember(from, key, alt);
    if (v >= 0 && truthy(json, v)) {
      out.push(0x22);
      out.appendBytes(key);
      out.appendString('":');
      appendRaw(out, v);
    }
  }
  out.appendString("}");
}

/** Run one detector over the view's containers; records the hit. */
function runDetector(d: Detector): bool {
  const containers = view.containers;
  const groups = view.groups;
  let i = 0;
  const n = containers.length;
  while (i < n) {
    // One group: the first non-empty string across its containers decides.
    const group = unchecked(groups[i]); // i < n == groups.length
    let decided = false;
    let j = i;
    while (j < n && unchecked(groups[j]) == group) {
      if (!decided) {
        const c = unchecked(containers[j]); // j < n
        const v = findValue(d, c, false);
        if (v >= 0) {
          if (matchesReason(json, d, v, false, valueScratch)) {
            hitValue = v;
            hitContainer = c;
            hitSecond = false;
            hitKey = lastKey;
            return true;
          }
          // DeerFlow's lookup: the detector's own field, first found in the group, decides.
          // A borrowed key (another provider's field) that does not match leaves the search open.
          if (lastKey >= 0 && (json.stringEqualsBytes(lastKey, d.field) || json.stringEqualsBytes(lastKey, d.fieldAlt))) decided = true;
        }
      }
      j++;
    }
    // Gemini: a prompt blocked before generation reports block_reason instead.
    const second = d.secondField;
    const secondAlt = d.secondFieldAlt;
    if (!decided && second != null && secondAlt != null) {
      for (let k = i; k < j; k++) {
        const c = unchecked(containers[k]); // k < j <= n
        const v = findValue(d, c, true);
        if (v >= 0) {
          if (matchesReason(json, d, v, true, valueScratch)) {
            hitValue = v;
            hitContainer = c;
            hitSecond = true;
            return true;
          }
          break;
        }
      }
    }
    i = j;
  }
  return false;
}

/**
 * The first reason under one of the detector's keys in the object at c, or
 * -1 (see reason.ts for what a reason may be). When several keys are present
 * (finishReason and rawFinishReason; a repeated key, a parser-differential
 * trick), a matching one wins, so no copy can hide a safety stop.
 */
function findValue(d: Detector, c: i32, second: bool): i32 {
  let first = -1;
  let firstKey = -1;
  let m = json.firstMember(c);
  while (m >= 0) {
    if (isKeyOf(d, m, second)) {
      const v = reasonAt(json, d, json.memberValue(m), second, valueScratch);
      if (v >= 0) {
        if (matchesReason(json, d, v, second, valueScratch)) {
          lastKey = m;
          return v;
        }
        if (first < 0) {
          first = v;
          firstKey = m;
        }
      }
    }
    m = json.nextMember(m);
  }
  lastKey = firstKey;
  return first;
}

/**
 * A detector reads its own field, and the raw provider reason a framework
 * keeps beside its unified one (the AI SDK's rawFinishReason). In the shapes
 * whose stop field is the framework's own (AI SDK, MCP sampling: any
 * provider's reason may land there) it also reads the other detectors'
 * fields; each still matches only its own values. The provider and
 * LangChain shapes keep DeerFlow's one-field lookup.
 */
function isKeyOf(d: Detector, m: i32, second: bool): bool {
  if (second) {
    const a = d.secondField;
    const b = d.secondFieldAlt;
    return a != null && b != null && (json.stringEqualsBytes(m, a) || json.stringEqualsBytes(m, b));
  }
  if (json.stringEqualsBytes(m, d.field) || json.stringEqualsBytes(m, d.fieldAlt)) return true;
  if (d.kind == DetectorKind.Responses) return false;
  if (json.stringEquals(m, "raw_finish_reason") || json.stringEquals(m, "rawFinishReason")) return true;
  if (!view.borrowKeys) return false;
  return json.stringEquals(m, "finish_reason") || json.stringEquals(m, "finishReason") ||
    json.stringEquals(m, "stop_reason") || json.stringEquals(m, "stopReason");
}

/** The member value under key or alt in the object at c, or -1. */
function findMember(c: i32, key: Bytes, alt: Bytes): i32 {
  if (json.typeAt(c) != JsonType.Object) return -1;
  let m = json.firstMember(c);
  while (m >= 0) {
    if (json.stringEqualsBytes(m, key) || json.stringEqualsBytes(m, alt)) return json.memberValue(m);
    m = json.nextMember(m);
  }
  return -1;
}

function appendRaw(out: ByteBuffer, pos: i32): void {
  const end = json.skipValue(pos);
  out.append(json.ptr + <usize>pos, end - pos);
}

function writeError(out: ByteBuffer, message: string): i32 {
  out.reset();
  out.appendString('{"terminated":false,"error":"');
  appendAsciiSafe(out, message);
  out.appendString('"}');
  return SafetyStatus.Error;
}

/** Our own messages hold no quotes or backslashes except by accident; escape them anyway. */
function appendAsciiSafe(out: ByteBuffer, s: string): void {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c == 0x22 || c == 0x5c) {
      out.push(0x5c);
      out.push(<u8>c);
    } else if (c >= 0x20 && c < 0x7f) out.push(<u8>c);
    else out.push(0x3f); // ?
  }
}

function appendInt(out: ByteBuffer, n: i32): void {
  if (n < 0) {
    out.push(0x2d);
    n = -n;
  }
  let div = 1;
  while (n / div >= 10) div *= 10;
  while (div > 0) {
    out.push(<u8>(0x30 + (n / div) % 10));
    div /= 10;
  }
}
