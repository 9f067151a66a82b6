// Programs that contact hosts: URLs among their operands and option values
// are judged as web.fetch judges a URL. Files they upload or save are judged
// as reads and writes.

import { ScopeEffectFrom, EffectRow, contacts, reads, writes } from "./effect-rule";

const O = ScopeEffectFrom.OPERANDS;
const V = ScopeEffectFrom.OPTION_VALUE;
const AT = ScopeEffectFrom.OPTION_AT_FILE;

export const NETWORK: Array<EffectRow> = [
  // curl: every operand is a URL; -d @file / -F name=@file upload a file; -o, -O and the cookie jar write.
  // --resolve and --connect-to name another address for a host: judged as a destination, which they are not
  // written as, so they are refused.
  new EffectRow(["curl"], "AbcCdDeEFHKmoPQrTuUwxXyYzt",
    ["--user-agent", "--cookie", "--cookie-jar", "--continue-at", "--data", "--data-binary", "--data-raw", "--data-ascii",
      "--data-urlencode", "--json", "--dump-header", "--referer", "--cert", "--key", "--cacert", "--form", "--form-string",
      "--header", "--config", "--max-time", "--connect-timeout", "--output", "--output-dir", "--quote", "--range",
      "--upload-file", "--user", "--proxy-user", "--write-out", "--proxy", "--request", "--speed-limit", "--speed-time",
      "--time-cond", "--url", "--resolve", "--connect-to", "--trace", "--trace-ascii", "--stderr", "--retry", "--netrc-file",
      "--unix-socket", "--abstract-unix-socket", "--interface", "--dns-servers", "--doh-url", "--preproxy", "--socks5",
      "--socks5-hostname", "--socks4", "--socks4a", "--variable", "--expand-url"],
    [contacts(O), contacts(V, "--url"), contacts(V, "-x"), contacts(V, "--proxy"), contacts(V, "--preproxy"),
      contacts(V, "--resolve"), contacts(V, "--connect-to"), contacts(V, "--doh-url"), contacts(V, "--dns-servers"),
      contacts(V, "--socks5"), contacts(V, "--socks5-hostname"), contacts(V, "--socks4"), contacts(V, "--socks4a"),
      contacts(V, "--unix-socket"), contacts(V, "--abstract-unix-socket"),
      writes(V, "-o"), writes(V, "--output"), writes(V, "--output-dir"), writes(V, "-c"), writes(V, "--cookie-jar"),
      writes(V, "-D"), writes(V, "--dump-header"), writes(V, "--trace"), writes(V, "--trace-ascii"), writes(V, "--stderr"),
      writes(ScopeEffectFrom.ALWAYS, "", "", "-O --remote-name --remote-name-all", "."),
      reads(V, "-T"), reads(V, "--upload-file"), reads(V, "-K"), reads(V, "--config"), reads(V, "--netrc-file"),
      reads(AT, "-d"), reads(AT, "--data"), reads(AT, "--data-binary"), reads(AT, "--data-ascii"), reads(AT, "--data-urlencode"),
      reads(AT, "--json"), reads(AT, "-F"), reads(AT, "--form")]),
  // wget saves into the working directory unless -O names the file.
  new EffectRow(["wget"], "OoaPiTtwQUlDAReIXB",
    ["--output-document", "--output-file", "--append-output", "--directory-prefix", "--input-file", "--timeout", "--tries",
      "--wait", "--quota", "--user-agent", "--level", "--domains", "--accept", "--reject", "--execute", "--include-directories",
      "--exclude-directories", "--base", "--post-data", "--post-file", "--body-data", "--body-file", "--method", "--header",
      "--user", "--password", "--load-cookies", "--save-cookies", "--config", "--ca-certificate", "--certificate",
      "--private-key", "--bind-address"],
    [contacts(O), writes(V, "-O"), writes(V, "--output-document"), writes(V, "-o"), writes(V, "--output-file"),
      writes(V, "-a"), writes(V, "--append-output"), writes(V, "-P"), writes(V, "--directory-prefix"),
      writes(V, "--save-cookies"), writes(ScopeEffectFrom.ALWAYS, "", "", "!-O --output-document -P --directory-prefix --spider", "."),
      reads(V, "-i"), reads(V, "--input-file"), reads(V, "--post-file"), reads(V, "--body-file"), reads(V, "--load-cookies"),
      reads(V, "--config"), reads(V, "--certificate"), reads(V, "--private-key"),
      // -e runs a wgetrc command, which can name any output file: a write to a place no path names.
      writes(ScopeEffectFrom.ALWAYS, "", "", "-e --execute", "")]),
  // git: the URL operands of the subcommands that contact a remote (a bare name such as `origin` is a
  // configured remote, not judged; a local path is read, or written by push), and the files it writes.
  // Short options marked as taking a value take one in every subcommand (`-u` does not: push's -u is a flag).
  new EffectRow(["git"], "Cbocj",
    ["--git-dir", "--work-tree", "--namespace", "--depth", "--branch", "--origin", "--upload-pack", "--receive-pack",
      "--exec", "--reference", "--reference-if-able", "--separate-git-dir", "--template", "--config", "--jobs", "--filter",
      "--push-option", "--output", "--output-directory", "--remote", "--format", "--prefix", "--shallow-since",
      "--shallow-exclude", "--server-option", "--name", "--file"],
    [writes(V, "--output"), writes(V, "--work-tree"), writes(V, "--git-dir"), writes(V, "--separate-git-dir"),
      writes(V, "-o", "format-patch"), writes(V, "--output-directory", "format-patch"), writes(V, "-o", "archive"),
      contacts(V, "--remote", "archive"), writes(ScopeEffectFrom.SECOND_OPERAND, "", "bundle"), writes(ScopeEffectFrom.FIRST_OPERAND, "", "init"),
      writes(V, "--file", "config"), reads(O, "", "diff", "--no-index"),
      contacts(ScopeEffectFrom.FIRST_OPERAND, "", "clone"), writes(ScopeEffectFrom.SECOND_OPERAND, "", "clone"),
      contacts(O, "", "fetch"), contacts(O, "", "pull"), contacts(O, "", "push"), contacts(O, "", "ls-remote"),
      contacts(O, "", "remote"), contacts(O, "", "submodule")],
    true),
  // npm: package specs that are URLs, git or GitHub shorthands (`user/repo`), --registry, and -g / --prefix,
  // which install outside the project. A plain package name comes from the configured registry (not judged).
  new EffectRow(["npm", "pnpm", "yarn"], "w",
    ["--prefix", "--registry", "--cache", "--workspace", "--tag", "--otp", "--loglevel", "--scope", "--before", "--omit",
      "--include", "--install-strategy", "--userconfig", "--globalconfig"],
    [writes(V, "--prefix"), contacts(V, "--registry"), writes(V, "--cache"),
      writes(ScopeEffectFrom.ALWAYS, "", "", "-g --global", ""),
      contacts(O, "", "install"), contacts(O, "", "i"), contacts(O, "", "add"), contacts(O, "", "update"),
      contacts(O, "", "exec"), contacts(O, "", "x")],
    true),
  new EffectRow(["node"], "erp",
    ["--eval", "--print", "--require", "--import", "--loader", "--experimental-loader", "--redirect-warnings", "--env-file",
      "--report-directory", "--diagnostic-dir", "--cpu-prof-dir", "--heap-prof-dir", "--input-type", "--title"],
    [writes(V, "--redirect-warnings"), reads(V, "--env-file"), writes(V, "--report-directory"), writes(V, "--diagnostic-dir"),
      writes(V, "--cpu-prof-dir"), writes(V, "--heap-prof-dir")]),
];
