// The ABI: every export the bindings call, nothing else. Data crosses as
// UTF-8 bytes in two reused buffers (input and output); results are small
// integers plus bytes in the output buffer. No host imports: the module
// instantiates with `{}` (asconfig `use: abort=` turns aborts into traps).
//
// Output of `evaluate` (little-endian):
//   [0] u32 decision (0 allow, 1 deny, 2 ask, 3 needs usage)   [4] u32 code id
//   [8] u32 policy_id id   [12] u32 capability id
//   [16] u32 message byte length   [20] u32 usage byte length
//   [24] u32 obligation (0 none, 1 max_execution_time, 2 max_export_rows; policy/verdict.ts)
//   [28] u32 rule id (the JSON pointer or built-in id that decided; policy/provenance.ts)
//   [32] f64 obligation value (seconds, rows)
//   [40…] message UTF-8, then the usage charge as JSON (policy/usage-charge.ts):
//   present on allow and ask when the call has usage-based limits (what the
//   host records once the call ran), and on "needs usage" (which counters
//   to read before asking again).
// Ids index the interned string table (`internedString`).

import { ByteBuffer } from "./util/bytes";
import { Json, JsonType } from "./json/reader";
import { Policy } from "./policy/policy";
import { AllowlistPolicy } from "./policy/allowlist";
import { PassportPolicy } from "./policy/passport";
import { RequestView, MAX_REQUEST_BYTES } from "./policy/request";
import { Verdict, Code, Decision } from "./policy/verdict";
import { settleRule } from "./policy/provenance";
import { trace } from "./policy/trace";
import { LoadErrors } from "./policy/load-errors";
import { InternSlot, internedString as internedAt, internedCount as internedTotal } from "./policy/intern";
import { workSpent } from "./util/budget";
import { collectBetweenCalls, inputWeight, WEIGHT_ALLOCATING, WEIGHT_QUIET } from "./util/gc";
import { safetyLoad as safetyLoadImpl, safetyDetect as safetyDetectImpl, safetyFree as safetyFreeImpl } from "./safety/abi";

// Versions and layout constants come from scripts/abi.json (scripts/gen-abi.mjs); the bindings refuse a mismatch.
import { POLICY_ABI_VERSION, SAFETY_ABI_VERSION, DECISION_HEADER_BYTES, MAX_USAGE_BYTES } from "./abi.generated";

const input = new ByteBuffer(4096);
const output = new ByteBuffer(4096);
const policies = new Array<Policy | null>();
const request = new RequestView();
const verdict = new Verdict();
const policyJson = new Json();
const usageJson = new Json();


export function abiVersion(): i32 {
  return POLICY_ABI_VERSION;
}

/** The safety detectors' ABI (safetyLoad, safetyDetect, safetyFree) is versioned on its own. */
export function safetyAbiVersion(): i32 {
  return SAFETY_ABI_VERSION;
}

export function maxRequestBytes(): i32 {
  return MAX_REQUEST_BYTES;
}

/** Make room for `size` input bytes and return where to write them. */
export function inputPtr(size: i32): usize {
  if (size > input.data.length) {
    input.reset();
    input.ensure(size);
  }
  return input.ptr;
}

export function inputCapacity(): i32 {
  return input.data.length;
}

export function outputPtr(): usize {
  return output.ptr;
}

/**
 * Compile the policy document in the input buffer (`len` bytes). Returns a
 * handle >= 1, or -(n) with n bytes of `[{"path","message"}]` JSON in the
 * output buffer.
 */
export function loadPolicy(len: i32): i32 {
  const result = loadPolicyInto(len);
  collectBetweenCalls(inputWeight(WEIGHT_ALLOCATING, len));
  return result;
}

function loadPolicyInto(len: i32): i32 {
  const errors = new LoadErrors();
  const policy = compilePolicy(len, errors);
  if (policy == null) {
    if (errors.count == 0) errors.add("", "policy could not be compiled");
    output.reset();
    output.appendString(errors.toJSON());
    return -output.length;
  }
  for (let i = 0; i < policies.length; i++) {
    if (policies[i] == null) {
      policies[i] = policy;
      return i + 1;
    }
  }
  policies.push(policy);
  return policies.length;
}

