// What the views of the walked script run, as bits, noted by the walk as it makes each view: the later
// checks that compare every view with something (writes-then-runs.ts, the danger checker's links) ask one
// word instead of reading every view again. The bits hold only for the script and walk that noted them:
// a view made in any other way, or a script reset since, leaves them unknown, and the callers read the
// views as before.

import { Script } from "../syntax/nodes";
import { Cmd, cmdId } from "../programs";
import { allocZeroed } from "../../util/bytes";

/** Bits of a script's views. The loaders are 1 << writes-then-runs' Loader. */
export namespace ViewBits {
  export const RUNS_GIT: i32 = 1 << 1;   // git
  export const RUNS_NPM: i32 = 1 << 2;   // npm, npx
  export const RUNS_MAKE: i32 = 1 << 3;  // make
  export const RUNS_FILE: i32 = 1 << 4;  // a name with a `/`, a shell or `source`: may run a file by its path
  export const LINKS: i32 = 1 << 5;      // ln, cp, mount: may make a link (danger.ts)
}

/** The ViewBits of each Cmd id. */
const BITS_BY_ID = bitsById();

function bitsById(): usize {
  const t = allocZeroed(256);
  store<u8>(t + <usize>Cmd.GIT, ViewBits.RUNS_GIT);
  store<u8>(t + <usize>Cmd.NPM, ViewBits.RUNS_NPM);
  store<u8>(t + <usize>Cmd.NPX, ViewBits.RUNS_NPM);
  store<u8>(t + <usize>Cmd.MAKE, ViewBits.RUNS_MAKE);
  store<u8>(t + <usize>Cmd.SHELL, ViewBits.RUNS_FILE);
  store<u8>(t + <usize>Cmd.SOURCE, ViewBits.RUNS_FILE);
  store<u8>(t + <usize>Cmd.LN, ViewBits.LINKS);
  store<u8>(t + <usize>Cmd.CP, ViewBits.LINKS);
  store<u8>(t + <usize>Cmd.MOUNT, ViewBits.LINKS);
  return t;
}

/** The ViewBits of one view: its name info, and whether its name has a `/`. */
// @ts-ignore: decorator
@inline export function bitsOfView(info: i32, slash: bool): i32 {
  return <i32>load<u8>(BITS_BY_ID + <usize>cmdId(info)) | (slash ? ViewBits.RUNS_FILE : 0);
}

// The script (its address and generation) whose views 0 … noted-1 were noted in order, and their bits.
// noted is -1 once a view came out of order.
let script: usize = 0;
let generation: i32 = 0;
let noted: i32 = -1;
let bits: i32 = 0;

/** Note view v of s as the walk makes it (its name info, and whether its name has a `/`). Inlined in the walk. */
// @ts-ignore: decorator
@inline export function noteView(s: Script, v: i32, info: i32, slash: bool): void {
  if (v == 0) { // a new walk
    script = changetype<usize>(s);
    generation = s.generation;
    noted = 0;
    bits = 0;
  }
  if (v != noted || script != changetype<usize>(s) || generation != s.generation) {
    noted = -1;
    return;
  }
  bits |= bitsOfView(info, slash);
  noted = v + 1;
}

/** The ViewBits of all of s's views, or -1 when the walk did not note each of them. */
export function viewBits(s: Script): i32 {
  const n = s.viewCount;
  if (n == 0) return 0; // nothing to note
  return script == changetype<usize>(s) && generation == s.generation && noted == n ? bits : -1;
}
