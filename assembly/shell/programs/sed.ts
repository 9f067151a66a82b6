// sed (GNU sed 4.9): its script can run shell commands (the `e` command, `s///e`); the row's describe
// hook reads the script (sed-script.ts). A script file (-f) is code nobody can read here.

import { Cmd, Kind } from "./ids";
import { CodeIn, ProgramRow, program } from "./spec";
import { describeSed } from "./sed-script";

export function sedRows(rows: ProgramRow[]): void {
  rows.push(program("sed gsed", Cmd.SED | Kind.WRAPPER)
    .options("efl", "expression=/e file=/f line-length=/l in-place?/i separate/s quiet/n silent/n " +
      "regexp-extended/r null-data/z unbuffered/u debug sandbox posix follow-symlinks", "i")
    .runs("-f --file", CodeIn.ANY_USE)
    .flags("in-place/i expression/e quiet/n regexp-extended/r", "ef")
    .hook(describeSed));
}
