// Safety-stop detectors and their configuration (DeerFlow
// safety_termination_detectors.py, deerflow.md §2.1). A detector reads one
// metadata field and matches it, case-insensitively, against a set of values;
// a configured set REPLACES the default one. Compiled once, matched often.

import { Json, JsonType } from "../json/reader";
import { Bytes, utf8 } from "../util/bytes";
import { LoadErrors, jsonQuote } from "../policy/load-errors";

export const enum DetectorKind {
  OpenAI = 0,
  Anthropic = 1,
  Gemini = 2,
  Bedrock = 3,
  Responses = 4,
}

/** One detector: which field it reads, its values, which extras it carries. */
export class Detector {
  kind: DetectorKind;
  /** DeerFlow's `name` (reported as `detector`). */
  name: string;
  /** The field as reported in `reason_field`. */
  fieldLabel: Bytes;
  /** The key looked up, and its other spelling (snake_case / camelCase). */
  field: Bytes;
  fieldAlt: Bytes;
  /** Gemini only: the prompt-level `block_reason`, tried when no finish reason is present. */
  secondField: Bytes | null = null;
  secondFieldAlt: Bytes | null = null;
  /** Gemini only: the block reasons that mean a blocked prompt (matched like `values`). */
  secondValues: Array<Bytes> = [];
  /** Matched with ASCII case folding, so the stored case does not matter. */
  values: Array<Bytes>;
  extrasKey: Bytes | null = null;
  extrasKeyAlt: Bytes | null = null;

  constructor(kind: DetectorKind, values: Array<Bytes>, secondValues: Array<Bytes> | null = null) {
    this.kind = kind;
    this.values = values;
    if (kind == DetectorKind.Gemini) this.secondValues = secondValues != null ? secondValues : toBytesList(defaultBlockReasons());
    if (kind == DetectorKind.OpenAI) {
      this.name = "openai_compatible_content_filter";
      this.fieldLabel = utf8("finish_reason");
      this.field = utf8("finish_reason");
      this.fieldAlt = utf8("finishReason");
      this.extrasKey = utf8("content_filter_results");
      this.extrasKeyAlt = utf8("contentFilterResults");
    } else if (kind == DetectorKind.Anthropic) {
      this.name = "anthropic_refusal";
      this.fieldLabel = utf8("stop_reason");
      this.field = utf8("stop_reason");
      this.fieldAlt = utf8("stopReason");
    } else if (kind == DetectorKind.Gemini) {
      this.name = "gemini_safety";
      this.fieldLabel = utf8("finish_reason");
      this.field = utf8("finish_reason");
      this.fieldAlt = utf8("finishReason");
      this.secondField = utf8("block_reason");
      this.secondFieldAlt = utf8("blockReason");
      this.extrasKey = utf8("safety_ratings");
      this.extrasKeyAlt = utf8("safetyRatings");
    } else if (kind == DetectorKind.Bedrock) {
      this.name = "bedrock_guardrail";
      this.fieldLabel = utf8("stopReason");
      this.field = utf8("stopReason");
      this.fieldAlt = utf8("stop_reason");
    } else {
      // OpenAI Responses API: status "incomplete" with incomplete_details.reason.
      this.name = "openai_responses_content_filter";
      this.fieldLabel = utf8("incomplete_details.reason");
      this.field = utf8("incomplete_details");
      this.fieldAlt = utf8("incompleteDetails");
    }
  }
}

