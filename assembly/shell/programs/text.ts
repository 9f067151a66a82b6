// Text filters with options that run programs. GNU coreutils 9 sort.

import { Cmd } from "../names";
import { CodeIn, ProgramRow, program } from "./spec";

export function textRows(rows: ProgramRow[]): void {
  rows.push(program("sort gsort", Cmd.SORT)
    .options("kotSTy", "key=/k output=/o field-separator=/t buffer-size=/S temporary-directory=/T " +
      "compress-program= files0-from= parallel= batch-size= sort? random-source= " +
      "ignore-leading-blanks/b dictionary-order/d ignore-case/f general-numeric-sort/g human-numeric-sort/h " +
      "ignore-nonprinting/i month-sort/M numeric-sort/n random-sort/R reverse/r version-sort/V check? " +
      "merge/m stable/s unique/u zero-terminated/z debug")
    .runs("--compress-program", CodeIn.PROGRAM));
}
