// The ids of the SVG <path> elements seen so far in a document, for <textPath>: a browser draws
// its text only along a path (its `path` attribute, or the <path> its href names; Chromium does
// not follow basic shapes), so text on a path that does not exist is not drawn. A path defined
// after the textPath that uses it is not known yet, and its text is dropped (fails safe), as is
// one past MAX_IDS paths.
const MAX_IDS = 256;
const hashes = new StaticArray<u64>(MAX_IDS);
let count = 0;

export function resetRefs(): void {
  count = 0;
}

/** FNV-1a of the bytes (p, n): ids are compared by it (a collision could only keep text). */
export function idHash(p: usize, n: i32): u64 {
  let h: u64 = 0xcbf29ce484222325;
  for (let i = 0; i < n; i++) {
    h ^= <u64>load<u8>(p + <usize>i);
    h *= 0x100000001b3;
  }
  return h | 1;
}

/** A path with this id hash was seen. */
export function addPath(hash: u64): void {
  if (count < MAX_IDS) unchecked((hashes[count++] = hash));
}

export function hasPath(hash: u64): bool {
  for (let i = 0; i < count; i++) if (unchecked(hashes[i]) == hash) return true;
  return false;
}

/** The lower-cased element name (p, n) is "path". */
export function isPath(p: usize, n: i32): bool {
  return n == 4 && load<u32>(p) == 0x68746170; // "path", lowest byte first
}
