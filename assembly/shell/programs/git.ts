// git 2.4x: global options before the subcommand, then the subcommand's own.

import { Cmd, Kind } from "./ids";
import { describeGit } from "./git-config";
import { CodeIn, EffectFrom, ProgramRow, Style, contacts, deletes, program, reads, writes } from "./spec";

const O = EffectFrom.OPERANDS;
const V = EffectFrom.OPTION_VALUE;
const ALWAYS = EffectFrom.ALWAYS;
/** git's global options. Subcommand rows without a grammar of their own read the rest of the line by it. */
const GLOBAL_OPTIONS = "git-dir= work-tree= namespace= exec-path? config-env= super-prefix= list-cmds= attr-source= " +
  "bare paginate/p no-pager/P no-replace-objects literal-pathspecs glob-pathspecs noglob-pathspecs " +
  "icase-pathspecs no-optional-locks no-advice version help html-path man-path info-path";
/**
 * Variables naming a file git writes its trace to, when the value is an absolute path (`1`, `2`, `true` are
 * stderr, other digits a file descriptor).
 */
export const GIT_TRACE_VARIABLES: string[] = [
  "GIT_TRACE", "GIT_TRACE_PACKET", "GIT_TRACE_PACK_ACCESS", "GIT_TRACE_PACKFILE", "GIT_TRACE_PERFORMANCE",
  "GIT_TRACE_SETUP", "GIT_TRACE_SHALLOW", "GIT_TRACE_CURL", "GIT_TRACE_REFS", "GIT_TRACE_FSMONITOR", "GIT_TRACE2",
  "GIT_TRACE2_EVENT", "GIT_TRACE2_PERF",
];
/** Variables naming a file git writes whatever their value: the index. */
export const GIT_FILE_VARIABLES: string[] = ["GIT_INDEX_FILE"];
/** `git config` calls that change a file: a value to set, or an action that writes. */
const CONFIG_SETS = "#2 #set #unset #rename-section #remove-section #edit --unset --unset-all --replace-all --add " +
  "--rename-section --remove-section --edit !#get !#list !--get !--get-all !--get-regexp !--get-urlmatch !--list";
/** The diff options every diff and log command reads (`--output=FILE` writes the output there). */
const DIFF_OPTIONS = "output= src-prefix= dst-prefix= line-prefix= relative? stat? format= pretty? " +
  "no-index ext-diff textconv";

