// git 2.4x: global options before the subcommand, then the subcommand's own.

import { Cmd, Kind } from "./ids";
import { CodeIn, ProgramRow, Style, program } from "./spec";

export function gitRows(rows: ProgramRow[]): void {
  rows.push(program("git", Cmd.GIT | Kind.WRAPPER)
    .options("Cc", "git-dir= work-tree= namespace= exec-path? config-env= super-prefix= list-cmds= attr-source= " +
      "bare paginate/p no-pager/P no-replace-objects literal-pathspecs glob-pathspecs noglob-pathspecs " +
      "icase-pathspecs no-optional-locks no-advice version help html-path man-path info-path")
    .style(Style.EXACT_LONG)
    .cd("-C")
    .flags("force/f delete/d all/a message/m verbose/v quiet/q set-upstream/u dry-run/n no-verify/n recursive/r " +
      "prune/p tags/t force-with-lease/f mirror/f", "mCcFbo", "d:f p:f")
    .env("GIT_CONFIG GIT_CONFIG_PARAMETERS GIT_CONFIG_COUNT GIT_CONFIG_KEY_* GIT_CONFIG_VALUE_* GIT_CONFIG_GLOBAL " +
      "GIT_CONFIG_SYSTEM GIT_EXEC_PATH GIT_TEMPLATE_DIR GIT_DIR GIT_COMMON_DIR GIT_WORK_TREE")
    .checked()
    .sub(program("clone").options("bocju",
      "branch=/b origin=/o config=/c jobs=/j upload-pack=/u template= reference= reference-if-able= depth= " +
      "shallow-since= shallow-exclude= separate-git-dir= server-option= filter= bundle-uri= ref-format= " +
      "recurse-submodules? recursive? bare mirror no-checkout/n quiet/q verbose/v local/l shared/s no-hardlinks " +
      "single-branch no-single-branch no-tags shallow-submodules sparse")
      .runs("-u --upload-pack", CodeIn.PROGRAM))
    .sub(program("rebase").options("sSXx", "exec=/x onto= strategy=/s strategy-option=/X gpg-sign?/S " +
      "interactive/i merge/m root autosquash autostash continue abort skip quiet/q verbose/v")
      .runs("-x --exec", CodeIn.SHELL_TEXT))
    .sub(program("difftool mergetool").options("xt", "extcmd=/x tool=/t")
      .runs("-x --extcmd", CodeIn.SHELL_TEXT)));
}
