/**
 * @module
 * JSON.stringify for values nested deeper than the engine's stack allows
 * (JSON.parse reads 100,000 levels; JSON.stringify overflows near 8,000).
 * The usual call is tried first; on a RangeError the value is written again
 * with an explicit stack, to the same text for JSON data: toJSON() is
 * honoured, undefined, functions and symbols are dropped from objects and
 * written as null in arrays, non-finite numbers as null, a BigInt throws.
 */

type Frame = { keys: string[] | null; items: unknown[]; i: number };

/** JSON.stringify(value), at any depth. */
export function stringifyDeep(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
  }
  return iterative(value);
}

function prepared(key: string, value: unknown): unknown {
  const withToJson = value as { toJSON?: (key: string) => unknown } | null;
  if (withToJson !== null && typeof withToJson === "object" && typeof withToJson.toJSON === "function") return withToJson.toJSON(key);
  return value;
}

function skipped(value: unknown): boolean {
  return value === undefined || typeof value === "function" || typeof value === "symbol";
}

function iterative(root: unknown): string | undefined {
  const parts: string[] = [];
  const stack: Frame[] = [];
  // Write a primitive, or open a container whose members the loop writes.
  const open = (value: unknown): void => {
    if (value === null || typeof value !== "object") {
      if (typeof value === "bigint") throw new TypeError("Do not know how to serialize a BigInt");
      if (skipped(value)) parts.push("null");
      else if (typeof value === "number") parts.push(Number.isFinite(value) ? String(value) : "null");
      else parts.push(JSON.stringify(value));
      return;
    }
    if (Array.isArray(value)) {
      parts.push("[");
      stack.push({ keys: null, items: value.map((v, i) => prepared(String(i), v)), i: 0 });
      return;
    }
    const record = value as Record<string, unknown>;
    const keys: string[] = [];
    const items: unknown[] = [];
    for (const key of Object.keys(record)) {
      const v = prepared(key, record[key]);
      if (skipped(v)) continue;
      keys.push(key);
      items.push(v);
    }
    parts.push("{");
    stack.push({ keys, items, i: 0 });
  };
  const first = prepared("", root);
  if (skipped(first)) return undefined;
  open(first);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    if (frame.i === frame.items.length) {
      parts.push(frame.keys ? "}" : "]");
      stack.pop();
      continue;
    }
    if (frame.i > 0) parts.push(",");
    if (frame.keys) parts.push(JSON.stringify(frame.keys[frame.i]) + ":");
    open(frame.items[frame.i++]);
  }
  return parts.join("");
}
