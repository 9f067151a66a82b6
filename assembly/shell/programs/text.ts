// Text filters with options that run programs. GNU coreutils 9 sort.

import { Cmd } from "./ids";
import { CodeIn, EffectFrom, ProgramRow, Style, program, reads, writes } from "./spec";

const V = EffectFrom.OPTION_VALUE;

export function textRows(rows: ProgramRow[]): void {
  rows.push(program("sort gsort", Cmd.SORT)
    .options("kotSTy", "key=/k output=/o field-separator=/t buffer-size=/S temporary-directory=/T " +
      "compress-program= files0-from= parallel= batch-size= sort? random-source= " +
      "ignore-leading-blanks/b dictionary-order/d ignore-case/f general-numeric-sort/g human-numeric-sort/h " +
      "ignore-nonprinting/i month-sort/M numeric-sort/n random-sort/R reverse/r version-sort/V check? " +
      "merge/m stable/s unique/u zero-terminated/z debug")
    .refuses("--compress-program", CodeIn.PROGRAM)
    .effect(reads(EffectFrom.OPERANDS)).effect(writes(V, "-o --output -T --temporary-directory"))
    .effect(reads(V, "--files0-from --random-source")));
  // ripgrep (clap): long options are spelt whole. With no path it searches the working directory.
  rows.push(program("rg", Cmd.RG).style(Style.PERMUTE | Style.EXACT_LONG)
    .options("ABCEefgjMmrtTd", "pre= pre-glob= after-context=/A before-context=/B context=/C encoding=/E regexp=/e " +
      "file=/f glob=/g threads=/j max-columns=/M max-count=/m replace=/r type=/t type-not=/T max-depth=/d " +
      "iglob= ignore-file= type-add= type-clear= sort= sortr= max-filesize= path-separator= colors= " +
      "context-separator= field-match-separator= field-context-separator= engine= dfa-size-limit= regex-size-limit=")
    .refuses("--pre", CodeIn.PROGRAM)
    .effect(reads(EffectFrom.FILES_AFTER_PATTERN_OR_CWD, "-e -f --regexp --file").tree()).effect(reads(V, "-f --file --ignore-file")));
}
