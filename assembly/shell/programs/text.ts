// Text filters with options that run programs. GNU coreutils 9 sort.

import { Cmd } from "./ids";
import { CodeIn, ProgramRow, Style, program } from "./spec";

export function textRows(rows: ProgramRow[]): void {
  rows.push(program("sort gsort", Cmd.SORT)
    .options("kotSTy", "key=/k output=/o field-separator=/t buffer-size=/S temporary-directory=/T " +
      "compress-program= files0-from= parallel= batch-size= sort? random-source= " +
      "ignore-leading-blanks/b dictionary-order/d ignore-case/f general-numeric-sort/g human-numeric-sort/h " +
      "ignore-nonprinting/i month-sort/M numeric-sort/n random-sort/R reverse/r version-sort/V check? " +
      "merge/m stable/s unique/u zero-terminated/z debug")
    .runs("--compress-program", CodeIn.PROGRAM));
  // ripgrep (clap): long options are spelt whole.
  rows.push(program("rg", Cmd.RG).style(Style.PERMUTE | Style.EXACT_LONG)
    .options("ABCEefgjMmrtT", "pre= pre-glob= after-context=/A before-context=/B context=/C encoding=/E regexp=/e " +
      "file=/f glob=/g threads=/j max-columns=/M max-count=/m replace=/r type=/t type-not=/T")
    .runs("--pre", CodeIn.PROGRAM));
}
