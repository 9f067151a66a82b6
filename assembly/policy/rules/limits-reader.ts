// Reading a limits block: typed getters that record a load error (with the
// JSON pointer) instead of guessing when a value has the wrong type.

import { Json, JsonType } from "../../json/reader";
import { LoadErrors, pointerSegment } from "../load-errors";

export class LimitsReader {
  constructor(public json: Json, public errors: LoadErrors, public path: string) {}

  keyPath(key: string): string {
    return this.path + "/" + pointerSegment(key);
  }

  strings(pos: i32, key: string): Array<string> {
    const list = this.json.readStringArray(pos);
    if (list == null) {
      this.errors.add(this.keyPath(key), "expected an array of strings");
      return [];
    }
    return list;
  }

  bool(pos: i32, key: string): bool {
    const t = this.json.typeAt(pos);
    if (t == JsonType.True) return true;
    if (t != JsonType.False) this.errors.add(this.keyPath(key), "expected true or false");
    return false;
  }

  positiveNumber(pos: i32, key: string): f64 {
    const v = this.json.readNumber(pos);
    if (isNaN(v) || v < 0) {
      this.errors.add(this.keyPath(key), "expected a number >= 0");
      return NaN;
    }
    return v;
  }

  unknownKey(key: string, known: string): void {
    this.errors.add(this.keyPath(key), "unknown key '" + key + "' (expected one of " + known + ")");
  }
}
