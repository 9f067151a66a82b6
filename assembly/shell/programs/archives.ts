// Archivers. Grammars follow GNU tar 1.35 and Info-ZIP zip 3.0 (--help / getopt tables).

import { Cmd, Kind } from "./ids";
import { CodeIn, ProgramRow, Style, program } from "./spec";

export function archiveRows(rows: ProgramRow[]): void {
  rows.push(program("tar gtar bsdtar", Cmd.TAR | Kind.WRAPPER)
    .options("bCfFgHIKLNTVX",
      "file=/f directory=/C files-from=/T exclude-from=/X use-compress-program=/I info-script=/F " +
      "new-volume-script=/F listed-incremental=/g format=/H starting-file=/K tape-length=/L newer=/N after-date=/N " +
      "label=/V blocking-factor=/b to-command= checkpoint-action= checkpoint? exclude= transform= xform= owner= " +
      "group= mode= mtime= suffix= backup? strip-components= newer-mtime= record-size= rmt-command= rsh-command= " +
      "volno-file= occurrence? index-file= sparse-version= pax-option= quoting-style= level= warning= " +
      "extract/x get/x create/c list/t append/r update/u catenate/A concatenate/A diff/d compare/d delete " +
      "verbose/v gzip/z gunzip/z ungzip/z bzip2/j xz/J zstd lzma lzip lzop auto-compress/a keep-old-files/k " +
      "overwrite remove-files absolute-names/P preserve-permissions/p same-permissions/p to-stdout/O " +
      "dereference/h verify/W multi-volume/M interactive/w confirmation/w")
    .style(Style.PERMUTE | Style.OLD_STYLE)
    .runsWhole("-I --use-compress-program", CodeIn.SHELL_TEXT)
    .runsWhole("-F --info-script --new-volume-script", CodeIn.SHELL_TEXT)
    .runsWhole("--to-command", CodeIn.SHELL_TEXT)
    .refuses("--rsh-command --rmt-command", CodeIn.PROGRAM)
    .runsWhole("--checkpoint-action", CodeIn.SHELL_TEXT, "exec=")
    .cd("-C --directory")
    .env("TAR_OPTIONS")
    .flags("extract/x create/c file/f gzip/z verbose/v directory/c list/t")
    .checked());
  rows.push(program("zip", Cmd.ZIP | Kind.WRAPPER)
    .options("bnOPtZs", "-TT= unzip-command= out= password= suffixes= temp-path= compression-method= split-size=")
    .runs("-TT --unzip-command", CodeIn.SHELL_TEXT)
    // zip reads options from ZIPOPT before its argv: `ZIPOPT='-T -TT cmd'` runs cmd.
    .env("ZIPOPT"));
}
