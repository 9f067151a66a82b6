// Package managers (npm 10, pnpm 9, yarn 4, pip 24): npm reads its options anywhere before `--`; a package
// named apart from its command, or a config key naming a program, is code nobody can read.

import { Cmd, Kind } from "./ids";
import { CodeIn, ProgramRow, Style, program } from "./spec";

const W = Kind.WRAPPER;

export function npmRows(rows: ProgramRow[]): void {
  rows.push(program("npm pnpm yarn", Cmd.NPM | W).style(Style.PERMUTE | Style.SEPARATE_VALUES)
    .options("wc", "workspace=/w prefix= call=/c package= script-shell= node-options= userconfig= globalconfig= " +
      "init-module= editor= browser= viewer= shell= onload-script= global/g save-dev/D force/f yes/y")
    .runs("-c --call", CodeIn.SHELL_TEXT)
    .runs("--package", CodeIn.ANY_USE)
    .runs("--script-shell --node-options --userconfig --globalconfig --init-module --editor --browser --viewer " +
      "--shell --onload-script", CodeIn.PROGRAM)
    .env("NODE_OPTIONS")
    .flags("force/f global/g save-dev/d yes/y", "")
    .walks());
  rows.push(program("npx pnpx bunx", Cmd.NPX | W).style(0)
    .options("pcwr", "package=/p call=/c workspace=/w registry=/r yes/y no/n quiet/q ignore-existing prefer-offline")
    .runs("-c --call", CodeIn.SHELL_TEXT)
    .runs("-p --package -r --registry", CodeIn.ANY_USE)
    .env("NODE_OPTIONS"));
  rows.push(program("pip pip3 uv", Cmd.PIP).options("rce", "requirement=/r constraint=/c editable=/e")
    .flags("upgrade/u requirement/r editable/e", "rce"));
}
