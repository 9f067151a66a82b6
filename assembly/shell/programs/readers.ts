// Programs that read the files their operands name (GNU coreutils 9, grep 3.11, util-linux 2.39, diffutils
// 3.10, file 5.45, tree 2.1, less 643). Their rows carry no Cmd id: the walk and the built-in checks have no
// rule for them; the file scopes judge what they read. Each grammar lists only the short options that take a
// value in every program of its row, since a flag taken for one would hide the file after it.

import { EffectFrom, ProgramRow, deletes, program, reads, writes } from "./spec";

const O = EffectFrom.OPERANDS;
const V = EffectFrom.OPTION_VALUE;

export function readerRows(rows: ProgramRow[]): void {
  rows.push(program("tac").options("s", "separator=/s before/b regex/r").effect(reads(O)));
  rows.push(program("more").options("n", "lines=/n").effect(reads(O)));
  rows.push(program("strings").options("ntTe", "bytes=/n radix=/t target=/T encoding=/e all/a data/d " +
    "print-file-name/f include-all-whitespace/w").effect(reads(O)));
  rows.push(program("md5sum sha1sum sha224sum sha256sum sha384sum sha512sum").effect(reads(O)));
  rows.push(program("b2sum").options("l", "length=/l").effect(reads(O)));
  rows.push(program("cksum").options("al", "algorithm=/a length=/l").effect(reads(O)));
  rows.push(program("nl").options("bdfhilnsvw", "body-numbering=/b section-delimiter=/d footer-numbering=/f " +
    "header-numbering=/h line-increment=/i join-blank-lines=/l number-format=/n number-separator=/s " +
    "starting-line-number=/v number-width=/w no-renumber/p").effect(reads(O)));
  rows.push(program("od").options("AjNSt", "address-radix=/A skip-bytes=/j read-bytes=/N strings?/S format=/t " +
    "width?/w", "w").effect(reads(O)));
  rows.push(program("hexdump hd").options("efns").effect(reads(O)).effect(reads(V, "-f")));
  rows.push(program("head tail").options("ncs", "lines=/n bytes=/c sleep-interval=/s pid= max-unchanged-stats= " +
    "follow?/f retry quiet/q silent/q verbose/v zero-terminated/z").effect(reads(O)));
  // less -o/-O keep a copy of what it shows: a write.
  rows.push(program("less").options("bhjkoOpPtTxyz", "log-file=/o LOG-FILE=/O lesskey-file=/k tag-file=/T " +
    "pattern=/p prompt=/P tag=/t tabs=/x window=/z max-back-scroll=/h max-forw-scroll=/y buffers=/b jump-target=/j")
    .effect(reads(O)).effect(writes(V, "-o -O --log-file --LOG-FILE")).effect(reads(V, "-k --lesskey-file -T --tag-file")));
  // grep's files follow its pattern (none when -e or -f gives it); -r with no file reads the working directory.
  rows.push(program("grep egrep fgrep zgrep").options("efmABCdD", "regexp=/e file=/f max-count=/m after-context=/A " +
    "before-context=/B context=/C directories=/d devices=/D include= exclude= exclude-from= exclude-dir= label= " +
    "binary-files= color? colour? recursive/r dereference-recursive/R")
    // A directory operand is read only with -r, and then with everything in it (the working directory when
    // no file is named).
    .effect(reads(EffectFrom.FILES_AFTER_PATTERN, "-e -f --regexp --file", "!-r !-R !--recursive !--dereference-recursive").tree())
    .effect(reads(EffectFrom.FILES_AFTER_PATTERN_OR_CWD, "-e -f --regexp --file", "-r -R --recursive --dereference-recursive").tree())
    .effect(reads(V, "-f --file --exclude-from")));
  // jq FILTER FILES…: every operand is a file when -f gives the filter, or --rawfile/--slurpfile (whose second
  // word the grammar reads as an operand) are given.
  rows.push(program("jq gojq jaq").options("fL", "from-file=/f indent= arg= argjson= slurpfile= rawfile= args " +
    "jsonargs null-input/n raw-input/R slurp/s compact-output/c raw-output/r join-output/j exit-status/e")
    .effect(reads(EffectFrom.FILES_AFTER_PATTERN, "-f --from-file --rawfile --slurpfile"))
    .effect(reads(V, "-f --from-file")));
  // `uniq IN OUT` writes OUT.
  rows.push(program("uniq").options("fsw", "skip-fields=/f skip-chars=/s check-chars=/w all-repeated? group?")
    .effect(reads(EffectFrom.FIRST_OPERAND)).effect(writes(EffectFrom.SECOND_OPERAND)));
  rows.push(program("wc").options("", "files0-from= total=").effect(reads(O)).effect(reads(V, "--files0-from")));
  rows.push(program("cut").options("bcdf", "bytes=/b characters=/c delimiter=/d fields=/f output-delimiter=")
    .effect(reads(O)));
  rows.push(program("paste").options("d", "delimiters=/d serial/s zero-terminated/z").effect(reads(O)));
  rows.push(program("join").options("aejotv12", "field-separator=/t").effect(reads(O)));
  rows.push(program("comm").options("", "output-delimiter= total check-order nocheck-order").effect(reads(O)));
  rows.push(program("fold").options("w", "width=/w bytes/b spaces/s").effect(reads(O)));
  rows.push(program("expand unexpand").options("t", "tabs=/t initial/i all/a first-only").effect(reads(O)));
  rows.push(program("fmt").options("wpg", "width=/w prefix=/p goal=/g").effect(reads(O)));
  rows.push(program("column").options("cslNnOoWHREripC", "output-width=/c separator=/s table-columns-limit=/l " +
    "table-columns=/N table-name=/n table-order=/O output-separator=/o table-wrap=/W table-hide=/H table-right=/R " +
    "table-noextreme=/E tree=/r tree-id=/i tree-parent=/p column=/C").effect(reads(O)));
  rows.push(program("diff").options("CDFIUSLxX", "context?/C unified?/U ifdef=/D show-function-line=/F " +
    "ignore-matching-lines=/I label=/L starting-file=/S exclude=/x exclude-from=/X from-file= to-file= line-format= " +
    "horizon-lines= tabsize= palette= color? recursive/r")
    .effect(reads(O).tree("-r --recursive")).effect(reads(V, "-X --exclude-from --from-file --to-file")));
  rows.push(program("cmp").options("in", "ignore-initial=/i bytes=/n").effect(reads(O)));
  rows.push(program("file").options("fmFeP", "files-from=/f magic-file=/m separator=/F exclude=/e parameter=/P")
    .effect(reads(O)).effect(reads(V, "-f --files-from -m --magic-file")));
  rows.push(program("stat").options("c", "format=/c printf= cached= terse/t file-system/f dereference/L")
    .effect(reads(O)));
  rows.push(program("ls dir vdir").options("ITw", "ignore=/I hide= width=/w tabsize=/T format= sort= time= " +
    "time-style= quoting-style= indicator-style= block-size= color? hyperlink? recursive/R")
    .effect(reads(EffectFrom.OPERANDS_OR_CWD).tree("-R --recursive")));
  rows.push(program("du").options("BdtX", "max-depth=/d block-size=/B threshold=/t exclude= exclude-from=/X " +
    "files0-from= time-style= time?")
    .effect(reads(EffectFrom.OPERANDS_OR_CWD).tree()).effect(reads(V, "-X --exclude-from --files0-from")));
  rows.push(program("tree").options("LPIHTo", "filelimit= timefmt= sort= charset=")
    .effect(reads(EffectFrom.OPERANDS_OR_CWD).tree()).effect(writes(V, "-o")));
  rows.push(program("rmdir unlink").options("", "ignore-fail-on-non-empty parents/p verbose/v").effect(deletes(O)));
}
