// A table from program names to small numbers, looked up by the name's bytes where they lie in the script: no
// lower-cased copy, no string, no Map<string>. It runs once per command of every decision with scopes bound
// (the registry's rows by name, the effects engine's kinds of program), so it must cost little and allocate
// nothing. Open addressing over FNV-1a of the ASCII-lower-cased bytes; keys are kept lower-cased.

import { Bytes, toLowerAscii } from "../../util/bytes";
import { sameBytes } from "../../util/path";

/** Keys longer than this are never names (the registry refused them too). */
export const MAX_NAME: i32 = 64;

// @ts-ignore: decorator
@inline function hashLower(p: usize, n: i32): u32 {
  let h: u32 = 0x811c9dc5;
  for (let i = 0; i < n; i++) h = (h ^ toLowerAscii(<u32>load<u8>(p + <usize>i))) * 0x01000193;
  return h;
}

export class NameTable {
  private keys: StaticArray<Bytes | null>;
  private values: StaticArray<i32>;
  private mask: u32;
  private used: i32 = 0;

  /** `capacity` a power of two, well above the number of names it will hold. */
  constructor(capacity: i32 = 512) {
    this.keys = new StaticArray<Bytes | null>(capacity);
    this.values = new StaticArray<i32>(capacity);
    this.mask = <u32>(capacity - 1);
  }

  /** Set name's value (ASCII case-insensitive); a later set of the same name replaces the earlier one. */
  set(name: string, value: i32): void {
    const b = String.UTF8.encode(name, false);
    const n = b.byteLength;
    if (n == 0 || n > MAX_NAME) return;
    const p = changetype<usize>(b);
    const at = this.slot(p, n);
    if (this.keys[at] === null) {
      const key = new StaticArray<u8>(n);
      for (let i = 0; i < n; i++) key[i] = <u8>toLowerAscii(<u32>load<u8>(p + <usize>i));
      this.keys[at] = key;
      // Keep probes short: the tables are sized once, at start-up, from fixed lists.
      if (++this.used * 2 > this.keys.length) throw new Error("NameTable: capacity too small");
    }
    this.values[at] = value;
  }

  /** The value of the name (p, n), compared ASCII case-insensitively, or `missing`. */
  get(p: usize, n: i32, missing: i32 = -1): i32 {
    if (n <= 0 || n > MAX_NAME) return missing;
    const at = this.slot(p, n);
    return this.keys[at] === null ? missing : this.values[at];
  }

  /** The slot holding (p, n), or the empty slot where it would go. */
  private slot(p: usize, n: i32): i32 {
    const keys = this.keys;
    let i = hashLower(p, n) & this.mask;
    while (true) {
      const k = unchecked(keys[i]); // i <= mask < length
      if (k === null) return <i32>i;
      if (k.length == n) {
        // The same bytes as the lower-case key (most names) settle it a word at a time; others fold.
        const kp = changetype<usize>(k);
        if (sameBytes(p, kp, n) || sameLower(p, n, kp)) return <i32>i;
      }
      i = (i + 1) & this.mask;
    }
    return -1;
  }
}

/** Do the n bytes at p, ASCII-lower-cased, equal the n lower-case bytes at key? */
function sameLower(p: usize, n: i32, key: usize): bool {
  for (let i = 0; i < n; i++) {
    if (toLowerAscii(<u32>load<u8>(p + <usize>i)) != <u32>load<u8>(key + <usize>i)) return false;
  }
  return true;
}
