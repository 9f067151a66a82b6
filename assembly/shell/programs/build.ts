// Build tools. make: GNU make 4.4 getopt table.

import { Cmd } from "./ids";
import { CodeIn, ProgramRow, Style, program } from "./spec";

export function buildRows(rows: ProgramRow[]): void {
  rows.push(program("make gmake", Cmd.MAKE)
    .options("CfIoWE",
      "directory=/C file=/f makefile=/f include-dir=/I old-file=/o assume-old=/o what-if=/W new-file=/W assume-new=/W " +
      "eval=/E jobs?/j load-average?/l max-load?/l output-sync?/O debug? shuffle? jobserver-style= " +
      "always-make/B environment-overrides/e ignore-errors/i keep-going/k just-print/n dry-run/n recon/n " +
      "question/q no-builtin-rules/r silent/s quiet/s touch/t version/v print-directory/w",
      "jlO")
    // Makefile text with `$(shell …)`: the walk does not read it, so any use is refused.
    .refuses("-E --eval", CodeIn.SHELL_TEXT)
    .cd("-C --directory")
    .env("MAKEFLAGS MFLAGS GNUMAKEFLAGS")
    );
  // go's flag package: one or two dashes, whole names, `-exec=prog` or `-exec prog`.
  rows.push(program("go", Cmd.GO).style(Style.PERMUTE | Style.SINGLE_DASH_LONG | Style.EXACT_LONG)
    .options("", "exec= toolexec= vettool= overlay= o= C= tags= ldflags= gcflags= mod= modfile= pkgdir= p=")
    .refuses("-exec -toolexec -vettool -overlay", CodeIn.PROGRAM)
    .env("GOFLAGS")
    .flags(""));
  // Their long options take one dash: flags compare as whole words.
  rows.push(program("java javac terraform tofu gcc g++ cc clang clang++ xcodebuild", Cmd.SINGLE_DASH)
    .style(Style.PERMUTE | Style.SINGLE_DASH_LONG | Style.EXACT_LONG).flags(""));
}
