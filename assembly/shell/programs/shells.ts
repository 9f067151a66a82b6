// Shells and the shell's own commands (bash 5.2): what runs code (`sh -c`, eval, trap, source), what changes
// the shell's state the walk tracks (cd, declare, read, …) and the builtins whose operands are arithmetic.

import { Cmd, Kind } from "./ids";
import { CodeIn, ProgramRow, Style, program } from "./spec";

const W = Kind.WRAPPER;

export function shellRows(rows: ProgramRow[]): void {
  rows.push(program("sh bash zsh dash ksh ksh93 mksh pdksh lksh oksh ash yash posh rbash fish csh tcsh",
    Cmd.SHELL | W | Kind.SHELL | Kind.INTERP)
    .options("oO", "rcfile= init-file= norc noprofile login posix").style(Style.PLUS | Style.EXACT_LONG)
    .runs("-c", CodeIn.FIRST_OPERAND).env("BASH_ENV ENV SHELLOPTS BASHOPTS PS4"));
  rows.push(program("eval", Cmd.EVAL | W).style(0));
  rows.push(program("trap", Cmd.TRAP | W).style(0));
  rows.push(program("alias", Cmd.ALIAS | W).style(0));
  rows.push(program("source .", Cmd.SOURCE | Kind.INTERP).style(0));
  rows.push(program("cd", Cmd.CD).style(0));
  rows.push(program("pushd", Cmd.PUSHD).style(0));
  rows.push(program("popd", Cmd.POPD).style(0));
  rows.push(program("export declare typeset local readonly", Cmd.DECLARE).style(Style.PLUS));
  rows.push(program("read", Cmd.READ).style(0).options("adinNptu"));
  rows.push(program("printf", Cmd.PRINTF).style(0).options("v"));
  rows.push(program("mapfile readarray", Cmd.MAPFILE).style(0).options("dnOsuCc").runs("-C", CodeIn.SHELL_TEXT));
  rows.push(program("getopts", Cmd.GETOPTS).style(0));
  rows.push(program("let", Cmd.LET).style(0));
  rows.push(program("test [", Cmd.TEST).style(Style.NO_END_MARK));
  rows.push(program("unset", Cmd.UNSET).style(0));
  rows.push(program("wait", Cmd.WAIT).style(0).options("p"));
  rows.push(program("echo", Cmd.ECHO).style(Style.NO_END_MARK));
}
