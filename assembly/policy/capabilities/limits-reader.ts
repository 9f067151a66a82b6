// Reading a limits block, table-driven: the reader is given the block and
// the table of keys its capability knows, reports every unknown or
// duplicated key once, and then hands out typed values by name. A value of
// the wrong type records a load error (with the JSON pointer) instead of a
// guess; an absent key gives the caller's default.

import { Json, JsonType, DUPLICATE } from "../../json/reader";
import { LoadErrors, pointerSegment } from "../load-errors";
import { isSafeWhole } from "../../util/integer";

export class LimitsReader {
  constructor(
    public json: Json,
    public errors: LoadErrors,
    public path: string,
    /** The block's position, or -1 when the passport has none. */
    public block: i32,
    known: StaticArray<string>,
    /** False for APort's flat legacy keys, which sit among other capabilities' blocks. */
    reportUnknown: bool = true,
  ) {
    let m = block < 0 ? -1 : json.firstMember(block);
    while (m >= 0) {
      const key = json.readString(m)!;
      if (!isKnown(known, key)) {
        if (reportUnknown) this.errors.add(this.keyPath(key), "unknown key '" + key + "' (expected one of " + listed(known) + ")");
      } else if (json.get(block, key) == DUPLICATE) this.errors.add(this.keyPath(key), "duplicate key '" + key + "'");
      m = json.nextMember(m);
    }
  }

  keyPath(key: string): string {
    return this.path + "/" + pointerSegment(key);
  }

  /**
   * The value position of `key`, or -1 when absent (or duplicated: already
   * reported). An explicit null is a value, and every typed getter refuses it.
   */
  find(key: string): i32 {
    if (this.block < 0) return -1;
    const pos = this.json.get(this.block, key);
    return pos < 0 ? -1 : pos;
  }

  has(key: string): bool {
    return this.find(key) >= 0;
  }

  /** An array of strings, or null when absent. */
  strings(key: string): Array<string> | null {
    const pos = this.find(key);
    if (pos < 0) return null;
    const list = this.json.readStringArray(pos);
    if (list == null) {
      this.errors.add(this.keyPath(key), "expected an array of strings");
      return [];
    }
    return list;
  }

  /** An array of strings, or `fallback` when absent. */
  stringsOr(key: string, fallback: Array<string>): Array<string> {
    const list = this.strings(key);
    return list != null ? list : fallback;
  }

  bool(key: string, fallback: bool): bool {
    const pos = this.find(key);
    if (pos < 0) return fallback;
    const t = this.json.typeAt(pos);
    if (t == JsonType.True) return true;
    if (t != JsonType.False) this.errors.add(this.keyPath(key), "expected true or false");
    return false;
  }

  /** A number >= 0, or NaN when absent. */
  positiveNumber(key: string): f64 {
    const pos = this.find(key);
    if (pos < 0) return NaN;
    const v = this.json.readNumber(pos);
    if (isNaN(v) || v < 0) {
      this.errors.add(this.keyPath(key), "expected a number >= 0");
      return NaN;
    }
    return v;
  }

  /** A whole number >= 0 (a count, or an amount in minor units), or -1 when absent. */
  count(key: string): i64 {
    return readCount(this.json, this.find(key), this.keyPath(key), this.errors);
  }

  /** A string, or null when absent. */
  string(key: string): string | null {
    const pos = this.find(key);
    if (pos < 0) return null;
    const s = this.json.readString(pos);
    if (s == null) this.errors.add(this.keyPath(key), "expected a string");
    return s;
  }

  /** The position of an object value, or -1 when absent (a non-object is reported). */
  object(key: string): i32 {
    const pos = this.find(key);
    if (pos < 0) return -1;
    if (this.json.typeAt(pos) != JsonType.Object) {
      this.errors.add(this.keyPath(key), "expected an object");
      return -1;
    }
    return pos;
  }
}

/** A whole number 0..2^53-1 at pos (-1 when pos < 0); a load error otherwise. */
export function readCount(json: Json, pos: i32, path: string, errors: LoadErrors): i64 {
  if (pos < 0) return -1;
  const v = json.readNumber(pos);
  if (!isSafeWhole(v)) {
    errors.add(path, "expected a whole number >= 0");
    return -1;
  }
  return <i64>v;
}

function isKnown(known: StaticArray<string>, key: string): bool {
  for (let i = 0; i < known.length; i++) {
    if (known[i] == key) return true;
  }
  return false;
}

function listed(known: StaticArray<string>): string {
  let s = "";
  for (let i = 0; i < known.length; i++) {
    if (i > 0) s += ", ";
    s += known[i];
  }
  return s;
}
