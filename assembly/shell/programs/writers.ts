// Programs that write, create or delete the files their operands name. Output
// redirections are not here: they come from the parsed script (effects.ts).

import { ScopeEffectFrom, EffectRow, deletes, reads, writes } from "./effect-rule";

const O = ScopeEffectFrom.OPERANDS;
const V = ScopeEffectFrom.OPTION_VALUE;

export const WRITERS: Array<EffectRow> = [
  new EffectRow(["tee"], "", [], [writes(O)]),
  // cp/mv/ln SOURCE… TARGET; `-t DIR` names the target. A link's target is read through it, so ln reads it.
  new EffectRow(["cp"], "St", ["--target-directory", "--suffix"],
    [reads(ScopeEffectFrom.OPERANDS_BUT_LAST), writes(ScopeEffectFrom.LAST_OPERAND), writes(V, "-t"), writes(V, "--target-directory")]),
  new EffectRow(["mv"], "St", ["--target-directory", "--suffix"],
    [deletes(ScopeEffectFrom.OPERANDS_BUT_LAST), writes(ScopeEffectFrom.LAST_OPERAND), writes(V, "-t"), writes(V, "--target-directory")]),
  new EffectRow(["ln"], "St", ["--target-directory", "--suffix"],
    [reads(O), writes(ScopeEffectFrom.LAST_OPERAND), writes(V, "-t"), writes(V, "--target-directory")]),
  new EffectRow(["install"], "gmoStZ", ["--group", "--mode", "--owner", "--suffix", "--target-directory", "--context"],
    [reads(ScopeEffectFrom.OPERANDS_BUT_LAST), writes(ScopeEffectFrom.LAST_OPERAND), writes(V, "-t"), writes(V, "--target-directory")]),
  new EffectRow(["touch"], "dtr", ["--date", "--reference", "--time"], [writes(O), reads(V, "-r"), reads(V, "--reference")]),
  new EffectRow(["mkdir"], "m", ["--mode", "--context"], [writes(O)]),
  new EffectRow(["truncate"], "sr", ["--size", "--reference"], [writes(O), reads(V, "-r"), reads(V, "--reference")]),
  new EffectRow(["rm", "rmdir", "unlink", "shred"], "nsu", ["--iterations", "--size", "--random-source", "--interactive", "--remove"],
    [deletes(O)]),
  // chmod MODE FILE…, chown OWNER FILE…: the mode or owner first, unless --reference gives it.
  new EffectRow(["chmod", "chown", "chgrp"], "", ["--reference", "--from"],
    [writes(ScopeEffectFrom.OPERANDS_AFTER_FIRST, "", "", "!--reference"), writes(O, "", "", "--reference"), reads(V, "--reference")]),
  // sed -i edits its files in place (sed's other rules: the programs table).
  new EffectRow(["sed"], "efl", ["--expression", "--file", "--line-length"],
    [reads(ScopeEffectFrom.FILES_AFTER_PATTERN, "-e -f --expression --file"), reads(V, "-f"), reads(V, "--file"),
      writes(ScopeEffectFrom.FILES_AFTER_PATTERN, "-e -f --expression --file", "", "-i --in-place")]),
];
