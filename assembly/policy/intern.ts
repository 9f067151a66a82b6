// Strings that recur in decisions (codes, capabilities, pack ids) cross the
// boundary as small integers: the host decodes each one once and caches it,
// so an allow decision needs no text decoding at all. The table only grows
// when a policy introduces a new capability name, so it stays small.

const ids = new Map<string, i32>();
const strings = new Array<string>();

// Codes, pack ids and built-in capability names are static strings (in the
// data segment, below __heap_base, never freed), so their ids are cached by
// address: three hashed Map lookups per decision were ~3 % of an allow.
// Heap strings are never cached by address — one could be freed and another
// string allocated at the same place.
const CACHE_BITS: i32 = 6;
const CACHE_SLOTS: i32 = 1 << CACHE_BITS;
const cachedAddress = new StaticArray<usize>(CACHE_SLOTS);
const cachedId = new StaticArray<i32>(CACHE_SLOTS);

export function intern(s: string): i32 {
  const address = changetype<usize>(s);
  const isStatic = address < __heap_base;
  // Hashed, not the low bits: literals are 16-byte aligned, so `(address >> 2) & 63` used a quarter of the
  // slots, and adding a few literals anywhere made a decision's strings collide (measured: ~900 instructions).
  const slot = <i32>((<u32>address * 0x9e3779b1) >>> (32 - CACHE_BITS));
  // slot is the top CACHE_BITS bits: within [0, CACHE_SLOTS).
  if (isStatic && unchecked(cachedAddress[slot]) == address) return unchecked(cachedId[slot]);
  let id: i32;
  if (ids.has(s)) {
    id = ids.get(s);
  } else {
    id = strings.length;
    strings.push(s);
    ids.set(s, id);
  }
  if (isStatic) {
    unchecked(cachedAddress[slot] = address);
    unchecked(cachedId[slot] = id);
  }
  return id;
}

/** The string for an id, or "" when out of range. */
export function internedString(id: i32): string {
  return <u32>id < <u32>strings.length ? strings[id] : "";
}

export function internedCount(): i32 {
  return strings.length;
}

/**
 * One string's id, remembered: a decision's code, pack id and capability are
 * mostly the previous decision's, so writeVerdict skips the hashed lookup.
 * The slot holds the string, which keeps it alive: an equal address is then
 * the same string, never a new one allocated where a freed one was.
 */
export class InternSlot {
  private last: string | null = null;
  private id: i32 = -1;

  // @ts-ignore: decorator
  @inline get(s: string): i32 {
    if (changetype<usize>(s) != changetype<usize>(this.last)) {
      this.id = intern(s);
      this.last = s;
    }
    return this.id;
  }
}
