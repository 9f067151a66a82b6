// Paths whose `..` the lexical resolution of the scope check cannot follow:
// - a wildcard segment that may match `..`: `.?`, `.*`, `.[.]`, `..*` do in bash 5.1 and older (Ubuntu 22.04,
//   Debian 11, macOS's 3.2), and in 5.2 with `shopt -u globskipdots`; bash matches a leading `.` only literally,
//   so only a segment starting with `.` can;
// - any `..` in a command that makes a symbolic link (`ln -s /workspace out/w`, then `out/w/../x`, or
//   `cd out/w && cat ../x`): the kernel resolves `..` from where the link points, not from the path as written.
// Both are refused where the file scopes judge paths (command-scopes.ts).

import { Script } from "../../../shell/syntax/nodes";
import { Cmd, cmdId } from "../../../shell/programs";

/** Does some wildcard segment of (p, n) — starting with `.` — match `..`? */
export function globMayClimb(p: usize, n: i32): bool {
  let i = 0;
  while (i < n) {
    let end = i;
    while (end < n && load<u8>(p + <usize>end) != 0x2f) end++;
    if (end - i >= 2 && load<u8>(p + <usize>i) == 0x2e && hasWildcard(p + <usize>i, end - i) &&
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
  let used = false; // has the `.` been consumed?
  let i = 0;
  while (i < n) {
    const c = load<u8>(p + <usize>i);
    if (c == 0x2a) { i++; continue; } // `*` matches the `.` or nothing
    if (used) return false;
    if (c == 0x3f || c == 0x2e) { used = true; i++; continue; }
    if (c == 0x5b) {
      let j = i + 1;
      if (j < n && (load<u8>(p + <usize>j) == 0x21 || load<u8>(p + <usize>j) == 0x5e)) j++;
      if (j < n && load<u8>(p + <usize>j) == 0x5d) j++;
      while (j < n && load<u8>(p + <usize>j) != 0x5d) j++;
      if (j >= n) return false; // no `]`: a literal `[`, not `.`
      used = true;
      i = j + 1;
      continue;
    }
    return false;
  }
  return used;
}

/** Has (p, n) a `..` segment? */
export function hasDotDot(p: usize, n: i32): bool {
  for (let i = 0; i + 1 < n; i++) {
    if (load<u16>(p + <usize>i) != 0x2e2e) continue;
    if ((i == 0 || load<u8>(p + <usize>i - 1) == 0x2f) && (i + 2 == n || load<u8>(p + <usize>i + 2) == 0x2f)) return true;
  }
  return false;
}

/**
 * Does the command make a symbolic link (or a bind mount) a later path may go through? `ln` in any form (its
 * options may be computed), `cp -s`/`--symbolic-link`, `mount`.
 */
export function makesLink(s: Script): bool {
  for (let v = 0, n = s.viewCount; v < n; v++) {
    const id = cmdId(s.vInfo(v));
    if (id == Cmd.LN || id == Cmd.MOUNT) return true;
    if (id != Cmd.CP) continue;
    for (let k = 1, argc = s.viewArgc(v); k < argc; k++) {
      const w = s.viewArg(v, k);
      const p = s.wordPtr(w), len = s.wordLen(w);
      if (len < 2 || load<u8>(p) != 0x2d) continue;
      if (!s.isStatic(w)) return true;
      if (load<u8>(p + 1) == 0x2d) {
        if (len >= 5 && memory.compare(p, changetype<usize>(String.UTF8.encode("--sym", false)), 5) == 0) return true;
        continue;
      }
      for (let i = 1; i < len; i++) if (load<u8>(p + <usize>i) == 0x73) return true; // s
    }
  }
  return false;
}

/** Is command `cmd` an `ln` (whose own operands are the link's target and name, not paths through it)? */
export function isLinkCommand(s: Script, cmd: i32): bool {
  for (let v = 0, n = s.viewCount; v < n; v++) if (s.vCmd(v) == cmd && cmdId(s.vInfo(v)) == Cmd.LN) return true;
  return false;
}
