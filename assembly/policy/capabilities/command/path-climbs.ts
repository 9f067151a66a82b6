// Paths whose `..` the lexical resolution of the scope check cannot follow:
// - a wildcard segment that may match `..` (`.?`, `.*`, `.[.]`; shell/expand/climbing-glob.ts);
// - any `..` in a command that makes a symbolic link (`ln -s /workspace out/w`, then `out/w/../x`, or
//   `cd out/w && cat ../x`): the kernel resolves `..` from where the link points, not from the path as written.
// Both are refused where the file scopes judge paths (command-scopes.ts).

import { Script } from "../../../shell/syntax/nodes";
import { Cmd, cmdId } from "../../../shell/programs";

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
