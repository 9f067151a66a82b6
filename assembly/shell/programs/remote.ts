// Remote shells and copies: ssh runs its words after the host remotely, and some -o options locally.
// OpenSSH 9 and rsync 3.2 getopt tables.

import { Cmd, Kind } from "./ids";
import { CodeIn, EffectFrom, ProgramRow, Style, program, reads, writes } from "./spec";

const W = Kind.WRAPPER;

export function remoteRows(rows: ProgramRow[]): void {
  rows.push(program("ssh", Cmd.SSH | W).style(0).options("BbcDEeFIiJLlmOoPpQRSWw")
    .runs("-o", CodeIn.SHELL_TEXT, "", "proxycommand=").runs("-o", CodeIn.SHELL_TEXT, "", "localcommand=")
    .runs("-o", CodeIn.SHELL_TEXT, "", "knownhostscommand=").runs("-o", CodeIn.SHELL_TEXT, "", "remotecommand="));
  // scp's and rsync's sources are read (a remote `host:path` is judged as the local path it spells, which at
  // worst refuses); their destinations, which may be remote, are not judged.
  rows.push(program("scp sftp", Cmd.SCP | W).options("cFiJloPDXS")
    .runs("-S", CodeIn.SHELL_TEXT).runs("-o", CodeIn.SHELL_TEXT, "", "proxycommand=")
    .effect(reads(EffectFrom.OPERANDS_BUT_LAST, "", "@scp").tree("-r")));
  rows.push(program("rsync", Cmd.RSYNC | W)
    .options("eBfT", "rsh=/e block-size=/B filter=/f temp-dir=/T rsync-path= exclude= include= exclude-from= " +
      "include-from= files-from= backup-dir= suffix= chmod= chown= max-size= min-size= timeout= port= log-file=")
    .runs("-e --rsh", CodeIn.SHELL_TEXT)
    // The program rsync runs instead of connecting to an rsync:// daemon.
    .env("RSYNC_CONNECT_PROG")
    .flags("recursive/r archive/a verbose/v compress/z", "a:rlptgod")
    .checked()
    .effect(reads(EffectFrom.OPERANDS_BUT_LAST).tree())
    .effect(reads(EffectFrom.OPTION_VALUE, "--files-from --exclude-from --include-from"))
    .effect(writes(EffectFrom.OPTION_VALUE, "--log-file")));
}
