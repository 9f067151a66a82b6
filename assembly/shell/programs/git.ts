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
/** Variables naming a place git writes whatever their value: the index, the object store. */
export const GIT_FILE_VARIABLES: string[] = ["GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY"];
/** Variables naming the proxy HTTP clients (libcurl, npm) send requests through; read in any case. */
export const PROXY_VARIABLES: string[] = ["http_proxy", "https_proxy", "all_proxy"];
/** `git config` calls that change a file: a value to set, or an action that writes. */
const CONFIG_SETS = "#2 #set #unset #rename-section #remove-section #edit --unset --unset-all --replace-all --add " +
  "--rename-section --remove-section --edit !#get !#list !--get !--get-all !--get-regexp !--get-urlmatch !--list";
/** The diff options every diff and log command reads (`--output=FILE` writes the output there). */
const DIFF_OPTIONS = "output= src-prefix= dst-prefix= line-prefix= relative? stat? format= pretty? " +
  "no-index ext-diff textconv";

/** Subcommands that talk to a remote: each operand may be a URL, a host or a local repository. */
function remotes(names: string): ProgramRow {
  return program(names)
    .options("obj", "repo= push-option=/o branch=/b jobs=/j receive-pack= exec= upload-pack= depth= deepen= " +
      "shallow-since= shallow-exclude= server-option= negotiation-tip= refmap= filter= name= reference= bundle-uri=")
    .refuses("--upload-pack --receive-pack --exec", CodeIn.PROGRAM) // the remote side's program
    .effect(contacts(O)).effect(contacts(V, "--repo --bundle-uri"));
}

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
      "GIT_CONFIG_SYSTEM GIT_EXEC_PATH GIT_TEMPLATE_DIR GIT_DIR GIT_COMMON_DIR GIT_WORK_TREE GIT_ALTERNATE_OBJECT_DIRECTORIES")
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
      .effect(contacts(V, "--bundle-uri"))
      .effect(writes(V, "--separate-git-dir")).effect(contacts(EffectFrom.OPTION_SETTING, "-c --config")))
    // Short options that take a value, so that `git commit -mfix` is no -f (flags for blocked_patterns);
    // the rest of their line reads as the global options do. The message file (`-F`, `--file`) and a
    // commit's template are files git reads and puts in the repository.
    .sub(program("commit").style(Style.EXACT_LONG | Style.PERMUTE).options("CcmFt", GLOBAL_OPTIONS + " file=/F template=/t")
      .effect(reads(V, "-F --file -t --template")))
    .sub(program("tag").style(Style.EXACT_LONG | Style.PERMUTE).options("CcmFu", GLOBAL_OPTIONS + " file=/F").effect(reads(V, "-F --file")))
    .sub(program("merge").style(Style.EXACT_LONG | Style.PERMUTE).options("CcmFsX", GLOBAL_OPTIONS + " file=/F").effect(reads(V, "-F --file")))
    .sub(program("notes").options("FmcC", "file=/F message=/m reuse-message=/C reedit-message=/c ref= force/f allow-empty")
      .effect(reads(V, "-F --file")))
    .sub(program("fmt-merge-msg").options("mF", "file=/F message=/m log? no-log").effect(reads(V, "-F --file")))
    // The file shown in place of the working tree's (`--contents`), and files of revisions (`-S`, ignore lists).
    .sub(program("blame annotate").options("LS", "contents= ignore-rev= ignore-revs-file= date= encoding= " +
      "incremental porcelain/p line-porcelain root show-stats show-name/f show-number/n show-email/e reverse first-parent")
      .effect(reads(V, "-S --contents --ignore-revs-file")))
    // Files merged or read (`merge-file A B C` writes the result into A unless `-p`), trailers added to files
    // (`--in-place` rewrites them).
    .sub(program("merge-file").options("L", "stdout/p ours theirs union quiet/q diff3 zdiff3 marker-size= object-id " +
      "diff-algorithm=").effect(reads(O)).effect(writes(EffectFrom.FIRST_OPERAND, "", "!-p !--stdout")))
    .sub(program("interpret-trailers").options("", "in-place trailer= where= if-exists= if-missing= unfold " +
      "only-trailers only-input parse no-divider trim-empty no-trailer")
      .effect(reads(O)).effect(writes(O, "", "--in-place")))
    // A patch's paths are inside the work tree, unless `--unsafe-paths` lets them (and `--directory`) go
    // anywhere: a place no path names. The patches themselves are read.
    .sub(program("apply am").options("pC", "directory= exclude= include= build-fake-ancestor= whitespace= unsafe-paths " +
      "index cached 3way/3 check stat numstat summary reject reverse/R verbose/v quiet/q allow-empty recount " +
      "inaccurate-eof apply no-add")
      .effect(reads(O)).effect(writes(V, "--build-fake-ancestor")).effect(writes(V, "--directory", "--unsafe-paths").tree())
      .effect(writes(ALWAYS, "", "--unsafe-paths", "")))
    .sub(program("mailsplit").options("o", "").effect(reads(O)).effect(writes(V, "-o").tree()))
    .sub(program("mailinfo").effect(writes(O)))
    .sub(program("read-tree").options("", "index-output= prefix= exclude-per-directory=").effect(writes(V, "--index-output")))
    .sub(program("pack-objects").effect(writes(EffectFrom.FIRST_OPERAND)))
    .sub(program("fast-export fast-import").options("", "export-marks= import-marks= import-marks-if-exists=")
      .effect(writes(V, "--export-marks")).effect(reads(V, "--import-marks --import-marks-if-exists")))
    .sub(program("bugreport diagnose").options("os", "output-directory=/o suffix=/s mode=")
      .effect(writes(V, "-o --output-directory").tree()))
    // `request-pull START URL [END]` asks the URL for its refs; `send-pack`/`fetch-pack` talk to the first.
    .sub(program("request-pull").options("", "").effect(contacts(EffectFrom.SECOND_OPERAND)))
    .sub(program("send-pack fetch-pack").options("", "receive-pack= upload-pack= exec=")
      .refuses("--receive-pack --upload-pack --exec", CodeIn.PROGRAM).effect(contacts(EffectFrom.FIRST_OPERAND)))
    .sub(program("checkout switch").style(Style.EXACT_LONG).options("CcbB", GLOBAL_OPTIONS))
    .sub(program("rebase").options("sSXx", "exec=/x onto= strategy=/s strategy-option=/X gpg-sign?/S " +
      "interactive/i merge/m root autosquash autostash continue abort skip quiet/q verbose/v")
      .runs("-x --exec", CodeIn.SHELL_TEXT))
    // They run a diff or merge tool (diff.tool, merge.tool, or vimdiff by default) unless -x names the command
    // (wrappers.ts); `--no-index A B` reads A and B as `git diff --no-index` does.
    .sub(program("difftool mergetool").options("xt", "extcmd=/x tool=/t gui/g no-gui prompt no-prompt/y dir-diff/d " +
      "tool-help trust-exit-code no-trust-exit-code symlinks no-symlinks " + DIFF_OPTIONS)
      .runs("-x --extcmd", CodeIn.SHELL_TEXT).effect(reads(O, "", "--no-index")))
    // Every remote operand is judged: a URL or host by web.fetch, a local path as a read (a push: a write, so
    // push has a row of its own: the scopes tell it by the row's first name).
    .sub(remotes("fetch pull ls-remote remote submodule")).sub(remotes("push"))
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
    .sub(program("log show diff-tree diff-index diff-files range-diff whatchanged stash").options("", DIFF_OPTIONS)
      .effect(writes(V, "--output")).effect(reads(O, "", "--no-index")))
    // `git diff A B` compares two files from disk (as --no-index) when either is outside the work tree, so
    // both operands of a two-operand diff are judged as files it may read (one operand is a revision or a
    // pathspec of the work tree); with --no-index, directories are read whole.
    .sub(program("diff").options("", DIFF_OPTIONS)
      .effect(writes(V, "--output")).effect(reads(O, "", "#2 !--no-index")).effect(reads(O, "", "--no-index").tree()))
    .sub(program("format-patch").options("o", "output-directory=/o signature-file= " + DIFF_OPTIONS)
      .effect(writes(V, "-o --output-directory --output")).effect(reads(V, "--signature-file")))
    .sub(program("archive").options("o", "output=/o remote= prefix= format= exec= add-file= add-virtual-file=")
      .refuses("--exec", CodeIn.PROGRAM)
      .effect(writes(V, "-o --output")).effect(contacts(V, "--remote")).effect(reads(V, "--add-file")))
    .sub(program("bundle").effect(writes(EffectFrom.SECOND_OPERAND)))
    .sub(program("init").options("b", "template= separate-git-dir= object-format= ref-format= initial-branch=/b " +
      "shared? bare quiet/q").effect(writes(EffectFrom.FIRST_OPERAND)).effect(writes(V, "--separate-git-dir"))
      .refuses("--template --separate-git-dir", CodeIn.PROGRAM))
    // Programs these run by name (a pager, a web server, a mail program); the rest of their line reads as the
    // global options do.
    // `--no-index` and `--untracked` search files on disk, ignored ones too: the pathspecs (or the working
    // directory) are read whole, and `-f` reads its patterns from a file.
    .sub(program("grep").style(Style.EXACT_LONG | Style.PERMUTE).options("ABCefm", GLOBAL_OPTIONS + " open-files-in-pager?/O " +
      "regexp=/e file=/f after-context=/A before-context=/B context=/C max-count=/m max-depth= threads= " +
      "no-index untracked exclude-standard")
      .refuses("--open-files-in-pager", CodeIn.PROGRAM)
      .effect(reads(EffectFrom.FILES_AFTER_PATTERN_OR_CWD, "-e -f --regexp --file", "--no-index --untracked").tree())
      .effect(reads(V, "-f --file")))
    .sub(program("instaweb").style(Style.EXACT_LONG).options("Cc", GLOBAL_OPTIONS + " httpd=").refuses("--httpd", CodeIn.PROGRAM))
    .sub(program("send-email").style(Style.EXACT_LONG).options("Cc", GLOBAL_OPTIONS + " sendmail-cmd= smtp-server=")
      .refuses("--sendmail-cmd --smtp-server", CodeIn.PROGRAM)));
  // Trace files and the index file the environment names.
  const git = rows[rows.length - 1];
  for (let i = 0; i < GIT_TRACE_VARIABLES.length; i++) git.effect(writes(EffectFrom.ENV_PATH, GIT_TRACE_VARIABLES[i]));
  for (let i = 0; i < GIT_FILE_VARIABLES.length; i++) git.effect(writes(EffectFrom.ENV_VALUE, GIT_FILE_VARIABLES[i]).tree());
  // git's HTTP transport (libcurl) sends every request through the proxy the environment names: a contact.
  for (let i = 0; i < PROXY_VARIABLES.length; i++) git.effect(contacts(EffectFrom.ENV_VALUE, PROXY_VARIABLES[i]));
}
