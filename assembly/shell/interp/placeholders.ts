// A placeholder inside code: find's and fd's `{}`, parallel's `{}`/`{.}`/`{1}`, xargs' -I string. The runner
// pastes a file name or an input line into the text before the shell parses it, so
// `find . -exec sh -c 'echo {}' \;` runs a file named `$(id)` as code. Handed over as an operand instead
// (`sh -c 'echo "$1"' _ {}`) the name stays data.

import { Script } from "../syntax/nodes";
import { Subst } from "../syntax/tokens";
import { OptScan } from "./opt-scan";
import { Cmd, ProgramRow, cmdId, rowOfId } from "../programs";

const scan = new OptScan();

/** Does the text of word w from byte `off`, code that view v runs, hold a placeholder a runner above v fills in? */
export function placeholderInCode(s: Script, v: i32, w: i32, off: i32): bool {
  if (v < 0) return false;
  const p = s.wordPtr(w) + <usize>off, n = s.wordLen(w) - off;
  let top = v;
  for (let u = s.vParent(v); u >= 0; u = s.vParent(u)) {
    if (fills(s, u, p, n)) return true;
    top = u;
  }
  // Code inside a runner's own code (`parallel "sh -c 'echo {}'"`): the runner fills in the whole text.
  let cmd = s.vCmd(top);
  for (let depth = 0; depth < 16; depth++) {
    if (s.cSubst(cmd) != Subst.PAYLOAD || s.cHost(cmd) < 0) return false;
    cmd = s.cHost(cmd);
    for (let u = 0, m = s.viewCount; u < m; u++) if (s.vCmd(u) == cmd && fills(s, u, p, n)) return true;
  }
  return true; // nested too deep to tell
}

/** Does runner view u fill a placeholder in (p, n)? */
function fills(s: Script, u: i32, p: usize, n: i32): bool {
  const id = cmdId(s.vInfo(u));
  if (id == Cmd.FIND) return find(p, n, "{}") >= 0;
  if (id == Cmd.FD || id == Cmd.PARALLEL) return bracePlaceholder(p, n);
  if (id == Cmd.XARGS) {
    const replace = xargsReplace(s, u);
    return replace !== null && find(p, n, replace) >= 0;
  }
  return false;
}

/** `{}`, `{.}`, `{/}`, `{//}`, `{/.}`, `{#}`, `{%}`, `{1}`, `{2.}`, `{=…=}`: what fd and parallel replace. */
function bracePlaceholder(p: usize, n: i32): bool {
  for (let i = 0; i < n; i++) {
    if (load<u8>(p + <usize>i) != 0x7b) continue;
    if (i + 1 < n && load<u8>(p + <usize>(i + 1)) == 0x3d) return true; // {= perl expression =}
    let j = i + 1;
    while (j < n && isPlaceholderByte(load<u8>(p + <usize>j))) j++;
    if (j < n && load<u8>(p + <usize>j) == 0x7d) return true;
  }
  return false;
}

function isPlaceholderByte(c: u8): bool {
  return (c >= 0x30 && c <= 0x39) || c == 0x2e || c == 0x2f || c == 0x23 || c == 0x25;
}

/** xargs' replace string: `-I STR`, `-iSTR`, `--replace=STR`; `{}` for `-i`/`--replace` alone; null without one. */
function xargsReplace(s: Script, u: i32): string | null {
  const row = rowOfId(Cmd.XARGS);
  if (row === null) return "{}";
  const cmd = s.vCmd(u), start = s.vStart(u);
  scan.scanRow(s, cmd, start + 1, start + s.viewArgc(u), row as ProgramRow);
  for (let k = 0; k < 2; k++) {
    const c: u32 = k == 0 ? 0x49 : 0x69; // I, i
    const w = scan.value(c);
    if (w >= 0) {
      const off = scan.valueOffset(c);
      // A replace string computed at run time could be anything: say it is everywhere.
      if (!s.isStatic(w)) return "";
      return String.UTF8.decodeUnsafe(s.wordPtr(w) + <usize>off, <usize>(s.wordLen(w) - off), false);
    }
    if (scan.has(c)) return "{}";
  }
  return null;
}

/** Where `lit` starts in (p, n), or -1 ("" is found at 0). */
function find(p: usize, n: i32, lit: string): i32 {
  const b = String.UTF8.encode(lit, false);
  const q = changetype<usize>(b), m = b.byteLength;
  for (let i = 0; i + m <= n; i++) if (memory.compare(p + <usize>i, q, <usize>m) == 0) return i;
  return -1;
}
