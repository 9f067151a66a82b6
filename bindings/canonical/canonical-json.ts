/**
 * @module
 * RFC 8785 (JSON Canonicalization Scheme) serialisation, and a strict JSON
 * reader for the bytes that reach the approval API. Approvals are bound to a
 * digest of the canonical arguments, so two spellings of the same arguments
 * (key order, whitespace, `1.0` vs `1`, `\u0061` vs `a`) get one digest, and
 * anything JCS cannot represent (lone surrogates, NaN, undefined, BigInt,
 * Dates, Maps) is an error: the caller denies rather than guess.
 */

/** Nesting limit; the wasm core refuses deeper requests too. */
export const MAX_JSON_DEPTH = 128;

export class JsonInputError extends Error {
  readonly code = "invalid_json";
  constructor(
    readonly reason: string,
    readonly path: string = "",
  ) {
    super(path ? `${path}: ${reason}` : reason);
    this.name = "JsonInputError";
  }
}

/** The canonical (RFC 8785) text of a JSON value. Throws JsonInputError on anything JCS cannot express. */
export function canonicalJson(value: unknown): string {
  return serialize(value, 0);
}

// The path of a bad value is built only when one is found (each level adds its segment on the way out):
// canonicalising is on the hot path of receipts and the audit chain, errors are not.
function serialize(value: unknown, depth: number): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "boolean":
      return value ? "true" : "false";
    case "number":
      // ES number-to-string is what §3.2.2.3 prescribes; JSON.stringify also maps -0 to "0".
      if (!Number.isFinite(value)) throw new JsonInputError("numbers must be finite");
      return JSON.stringify(value);
    case "string":
      return quote(value);
    case "object":
      break;
    default:
      throw new JsonInputError(`${typeof value} is not a JSON value`);
  }
  if (depth >= MAX_JSON_DEPTH) throw new JsonInputError(`nesting deeper than ${MAX_JSON_DEPTH}`);
  if (Array.isArray(value)) {
    let out = "[";
    for (let i = 0; i < value.length; i++) {
      try {
        out += (i ? "," : "") + serialize(value[i], depth + 1);
      } catch (error) {
        throw within(error, String(i));
      }
    }
    return out + "]";
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) throw new JsonInputError("only plain objects and arrays are JSON");
  // Default sort compares UTF-16 code units, which is the order §3.2.3 asks for.
  const keys = Object.keys(value).sort();
  let out = "{";
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    try {
      const item = (value as Record<string, unknown>)[key];
      if (item === undefined) throw new JsonInputError("undefined is not a JSON value");
      out += (i ? "," : "") + quote(key) + ":" + serialize(item, depth + 1);
    } catch (error) {
      throw within(error, escapePointer(key));
    }
  }
  return out + "}";
}

/** The error one level up: its path gains this level's segment. */
function within(error: unknown, segment: string): unknown {
  return error instanceof JsonInputError ? new JsonInputError(error.reason, `/${segment}${error.path}`) : error;
}

/** JSON.stringify escapes exactly what §3.2.2.2 asks; lone surrogates are refused first (I-JSON). */
function quote(text: string): string {
  if (!isWellFormed(text)) throw new JsonInputError("string holds a lone surrogate");
  return JSON.stringify(text);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function isWellFormed(text: string): boolean {
  const native = (text as { isWellFormed?: () => boolean }).isWellFormed;
  return typeof native === "function" ? native.call(text) : !LONE_SURROGATE.test(text);
}

function escapePointer(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

/**
 * Parse JSON text strictly: syntax errors, duplicate object keys and nesting
 * deeper than MAX_JSON_DEPTH are errors. JSON.parse keeps the last of two
 * duplicate keys while other parsers keep the first; refusing them removes
 * that disagreement from anything we judge or sign.
 */
export function parseJsonStrict(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new JsonInputError(`not valid JSON: ${(error as Error).message}`);
  }
  checkKeys(text);
  return value;
}

/** One pass over text JSON.parse already accepted: tracks the keys of each open object. */
function checkKeys(text: string): void {
  const stack: (Set<string> | null)[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const end = stringEnd(text, i);
      const top = stack[stack.length - 1];
      if (expectKey && top) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (top.has(key)) throw new JsonInputError(`duplicate key ${JSON.stringify(key)}`);
        top.add(key);
        expectKey = false;
      }
      i = end;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (stack.length >= MAX_JSON_DEPTH) throw new JsonInputError(`nesting deeper than ${MAX_JSON_DEPTH}`);
      stack.push(c === 0x7b ? new Set() : null);
      expectKey = c === 0x7b;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      stack.pop();
      expectKey = false;
    } else if (c === 0x2c /* , */) {
      expectKey = stack[stack.length - 1] != null;
    }
  }
}

function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5c /* \ */) i++;
    else if (c === 0x22) return i;
  }
  return text.length - 1;
}