function compilePolicy(len: i32, errors: LoadErrors): Policy | null {
  if (<u32>len > <u32>input.data.length) {
    errors.add("", "policy document is larger than the input buffer");
    return null;
  }
  const json = policyJson;
  json.reset(input.ptr, len);
  if (!json.validate()) {
    errors.add("", "policy is not valid JSON: " + json.error + " at byte " + json.errorAt.toString());
    return null;
  }
  const root = json.root();
  if (json.typeAt(root) != JsonType.Object) {
    errors.add("", "expected a policy object");
    return null;
  }
  const type = json.readString(json.get(root, "type"));
  if (type == "allowlist") return AllowlistPolicy.compile(json, root, errors);
  if (type == "passport") return PassportPolicy.compile(json, root, errors);
  errors.add("/type", "expected \"allowlist\" or \"passport\"");
  return null;
}

export function freePolicy(handle: i32): void {
  if (handle >= 1 && handle <= policies.length) policies[handle - 1] = null;
  collectBetweenCalls();
}

/**
 * Decide the request in the input buffer (`len` bytes) against a policy,
 * without usage counters. `now` is epoch milliseconds (NaN when unknown).
 * Returns the output length.
 */
export function evaluate(handle: i32, len: i32, now: f64): i32 {
  return evaluateWithUsage(handle, len, -1, now);
}

/**
 * Decide like `evaluate`, with the host's usage counters for this call: a
 * JSON document of `usageLen` bytes right after the request in the input
 * buffer (-1 = none; see policy/usage.ts). They are a separate input so that
 * nothing in the request — which the model writes — can stand in for them.
 */
export function evaluateWithUsage(handle: i32, len: i32, usageLen: i32, now: f64): i32 {
  verdict.reset();
  request.usage.reset();
  const policy = handle >= 1 && handle <= policies.length ? policies[handle - 1] : null;
  if (trace.on) trace.begin("request", "builtin:request", "a well-formed tool call");
  if (policy == null) {
    verdict.deny(Code.EVALUATOR_ERROR, "no policy is loaded under handle " + handle.toString());
  } else if (len > MAX_REQUEST_BYTES || len < 0) {
    verdict.deny(Code.INVALID_CONTEXT, "request is " + len.toString() + " bytes; the limit is " + MAX_REQUEST_BYTES.toString());
  } else if (len > input.data.length) {
    verdict.deny(Code.EVALUATOR_ERROR, "request length exceeds the input buffer");
  } else if (usageLen > MAX_USAGE_BYTES || (usageLen >= 0 && usageLen > input.data.length - len)) {
    verdict.deny(Code.EVALUATOR_ERROR, "usage document is " + usageLen.toString() + " bytes; at most " + MAX_USAGE_BYTES.toString() + ", after the request in the input buffer");
  } else if (usageLen >= 0 && !readUsage(input.ptr + <usize>len, usageLen)) {
    verdict.deny(Code.EVALUATOR_ERROR, "the host's usage counters are unusable: " + request.usage.error);
  } else if (request.parse(input.ptr, len, verdict)) {
    policy.evaluate(request, now, verdict);
  }
  settleRule(verdict, "");
  const counters = verdict.usage.needsCounters;
  const length = writeVerdict(counters);
  // An allowed call with no message and no usage charge built no strings (an allowed command allocates nothing).
  const quiet = verdict.decision == Decision.Allow && verdict.message.length == 0 && !counters;
  collectBetweenCalls(inputWeight(inputWeight(quiet ? WEIGHT_QUIET : WEIGHT_ALLOCATING, len), usageLen));
  return length;
}

