// Programs that read the files their operands name. One row per program:
// names, the options that take a value (so that a value is not taken for a
// file, and a file given as a value is found), and what it reads or writes.

import { ScopeEffectFrom, EffectRow, deletes, reads, writes } from "./effect-rule";

const O = ScopeEffectFrom.OPERANDS;
const V = ScopeEffectFrom.OPTION_VALUE;

/** grep and its spellings: the files after the pattern, pattern files, and `-r DIR`. */
const GREP_PATTERN_OPTIONS = "-e -f --regexp --file";

export const READERS: Array<EffectRow> = [
  new EffectRow(["cat", "tac", "more", "rev", "strings", "md5sum", "sha1sum", "sha256sum", "sha512sum", "b2sum", "cksum", "base64"],
    "", [], [reads(O)]),
  new EffectRow(["nl"], "bdfhilnsvw", ["--body-numbering", "--section-delimiter", "--footer-numbering", "--header-numbering",
    "--line-increment", "--join-blank-lines", "--number-format", "--number-separator", "--starting-line-number", "--number-width"],
    [reads(O)]),
  new EffectRow(["od", "hexdump"], "AjNSteswn", ["--address-radix", "--skip-bytes", "--read-bytes", "--strings", "--format", "--width"],
    [reads(O)]),
  new EffectRow(["head", "tail"], "ncs", ["--lines", "--bytes", "--sleep-interval", "--pid", "--max-unchanged-stats"], [reads(O)]),
  new EffectRow(["less"], "bhjkoOpPtTxyz", ["--log-file", "--LOG-FILE", "--lesskey-file", "--tag-file", "--pattern", "--prompt", "--tag"],
    [reads(O), writes(V, "-o"), writes(V, "-O"), writes(V, "--log-file"), writes(V, "--LOG-FILE"), reads(V, "-k"), reads(V, "--lesskey-file")]),
  new EffectRow(["grep", "egrep", "fgrep", "zgrep"], "efmABCdD",
    ["--regexp", "--file", "--max-count", "--after-context", "--before-context", "--context", "--directories", "--devices",
      "--include", "--exclude", "--exclude-from", "--exclude-dir", "--label", "--binary-files"],
    [reads(ScopeEffectFrom.FILES_AFTER_PATTERN, GREP_PATTERN_OPTIONS), reads(V, "-f"), reads(V, "--file"), reads(V, "--exclude-from"),
      reads(ScopeEffectFrom.ALWAYS, "", "", "-r -R --recursive --dereference-recursive", ".")]),
  new EffectRow(["rg"], "efgtTmABCjMrE",
    ["--regexp", "--file", "--glob", "--iglob", "--type", "--type-not", "--max-count", "--after-context", "--before-context",
      "--context", "--threads", "--max-columns", "--replace", "--encoding", "--ignore-file", "--type-add", "--sort", "--sortr",
      "--max-depth", "--max-filesize", "--path-separator", "--colors", "--context-separator", "--field-match-separator"],
    [reads(ScopeEffectFrom.FILES_AFTER_PATTERN, GREP_PATTERN_OPTIONS), reads(V, "-f"), reads(V, "--file"), reads(V, "--ignore-file"),
      reads(ScopeEffectFrom.ALWAYS, "", "", "", ".")]),
  new EffectRow(["sort"], "kotST",
    ["--key", "--output", "--field-separator", "--buffer-size", "--temporary-directory", "--files0-from", "--parallel",
      "--batch-size", "--compress-program", "--random-source"],
    [reads(O), writes(V, "-o"), writes(V, "--output"), reads(V, "--files0-from"), reads(V, "--random-source"),
      writes(V, "-T"), writes(V, "--temporary-directory")]),
  // `uniq IN OUT` writes OUT.
  new EffectRow(["uniq"], "fsw", ["--skip-fields", "--skip-chars", "--check-chars"],
    [reads(ScopeEffectFrom.FIRST_OPERAND), writes(ScopeEffectFrom.SECOND_OPERAND)]),
  new EffectRow(["wc"], "", ["--files0-from"], [reads(O), reads(V, "--files0-from")]),
  new EffectRow(["cut", "paste", "join", "comm", "fold", "expand", "unexpand", "fmt", "column"], "bcdfswto12jv",
    ["--bytes", "--characters", "--delimiter", "--fields", "--output-delimiter", "--delimiters", "--width", "--tabs"], [reads(O)]),
  new EffectRow(["diff"], "CDFIUSLxX",
    ["--context", "--unified", "--ifdef", "--show-function-line", "--ignore-matching-lines", "--label", "--starting-file",
      "--exclude", "--exclude-from", "--from-file", "--to-file", "--line-format", "--horizon-lines", "--tabsize", "--palette"],
    [reads(O), reads(V, "-X"), reads(V, "--exclude-from"), reads(V, "--from-file"), reads(V, "--to-file")]),
  new EffectRow(["cmp"], "in", ["--ignore-initial", "--bytes"], [reads(O)]),
  new EffectRow(["file"], "fmFeP", ["--files-from", "--magic-file", "--separator", "--exclude", "--parameter"],
    [reads(O), reads(V, "-f"), reads(V, "--files-from"), reads(V, "-m"), reads(V, "--magic-file")]),
  new EffectRow(["stat"], "ct", ["--format", "--printf"], [reads(O)]),
  new EffectRow(["ls", "dir", "vdir"], "ITw",
    ["--ignore", "--hide", "--width", "--tabsize", "--format", "--sort", "--time", "--time-style", "--quoting-style",
      "--indicator-style", "--block-size"], [reads(ScopeEffectFrom.OPERANDS_OR_CWD)]),
  new EffectRow(["du"], "dBtX", ["--max-depth", "--block-size", "--threshold", "--exclude", "--exclude-from", "--files0-from", "--time-style"],
    [reads(ScopeEffectFrom.OPERANDS_OR_CWD), reads(V, "-X"), reads(V, "--exclude-from"), reads(V, "--files0-from")]),
  new EffectRow(["tree"], "LPIHTo", ["--fromfile", "--filelimit", "--timefmt", "--sort", "--charset"],
    [reads(ScopeEffectFrom.OPERANDS_OR_CWD), writes(V, "-o")]),
  // `xxd IN OUT` writes OUT.
  new EffectRow(["xxd"], "cglosC", ["-cols", "-groupsize", "-len", "-offset", "-seek"],
    [reads(ScopeEffectFrom.FIRST_OPERAND), writes(ScopeEffectFrom.SECOND_OPERAND)]),
  // find: the starting points are read; -fprint FILE (and kin) write; -delete deletes what it finds under them.
  new EffectRow(["find"], "",
    ["-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex", "-type", "-xtype", "-user",
      "-group", "-perm", "-size", "-mtime", "-atime", "-ctime", "-mmin", "-amin", "-cmin", "-maxdepth", "-mindepth", "-newer",
      "-anewer", "-cnewer", "-samefile", "-inum", "-links", "-lname", "-ilname", "-used", "-uid", "-gid", "-fstype", "-printf",
      "-fprint", "-fprint0", "-fprintf", "-fls", "-regextype", "-context"],
    [reads(ScopeEffectFrom.LEADING_OPERANDS), reads(ScopeEffectFrom.ALWAYS, "", "", "", "."), writes(V, "-fprint"), writes(V, "-fprint0"), writes(V, "-fprintf"), writes(V, "-fls"),
      reads(V, "-newer"), reads(V, "-anewer"), reads(V, "-cnewer"), reads(V, "-samefile"),
      deletes(ScopeEffectFrom.LEADING_OPERANDS, "", "", "-delete")],
    false, true),
];