export function gitRows(rows: ProgramRow[]): void {
  rows.push(program("git", Cmd.GIT | Kind.WRAPPER)
    .options("Cc", GLOBAL_OPTIONS)
    .style(Style.EXACT_LONG)
    .cd("-C")
    // Where git finds its own programs, and a repository (its config and hooks) chosen elsewhere.
    .refuses("--exec-path --git-dir --work-tree --config-env", CodeIn.PROGRAM)
    .flags("force/f delete/d all/a message/m verbose/v quiet/q set-upstream/u dry-run/n no-verify/n recursive/r " +
      "prune/p tags/t force-with-lease/f mirror/f", "d:f p:f")
    .env("GIT_CONFIG GIT_CONFIG_PARAMETERS GIT_CONFIG_COUNT GIT_CONFIG_KEY_* GIT_CONFIG_VALUE_* GIT_CONFIG_GLOBAL " +
      "GIT_CONFIG_SYSTEM GIT_EXEC_PATH GIT_TEMPLATE_DIR GIT_DIR GIT_COMMON_DIR GIT_WORK_TREE")
    .checked()
    .hook(describeGit)
    // A remote named by its name (`git push origin`) is the repository's configuration, which the scopes judged
    // when it was set (`git remote add`, `git config`, `-c remote.x.url=`, a write to .git/config): not judged
    // again. Settings given here are: any `-c key=value` value that is an address is a contact.
    .effect(writes(V, "--work-tree --git-dir")).effect(contacts(EffectFrom.OPTION_SETTING, "-c"))
    .sub(program("clone").options("bocju",
      "branch=/b origin=/o config=/c jobs=/j upload-pack=/u template= reference= reference-if-able= depth= " +
      "shallow-since= shallow-exclude= separate-git-dir= server-option= filter= bundle-uri= ref-format= " +
      "recurse-submodules? recursive? bare mirror no-checkout/n quiet/q verbose/v local/l shared/s no-hardlinks " +
      "single-branch no-single-branch no-tags shallow-submodules sparse")
      // The remote's program, a template's hooks, a repository elsewhere, config for the new repository.
      .refuses("-u --upload-pack --template --separate-git-dir -c --config", CodeIn.PROGRAM)
      .effect(contacts(EffectFrom.FIRST_OPERAND)).effect(writes(EffectFrom.SECOND_OPERAND).tree())
      .effect(writes(V, "--separate-git-dir")).effect(contacts(EffectFrom.OPTION_SETTING, "-c --config")))
    // Short options that take a value, so that `git commit -mfix` is no -f (flags for blocked_patterns);
    // the rest of their line reads as the global options do.
    .sub(program("commit").style(Style.EXACT_LONG).options("CcmFt", GLOBAL_OPTIONS))
    .sub(program("tag").style(Style.EXACT_LONG).options("CcmFu", GLOBAL_OPTIONS))
    .sub(program("merge").style(Style.EXACT_LONG).options("CcmFsX", GLOBAL_OPTIONS))
    .sub(program("checkout switch").style(Style.EXACT_LONG).options("CcbB", GLOBAL_OPTIONS))
    .sub(program("rebase").options("sSXx", "exec=/x onto= strategy=/s strategy-option=/X gpg-sign?/S " +
      "interactive/i merge/m root autosquash autostash continue abort skip quiet/q verbose/v")
      .runs("-x --exec", CodeIn.SHELL_TEXT))
    // They run a diff or merge tool (diff.tool, merge.tool, or vimdiff by default) unless -x names the command
    // (wrappers.ts); `--no-index A B` reads A and B as `git diff --no-index` does.
    .sub(program("difftool mergetool").options("xt", "extcmd=/x tool=/t gui/g no-gui prompt no-prompt/y dir-diff/d " +
      "tool-help trust-exit-code no-trust-exit-code symlinks no-symlinks " + DIFF_OPTIONS)
      .runs("-x --extcmd", CodeIn.SHELL_TEXT).effect(reads(O, "", "--no-index")))
    // Every remote operand is judged: a URL or host by web.fetch, a local path as a read (a push: a write).
    .sub(program("fetch pull push ls-remote remote submodule")
      .options("obj", "repo= push-option=/o branch=/b jobs=/j receive-pack= exec= upload-pack= depth= deepen= " +
        "shallow-since= shallow-exclude= server-option= negotiation-tip= refmap= filter= name= reference=")
      .refuses("--upload-pack --receive-pack --exec", CodeIn.PROGRAM) // the remote side's program
      .effect(contacts(O)).effect(contacts(V, "--repo")))
    // `git config KEY VALUE` (`git config set KEY VALUE`): a value that is an address (remote.x.url, url.X.insteadOf, http.proxy) is a contact.
    // `--global` and `--system` write the user's and the system's file when they set or remove something.
    .sub(program("config").options("f", "file=/f blob= type= default= comment= global system local worktree " +
      "unset unset-all replace-all add rename-section remove-section edit/e get get-all get-regexp get-urlmatch list/l")
      .effect(contacts(EffectFrom.OPERANDS_AFTER_FIRST)).effect(writes(V, "-f --file"))
      .effect(writes(ALWAYS, "", "--global", "~/.gitconfig").also(CONFIG_SETS))
      .effect(writes(ALWAYS, "", "--system", "/etc/gitconfig").also(CONFIG_SETS)))
    // Another working tree: `worktree add PATH [COMMIT]` checks one out at PATH, `move A B` moves A to B,
    // `remove PATH` deletes it.
    .sub(program("worktree").options("bB", "reason= expire= detach force/f checkout no-checkout lock orphan quiet/q " +
      "track no-track guess-remote no-guess-remote porcelain verbose/v z relative-paths no-relative-paths")
      .effect(writes(EffectFrom.SECOND_OPERAND, "", "#add").tree())
      .effect(writes(EffectFrom.OPERANDS_AFTER_FIRST, "", "#move").tree())
      .effect(deletes(EffectFrom.SECOND_OPERAND, "", "#remove").tree()))
    // Files of the index written under a prefix (`--prefix=DIR/`), not into the working tree.
    .sub(program("checkout-index").options("", "prefix= stage= index all/a force/f quiet/q no-create/n temp stdin z " +
      "ignore-skip-worktree-bits").effect(writes(V, "--prefix").tree()))
    // The files it hashes (`-w` stores them, and `git cat-file` prints them back); `--stdin-paths` reads files
    // named on stdin.
    .sub(program("hash-object").options("t", "type=/t path= stdin stdin-paths literally no-filters")
      .effect(reads(O)).effect(reads(ALWAYS, "", "--stdin-paths", "")))
    // The credential file: `--file F`, else ~/.git-credentials and ~/.config/git/credentials; `store` and
    // `erase` write it, `get` prints what it holds.
    .sub(program("credential-store").options("", "file=")
      .effect(reads(V, "--file")).effect(writes(V, "--file", "#store #erase"))
      .effect(reads(ALWAYS, "", "!--file", "~/.git-credentials")).effect(reads(ALWAYS, "", "!--file", "~/.config/git/credentials"))
      .effect(writes(ALWAYS, "", "!--file", "~/.git-credentials").also("#store #erase")))
    .sub(program("log show diff diff-tree diff-index diff-files range-diff whatchanged stash").options("", DIFF_OPTIONS)
      .effect(writes(V, "--output")).effect(reads(O, "", "--no-index")))
    .sub(program("format-patch").options("o", "output-directory=/o " + DIFF_OPTIONS)
      .effect(writes(V, "-o --output-directory --output")))
    .sub(program("archive").options("o", "output=/o remote= prefix= format= exec=")
      .refuses("--exec", CodeIn.PROGRAM)
      .effect(writes(V, "-o --output")).effect(contacts(V, "--remote")))
    .sub(program("bundle").effect(writes(EffectFrom.SECOND_OPERAND)))
    .sub(program("init").options("b", "template= separate-git-dir= object-format= ref-format= initial-branch=/b " +
      "shared? bare quiet/q").effect(writes(EffectFrom.FIRST_OPERAND)).effect(writes(V, "--separate-git-dir"))
      .refuses("--template --separate-git-dir", CodeIn.PROGRAM))
    // Programs these run by name (a pager, a web server, a mail program); the rest of their line reads as the
    // global options do.
    .sub(program("grep").style(Style.EXACT_LONG).options("Cc", GLOBAL_OPTIONS + " open-files-in-pager?/O")
      .refuses("--open-files-in-pager", CodeIn.PROGRAM))
    .sub(program("instaweb").style(Style.EXACT_LONG).options("Cc", GLOBAL_OPTIONS + " httpd=").refuses("--httpd", CodeIn.PROGRAM))
    .sub(program("send-email").style(Style.EXACT_LONG).options("Cc", GLOBAL_OPTIONS + " sendmail-cmd= smtp-server=")
      .refuses("--sendmail-cmd --smtp-server", CodeIn.PROGRAM)));
  // Trace files and the index file the environment names.
  const git = rows[rows.length - 1];
  for (let i = 0; i < GIT_TRACE_VARIABLES.length; i++) git.effect(writes(EffectFrom.ENV_PATH, GIT_TRACE_VARIABLES[i]));
  for (let i = 0; i < GIT_FILE_VARIABLES.length; i++) git.effect(writes(EffectFrom.ENV_VALUE, GIT_FILE_VARIABLES[i]));
}
