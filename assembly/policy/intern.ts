// Strings that recur in decisions (codes, capabilities, pack ids) cross the
// boundary as small integers: the host decodes each one once and caches it,
// so an allow decision needs no text decoding at all. The table only grows
// when a policy introduces a new capability name, so it stays small.

const ids = new Map<string, i32>();
const strings = new Array<string>();

export function intern(s: string): i32 {
  if (ids.has(s)) return ids.get(s);
  const id = strings.length;
  strings.push(s);
  ids.set(s, id);
  return id;
}

/** The string for an id, or "" when out of range. */
export function internedString(id: i32): string {
  return <u32>id < <u32>strings.length ? strings[id] : "";
}

export function internedCount(): i32 {
  return strings.length;
}