/**
 * Decide like `evaluateWithUsage` with the evaluation trace on
 * (policy/trace.ts), and write the trace instead of the decision: JSON with
 * the decision, code, rule and message, each step consulted and its result,
 * what a command would do (`effects`) and the hosts of its URLs. Returns its
 * byte length in the output buffer. Deterministic: the same inputs give the
 * same bytes.
 */
export function explain(handle: i32, len: i32, usageLen: i32, now: f64): i32 {
  trace.reset(true);
  evaluateWithUsage(handle, len, usageLen, now);
  const json = trace.toJSON(verdict);
  trace.reset(false);
  output.reset();
  output.appendString(json);
  collectBetweenCalls(inputWeight(WEIGHT_ALLOCATING, len));
  return output.length;
}

function readUsage(ptr: usize, len: i32): bool {
  usageJson.reset(ptr, len);
  return request.usage.parse(usageJson);
}

const HEADER: i32 = DECISION_HEADER_BYTES;
const codeId = new InternSlot();
const policyIdId = new InternSlot();
const capabilityId = new InternSlot();
const ruleId = new InternSlot();

/** The verdict into the output buffer; `counters` is verdict.usage.needsCounters. */
function writeVerdict(counters: bool): i32 {
  output.reset();
  output.ensure(HEADER);
  const p = output.ptr;
  store<u32>(p, <u32>verdict.decision);
  store<u32>(p, <u32>codeId.get(verdict.code), 4);
  store<u32>(p, <u32>policyIdId.get(verdict.policyId), 8);
  store<u32>(p, <u32>capabilityId.get(verdict.capability), 12);
  // A denied call runs nothing, so it carries no obligation.
  const obliged = verdict.decision == Decision.Allow || verdict.decision == Decision.Ask;
  store<u32>(p, obliged ? <u32>verdict.obligation : 0, 24);
  store<u32>(p, <u32>ruleId.get(verdict.rule), 28);
  store<f64>(p, obliged ? verdict.obligationValue : 0, 32);
  output.length = HEADER;
  // Most decisions are allows without a message: no UTF-8 encoding call then.
  if (verdict.message.length > 0) output.appendString(verdict.message);
  const messageLength = output.length - HEADER;
  if (verdict.decision != Decision.Deny && counters) verdict.usage.writeTo(output);
  store<u32>(output.ptr, messageLength, 16);
  store<u32>(output.ptr, output.length - HEADER - messageLength, 20);
  return output.length;
}

/** Work units the last command decision spent (util/budget.ts), for tests and the bench; 0 before any. */
export function workUnits(): f64 {
  return <f64>workSpent();
}

/** The bench floor: receives the same bytes, does nothing with them. */
export function noop(len: i32): i32 {
  return len;
}

export function internedCount(): i32 {
  return internedTotal();
}

/** Write interned string `id` to the output buffer; returns its byte length. */
export function internedString(id: i32): i32 {
  output.reset();
  output.appendString(internedAt(id));
  collectBetweenCalls();
  return output.length;
}

// ---- provider safety stops (assembly/safety) --------------------------------

/** Compile a safety-detector config in the input buffer; a handle >= 1, or -(n) with n bytes of errors. */
export function safetyLoad(len: i32): i32 {
  const result = safetyLoadImpl(input, len, output);
  collectBetweenCalls(inputWeight(WEIGHT_ALLOCATING, len));
  return result;
}

/**
 * Detect a provider safety stop in the message or response in the input
 * buffer. Handle 0 = the default detectors. `shape`: 0 auto, 1 langchain,
 * 2 openai_chat, 3 openai_responses, 4 anthropic, 5 gemini, 6 bedrock.
 * Returns the byte length of the JSON result in the output buffer.
 */
export function safetyDetect(handle: i32, len: i32, shape: i32): i32 {
  const length = safetyDetectImpl(handle, input, len, output, shape);
  collectBetweenCalls(inputWeight(WEIGHT_ALLOCATING, len));
  return length;
}

export function safetyFree(handle: i32): void {
  safetyFreeImpl(handle);
  collectBetweenCalls();
}
