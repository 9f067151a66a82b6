// Archivers. Grammars follow GNU tar 1.35 and Info-ZIP zip 3.0 (--help / getopt tables).

import { Cmd, Kind } from "./ids";
import { CodeIn, EffectFrom, ProgramRow, Style, program, reads, writes } from "./spec";

const O = EffectFrom.OPERANDS;
const V = EffectFrom.OPTION_VALUE;
const ALWAYS = EffectFrom.ALWAYS;
/** The modes in which tar writes its archive. */
const TAR_WRITES_ARCHIVE = "-c --create -r --append -u --update -A --catenate --concatenate --delete";

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
    .checked()
    // The archive -f names is written when tar makes or changes one, read otherwise; -c, -r and -u read the
    // operands (whole trees); -x writes the working directory's tree, and with -P the archive's absolute paths
    // (a place no path names).
    .effect(writes(V, "-f --file", TAR_WRITES_ARCHIVE)).effect(reads(V, "-f --file", "!" + TAR_WRITES_ARCHIVE.split(" ").join(" !")))
    .effect(reads(O, "", "-c --create -r --append -u --update").tree())
    .effect(reads(V, "-T --files-from -X --exclude-from"))
    .effect(writes(ALWAYS, "", "-x --extract --get", ".").also("!-O !--to-stdout !--to-command !-C !--directory").tree())
    .effect(writes(V, "-C --directory", "-x --extract --get").also("!-O !--to-stdout !--to-command").tree())
    .effect(writes(ALWAYS, "", "-P --absolute-names", "").also("-x --extract --get")));
  // zip ARCHIVE FILES…: writes the archive (or -O's), reads the files (trees with -r).
  rows.push(program("zip", Cmd.ZIP | Kind.WRAPPER)
    .options("bnOPtZs", "-TT= unzip-command= out= password= suffixes= temp-path= compression-method= split-size= " +
      "recurse-paths/r recurse-patterns/R")
    .runs("-TT --unzip-command", CodeIn.SHELL_TEXT)
    // zip reads options from ZIPOPT before its argv: `ZIPOPT='-T -TT cmd'` runs cmd.
    .env("ZIPOPT")
    .effect(writes(EffectFrom.FIRST_OPERAND)).effect(writes(V, "-O --out -b --temp-path"))
    .effect(reads(EffectFrom.OPERANDS_AFTER_FIRST).tree("-r -R --recurse-paths --recurse-patterns")));
  // unzip ARCHIVE: extracts into the working directory's tree, or -d's; -l, -t, -v, -p, -c, -z, -Z only show.
  rows.push(program("unzip").options("dP")
    .effect(reads(EffectFrom.FIRST_OPERAND)).effect(writes(V, "-d").tree())
    .effect(writes(ALWAYS, "", "!-d !-l !-t !-v !-p !-c !-z !-Z", ".").tree()));
  // split/csplit INPUT [PREFIX]: the pieces are PREFIXaa… (x… in the working directory without one);
  // --filter runs a shell command for each piece.
  rows.push(program("split gsplit", Cmd.SPLIT).options("abClnt", "suffix-length=/a additional-suffix= bytes=/b " +
    "line-bytes=/C lines=/l number=/n separator=/t filter= numeric-suffixes? hex-suffixes? elide-empty-files/e " +
    "unbuffered/u verbose")
    .refuses("--filter", CodeIn.SHELL_TEXT)
    .effect(reads(EffectFrom.FIRST_OPERAND)).effect(writes(EffectFrom.SECOND_OPERAND))
    .effect(writes(ALWAYS, "", "!#2", ".")));
  rows.push(program("csplit gcsplit").options("bfn", "suffix-format=/b prefix=/f digits=/n keep-files/k " +
    "suppress-matched quiet/s silent/s elide-empty-files/z")
    .effect(reads(EffectFrom.FIRST_OPERAND)).effect(writes(V, "-f --prefix"))
    .effect(writes(ALWAYS, "", "!-f !--prefix", ".")));
}
