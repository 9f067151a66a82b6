// Interpreters: they run a program they read (a script operand, -c/-e code, or stdin). The allowlist
// decides whether they may run at all; these variables make any of them load other code.

import { Cmd, Kind } from "./ids";
import { EffectFrom, ProgramRow, Style, program, reads, writes } from "./spec";

export function interpreterRows(rows: ProgramRow[]): void {
  rows.push(program("python python2 python3 pypy pypy3", Cmd.PYTHON | Kind.INTERP).style(0).options("cmWX")
    .env("PYTHONPATH PYTHONHOME PYTHONSTARTUP"));
  rows.push(program("perl", Cmd.PERL | Kind.INTERP).style(0).options("eEIlmMx").env("PERL5OPT PERL5LIB PERLLIB"));
  rows.push(program("ruby irb", Cmd.RUBY | Kind.INTERP).style(0).options("eIrEC").env("RUBYOPT RUBYLIB"));
  // What node writes or reads by its own options (the code it runs is beyond any scope: unbound_programs).
  rows.push(program("node nodejs deno bun", Cmd.NODE | Kind.INTERP).style(0)
    .options("epr", "eval= print= require= import= loader= experimental-loader= input-type= title= " +
      "redirect-warnings= env-file= env-file-if-exists= report-directory= diagnostic-dir= cpu-prof-dir= heap-prof-dir=")
    .env("NODE_OPTIONS")
    .effect(writes(EffectFrom.OPTION_VALUE, "--redirect-warnings --report-directory --diagnostic-dir --cpu-prof-dir " +
      "--heap-prof-dir"))
    .effect(reads(EffectFrom.OPTION_VALUE, "--env-file --env-file-if-exists")));
  rows.push(program("php lua luajit tclsh wish Rscript osascript pwsh powershell julia",
    Cmd.INTERP_OTHER | Kind.INTERP).style(0));
}
