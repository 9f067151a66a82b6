// sed (GNU sed 4.9): its script can run shell commands (the `e` command, `s///e`); the row's describe
// hook reads the script (sed-script.ts). A script file (-f) is code nobody can read here.

import { Cmd, Kind } from "./ids";
import { CodeIn, EffectFrom, ProgramRow, program, reads, writes } from "./spec";
import { describeSed } from "./sed-script";

/** The script comes first unless an option gives it. */
const SCRIPT_OPTIONS = "-e -f --expression --file";

export function sedRows(rows: ProgramRow[]): void {
  rows.push(program("sed gsed", Cmd.SED | Kind.WRAPPER)
    .options("efl", "expression=/e file=/f line-length=/l in-place?/i separate/s quiet/n silent/n " +
      "regexp-extended/r null-data/z unbuffered/u debug sandbox posix follow-symlinks", "i")
    .runs("-f --file", CodeIn.ANY_USE)
    .flags("in-place/i expression/e quiet/n regexp-extended/r")
    .hook(describeSed)
    // sed -i edits its files in place.
    .effect(reads(EffectFrom.FILES_AFTER_PATTERN, SCRIPT_OPTIONS)).effect(reads(EffectFrom.OPTION_VALUE, "-f --file"))
    .effect(writes(EffectFrom.FILES_AFTER_PATTERN, SCRIPT_OPTIONS, "-i --in-place"))
    // The script's own files: `r FILE` reads, `w FILE` and `s/a/b/w FILE` write (GNU `e` runs code: the hook).
    .effect(reads(EffectFrom.SED_SCRIPT_FILES)).effect(writes(EffectFrom.SED_SCRIPT_FILES)));
}