/** The reason values each detector matches when none are configured. */
export function defaultValues(kind: DetectorKind): Array<string> {
  if (kind == DetectorKind.OpenAI) return ["content_filter"];
  if (kind == DetectorKind.Anthropic) return ["refusal"];
  if (kind == DetectorKind.Gemini) {
    // Candidate.FinishReason of the Gemini API (generativelanguage v1beta) and Vertex AI
    // (aiplatform v1: MODEL_ARMOR). Deliberately not STOP, MAX_TOKENS, LANGUAGE, NO_IMAGE,
    // MALFORMED_FUNCTION_CALL, UNEXPECTED_TOOL_CALL, TOO_MANY_TOOL_CALLS, OTHER, IMAGE_OTHER,
    // FINISH_REASON_UNSPECIFIED: those end a turn for reasons other than safety.
    return ["SAFETY", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII", "RECITATION", "IMAGE_SAFETY", "IMAGE_PROHIBITED_CONTENT", "IMAGE_RECITATION", "MODEL_ARMOR"];
  }
  if (kind == DetectorKind.Bedrock) return ["guardrail_intervened", "content_filtered"];
  return ["content_filter"];
}

/**
 * PromptFeedback.BlockReason (Gemini API) and BlockedReason (Vertex AI): every
 * value but the unspecified one means the prompt was blocked and no candidate
 * was generated, so all of them stop the turn, OTHER included.
 */
export function defaultBlockReasons(): Array<string> {
  return ["SAFETY", "OTHER", "BLOCKLIST", "PROHIBITED_CONTENT", "IMAGE_SAFETY", "MODEL_ARMOR", "JAILBREAK"];
}

/** The config key holding a detector's values (DeerFlow's constructor kwarg). */
function valuesKey(kind: DetectorKind): string {
  if (kind == DetectorKind.Anthropic || kind == DetectorKind.Bedrock) return "stop_reasons";
  if (kind == DetectorKind.Responses) return "reasons";
  return "finish_reasons";
}

/** Values are stored normalised (see normaliseReason), as the reasons read are. */
function toBytesList(values: Array<string>): Array<Bytes> {
  const out = new Array<Bytes>();
  for (let i = 0; i < values.length; i++) out.push(utf8(normaliseReason(values[i])));
  return out;
}

/**
 * The comparable form of a reason: trimmed, an enum-class prefix dropped
 * (`FinishReason.SAFETY`, as Python's str() of an enum prints it), `-` and
 * spaces read as `_` (the AI SDK's `content-filter`). Case is folded when
 * compared.
 */
export function normaliseReason(s: string): string {
  let t = s.trim();
  const dot = t.lastIndexOf(".");
  if (dot >= 0) t = t.substring(dot + 1);
  return t.replaceAll("-", "_").replaceAll(" ", "_");
}

/**
 * The detector a `use` names: a short name, a DeerFlow class name, or a
 * class path (`portcullis:Class`, DeerFlow's `module.path:Class`). -1 when
 * unknown, and for a file path (`./x.js:Class`): custom detectors do not
 * run in the core, so a built-in must not answer for one silently.
 */
export function detectorKindOf(use: string): i32 {
  const colon = use.lastIndexOf(":");
  if (colon >= 0 && !isModulePath(use, colon)) return -1;
  const name = colon >= 0 ? use.substring(colon + 1) : use;
  if (name == "openai_compatible_content_filter" || name == "OpenAICompatibleContentFilterDetector") return DetectorKind.OpenAI;
  if (name == "anthropic_refusal" || name == "AnthropicRefusalDetector") return DetectorKind.Anthropic;
  if (name == "gemini_safety" || name == "GeminiSafetyDetector") return DetectorKind.Gemini;
  if (name == "bedrock_guardrail" || name == "BedrockGuardrailDetector") return DetectorKind.Bedrock;
  if (name == "openai_responses_content_filter" || name == "OpenAIResponsesContentFilterDetector") return DetectorKind.Responses;
  return -1;
}

/** [A-Za-z_][A-Za-z0-9_.]* before the colon. */
function isModulePath(use: string, end: i32): bool {
  if (end == 0) return false;
  for (let i = 0; i < end; i++) {
    const c = use.charCodeAt(i);
    const letter = (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c == 0x5f;
    const digitOrDot = (c >= 0x30 && c <= 0x39) || c == 0x2e;
    if (!letter && (i == 0 || !digitOrDot)) return false;
  }
  return true;
}

export class SafetyConfig {
  detectors: Array<Detector> = [];

  /**
   * DeerFlow's three defaults in its order (OpenAI, Anthropic, Gemini), then
   * the two this port adds (Bedrock Converse, OpenAI Responses).
   */
  static defaults(): SafetyConfig {
    const c = new SafetyConfig();
    for (let k = 0; k <= <i32>DetectorKind.Responses; k++) {
      c.detectors.push(new Detector(<DetectorKind>k, toBytesList(defaultValues(<DetectorKind>k))));
    }
    return c;
  }

  /**
   * Compile `{detectors: [{use, config}] | null}` at pos. A missing or null
   * `detectors` means the defaults; `[]` is rejected, as DeerFlow does.
   * Returns null with errors recorded on any problem.
   */
  static compile(json: Json, pos: i32, errors: LoadErrors): SafetyConfig | null {
    if (json.typeAt(pos) != JsonType.Object) {
      errors.add("", "expected a safety config object");
      return null;
    }
    let m = json.firstMember(pos);
    while (m >= 0) {
      const key = json.readString(m);
      if (key != "detectors" && key != "enabled") errors.add("/" + (key == null ? "" : key), "unknown key (expected \"detectors\")");
      m = json.nextMember(m);
    }
    const list = json.get(pos, "detectors");
    if (list == -2) {
      errors.add("/detectors", "duplicate key");
      return null;
    }
    if (errors.count > 0) return null;
    if (list < 0 || json.typeAt(list) == JsonType.Null) return SafetyConfig.defaults();
    if (json.typeAt(list) != JsonType.Array) {
      errors.add("/detectors", "expected an array of {use, config}");
      return null;
    }
    const c = new SafetyConfig();
    let e = json.firstElement(list);
    let i = 0;
    while (e >= 0) {
      const d = compileDetector(json, e, "/detectors/" + i.toString(), errors);
      if (d != null) c.detectors.push(d);
      e = json.nextElement(e);
      i++;
    }
    if (i == 0) errors.add("/detectors", "an empty detector list is not allowed; set enabled=false to disable safety-stop detection");
    return errors.count > 0 ? null : c;
  }
}

function compileDetector(json: Json, pos: i32, path: string, errors: LoadErrors): Detector | null {
  if (json.typeAt(pos) != JsonType.Object) {
    errors.add(path, "expected {use, config}");
    return null;
  }
  let m = json.firstMember(pos);
  while (m >= 0) {
    const key = json.readString(m);
    if (key != "use" && key != "config") errors.add(path + "/" + (key == null ? "" : key), "unknown key (expected \"use\" or \"config\")");
    m = json.nextMember(m);
  }
  const use = json.readString(json.get(pos, "use"));
  if (use == null) {
    errors.add(path + "/use", "expected a detector name");
    return null;
  }
  const kind = detectorKindOf(use);
  if (kind < 0) {
    errors.add(path + "/use", "unknown detector " + jsonQuote(use) + " (not a safety termination detector)");
    return null;
  }
  const cfg = json.get(pos, "config");
  if (cfg == -2) {
    errors.add(path + "/config", "duplicate key");
    return null;
  }
  const wanted = valuesKey(<DetectorKind>kind);
  if (cfg < 0 || json.typeAt(cfg) == JsonType.Null) {
    return new Detector(<DetectorKind>kind, toBytesList(defaultValues(<DetectorKind>kind)));
  }
  if (json.typeAt(cfg) != JsonType.Object) {
    errors.add(path + "/config", "expected an object");
    return null;
  }
  const gemini = kind == DetectorKind.Gemini;
  m = json.firstMember(cfg);
  while (m >= 0) {
    const key = json.readString(m);
    if (key != wanted && !(gemini && key == "block_reasons")) {
      const takes = gemini ? "\"finish_reasons\" and \"block_reasons\"" : "\"" + wanted + "\"";
      errors.add(path + "/config/" + (key == null ? "" : key), "unknown option (this detector takes " + takes + ")");
    }
    m = json.nextMember(m);
  }
  const values = readValues(json, cfg, wanted, path, errors, defaultValues(<DetectorKind>kind));
  if (values == null) return null;
  if (!gemini) return new Detector(<DetectorKind>kind, toBytesList(values));
  const blocks = readValues(json, cfg, "block_reasons", path, errors, defaultBlockReasons());
  if (blocks == null) return null;
  return new Detector(<DetectorKind>kind, toBytesList(values), toBytesList(blocks));
}

/** A configured value list under `key`, the defaults when absent or null, or null with errors recorded. */
function readValues(json: Json, cfg: i32, key: string, path: string, errors: LoadErrors, defaults: Array<string>): Array<string> | null {
  const listPos = json.get(cfg, key);
  if (listPos == -2) {
    errors.add(path + "/config/" + key, "duplicate key");
    return null;
  }
  if (listPos < 0 || json.typeAt(listPos) == JsonType.Null) return defaults;
  const values = json.readStringArray(listPos);
  if (values == null) {
    errors.add(path + "/config/" + key, "expected an array of strings");
    return null;
  }
  if (values.length == 0) {
    errors.add(path + "/config/" + key, "an empty list would match nothing; remove the detector instead");
    return null;
  }
  for (let i = 0; i < values.length; i++) {
    if (normaliseReason(values[i]).length == 0) {
      errors.add(path + "/config/" + key + "/" + i.toString(), "expected a non-empty string");
      return null;
    }
  }
  return values;
}
