// File tools the built-in checks and blocked_patterns know (GNU coreutils 9). Flag aliases let a pattern
// `rm -rf` match `rm -fr`, `rm -r -f`, `rm --recursive --force` and `rm --rec --f`.

import { Cmd, Kind } from "./ids";
import { ProgramRow, program } from "./spec";

export function fileRows(rows: ProgramRow[]): void {
  rows.push(program("rm grm", Cmd.RM)
    .options("", "recursive/r force/f interactive? dir/d verbose/v one-file-system no-preserve-root preserve-root?")
    .flags("recursive/r force/f interactive/i dir/d verbose/v", "").checked());
  rows.push(program("cp gcp", Cmd.CP | Kind.DEVICE_WRITER)
    .options("tS", "target-directory=/t suffix=/S backup? reflink? sparse= preserve? no-preserve= " +
      "recursive/r force/f archive/a interactive/i no-clobber/n update? verbose/v link/l symbolic-link/s " +
      "no-dereference/P dereference/L no-target-directory/T")
    .flags("recursive/r force/f archive/a interactive/i no-clobber/n update/u verbose/v link/l symbolic-link/s " +
      "no-dereference/p dereference/l target-directory/t suffix/s backup/b", "tS", "a:rdp"));
  rows.push(program("mv gmv", Cmd.MV)
    .options("tS", "target-directory=/t suffix=/S backup? force/f interactive/i no-clobber/n update? verbose/v " +
      "no-target-directory/T")
    .flags("force/f interactive/i no-clobber/n update/u verbose/v target-directory/t suffix/s", "tS").checked());
  rows.push(program("chmod gchmod", Cmd.CHMOD)
    .options("", "reference= recursive/R verbose/v changes/c silent/f quiet/f")
    .flags("recursive/r verbose/v changes/c silent/f quiet/f", "").walks().checked());
  rows.push(program("chown chgrp gchown gchgrp", Cmd.CHOWN)
    .options("", "reference= from= recursive/R verbose/v changes/c silent/f quiet/f no-dereference/h")
    .flags("recursive/r verbose/v changes/c silent/f quiet/f no-dereference/h", "").checked());
  rows.push(program("ln gln", Cmd.LN)
    .options("tS", "target-directory=/t suffix=/S backup? force/f symbolic/s")
    .flags("force/f symbolic/s", "tS"));
  rows.push(program("tee gtee", Cmd.TEE | Kind.DEVICE_WRITER).options("", "append/a output-error?"));
  rows.push(program("shred gshred", Cmd.SHRED | Kind.DEVICE_WRITER)
    .options("ns", "iterations=/n size=/s random-source= remove? zero/z force/f verbose/v exact/x")
    .flags("remove/u zero/z iterations/n force/f verbose/v", "ns").checked());
  rows.push(program("dd gdd", Cmd.DD).checked());
  rows.push(program("cat", Cmd.CAT));
}
