// awk (gawk 5, mawk, nawk): its program can run commands (system(), pipes); the row's describe hook
// reads the program (awk-program.ts). Program files, includes, extensions and mawk's -W are code nobody can read here.

import { Cmd, Kind } from "./ids";
import { CodeIn, EffectFrom, ProgramRow, Style, program, reads } from "./spec";
import { describeAwk } from "./awk-program";

export function awkRows(rows: ProgramRow[]): void {
  rows.push(program("awk gawk mawk nawk", Cmd.AWK | Kind.WRAPPER).style(0)
    .options("fvFiElW", "file=/f assign=/v field-separator=/F include=/i exec=/E load=/l source=/e")
    .runs("-f -i -l -E --file --include --load --exec", CodeIn.ANY_USE)
    .hook(describeAwk)
    // Its files follow the program (every operand is one when -e gives the program).
    .effect(reads(EffectFrom.FILES_AFTER_PATTERN, "-e --source")));
}
