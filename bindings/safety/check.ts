/**
 * @module
 * Run the core's detectors over one model turn, failing closed. The core
 * reads JSON nested at most 128 deep and rejects unpaired surrogates, while a
 * model's tool arguments may be arbitrarily deep or cut mid-character. When
 * the plain serialisation is refused, the turn is sent again with
 * containers below MAX_DEPTH replaced by null and lone surrogates replaced
 * by U+FFFD: everything the detectors read (metadata, tool-call lists,
 * content blocks) sits within the first ten levels, so the verdict is the
 * same. A turn the core still cannot read throws SafetyCheckError: its tool
 * calls must not run unchecked.
 */

import type { DetectResult, SafetyCore, SafetyShape } from "./types.ts";

/** A model turn could not be checked; do not execute its tool calls. */
export class SafetyCheckError extends Error {
  readonly code = "safety_check_failed";
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "SafetyCheckError";
  }
}

/** Well below the core's 128 levels, far above where any detector looks. */
export const MAX_DEPTH = 64;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * JSON with containers deeper than `maxDepth` cut to null and lone
 * surrogates replaced. Never recurses past `maxDepth`, so a million-deep
 * input cannot overflow the stack; toJSON() is honoured as usual.
 */
export function boundedJson(value: unknown, maxDepth = MAX_DEPTH): string | undefined {
  const depth = new Map<object, number>();
  return JSON.stringify(value, function (this: object, _key: string, v: unknown) {
    if (typeof v === "string") return v.replace(LONE_SURROGATE, "\uFFFD");
    if (v === null || typeof v !== "object") return v;
    // The root's holder is a fresh wrapper object, at depth 0.
    const d = (depth.get(this) ?? 0) + 1;
    if (d > maxDepth) return null;
    depth.set(v, d); // set on every visit: the children are serialised right after, on this path
    return v;
  });
}

/** An object (a message, a response, an envelope) or a list (a message history, whose last element is the turn). */
function isMessageObject(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}

function attempt(core: SafetyCore, serialise: () => string | undefined, shape: SafetyShape): DetectResult {
  let json: string | undefined;
  try {
    json = serialise();
  } catch (error) {
    return { terminated: false, error: `message is not serialisable: ${(error as Error).message}` };
  }
  if (json === undefined || (json[0] !== "{" && json[0] !== "[")) return { terminated: false, error: "message does not serialise to a JSON object or list" };
  try {
    return core.detect(json, shape);
  } catch (error) {
    return { terminated: false, error: `safety core failed: ${(error as Error).message}` };
  }
}

/**
 * Detect a safety stop in `turn`. Anything that is not an object or a list (a
 * string, a number, null) is not a model turn and passes with an `error` note. For an
 * object the result has no `error`, or this throws SafetyCheckError.
 */
export function detectTurn(core: SafetyCore, turn: unknown, shape: SafetyShape = "auto"): DetectResult {
  if (!isMessageObject(turn)) return { terminated: false, error: "not a message object" };
  let result = attempt(core, () => JSON.stringify(turn), shape);
  if (result.error) result = attempt(core, () => boundedJson(turn), shape);
  if (result.error) throw new SafetyCheckError(`cannot check this model turn for a safety stop (${result.error}); its tool calls must not run`);
  return result;
}
