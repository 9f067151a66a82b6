// Wildcard segments that may match `..`: bash matches a leading `.` only literally, and bash 5.1 and older
// (Ubuntu 22.04, Debian 11, macOS's 3.2), or 5.2 with `shopt -u globskipdots`, let `.?`, `.*`, `.[.]` and `..*`
// match `..` — a climb out of the directory the path seems to stay in.

/**
 * Does some wildcard segment of (p, n) — starting with `.` — match `..`? With `through`, only a segment a `/`
 * follows (a directory the path climbs through) counts.
 */
export function globMayClimb(p: usize, n: i32, through: bool = false): bool {
  let i = 0;
  while (i < n) {
    let end = i;
    while (end < n && load<u8>(p + <usize>end) != 0x2f) end++;
    if (end - i >= 2 && (!through || end < n) && load<u8>(p + <usize>i) == 0x2e && hasWildcard(p + <usize>i, end - i) &&
      matchesDot(p + <usize>i + 1, end - i - 1)) return true;
    i = end + 1;
  }
  return false;
}

/** Has (p, n) a `*`, `?` or `[`? */
function hasWildcard(p: usize, n: i32): bool {
  for (let i = 0; i < n; i++) {
    const c = load<u8>(p + <usize>i);
    if (c == 0x2a || c == 0x3f || c == 0x5b) return true;
  }
  return false;
}

/** Can the pattern (p, n) match the one-byte name `.`? A `[…]` class is taken to match it. */
function matchesDot(p: usize, n: i32): bool {
  // Stars match nothing; what is left must be one element that matches `.`: `.`, `?` or a class.
  let stars = 0, elements = 0;
  let i = 0;
  while (i < n) {
    const c = load<u8>(p + <usize>i);
    if (c == 0x2a) { stars++; i++; continue; }
    if (c == 0x3f || c == 0x2e) { elements++; i++; continue; }
    if (c == 0x5b) {
      let j = i + 1;
      if (j < n && (load<u8>(p + <usize>j) == 0x21 || load<u8>(p + <usize>j) == 0x5e)) j++;
      if (j < n && load<u8>(p + <usize>j) == 0x5d) j++;
      while (j < n && load<u8>(p + <usize>j) != 0x5d) j++;
      if (j >= n) return false; // no `]`: a literal `[`, not `.`
      elements++;
      i = j + 1;
      continue;
    }
    return false;
  }
  return elements == 1 || (elements == 0 && stars > 0);
}
