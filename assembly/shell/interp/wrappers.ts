// Wrappers: commands that run another command (`sudo rm`, `xargs rm`,
// `find -exec rm {} ;`, `timeout 5 rm`) or run code (`sh -c '…'`, `eval`,
// `trap '…' EXIT`, `watch 'rm …'`, `ssh host 'rm …'`, `git -c alias.x='!rm …'`).
// Each wrapper is itself a view (it must pass the rules) and exposes what it
// runs: an inner view (returned as the argv index where it starts) or a
// payload (parsed as a nested script). Option tables follow each tool's
// getopt string; an unknown option is taken as a flag, so at worst a value is
// mistaken for the inner command, which then fails the allowlist (fail closed).

import { writtenScript } from "./script-file";
import { bytesStartLower, indexOf, isNameAssignText, isOptionWord, isStdinPath, wordIs } from "../expand/argv";
import { runsNothing } from "./code-runners";
import { Cmd, cmdId } from "../programs";
import { Script } from "../syntax/nodes";
import { Attr, Ch, ParseError, WordFlag, WordKind } from "../syntax/tokens";
import { toLowerAscii, utf8 } from "../../util/bytes";
import { ProgramSink } from "./program-sink";
import { ProgramRow, Style, gitSubcommandAt, isSafeGitKey, longTable, rowOfId } from "../programs";

/** First argv index of the command `cmd`'s view `v` runs, or -1 (may set w.innerEnd). */
export function unwrap(w: ProgramSink, v: i32, cmd: i32, k: i32, end: i32, info: i32): i32 {
  const s = w.s;
  const o = w.opts;
  const row = rowOfId(cmdId(info));
  const r = row as ProgramRow; // every Cmd id the switch reads options for has a row
  const hook = row !== null ? row.describe : null;
  if (hook !== null) { // procedural knowledge on the row (sed scripts, awk programs): the code it runs
    const facts = w.facts;
    facts.reset();
    hook(s, cmd, k, end, facts);
    w.describedCode(cmd, v, facts);
    if (w.p.err != ParseError.NONE) return -1;
  }
  let i = k + 1;
  switch (cmdId(info)) {
    case Cmd.ENV: {
      i = o.scanRow(s, cmd, i, end, r);
      // env takes any operand with `=` as an assignment, also names bash refuses (`BASH_FUNC_x%%=…`).
      for (; i < end && isEnvAssignText(s, s.arg(cmd, i)); i++) {
        s.addEnvWord(s.arg(cmd, i), cmd);
        w.commandEnv(cmd, v, s.arg(cmd, i));
      }
      const dir = o.value(0x43); // -C dir / --chdir=dir: the command runs there (allowed_working_directories)
      if (dir >= 0 || o.has(0x43)) w.transientCd(cmd, v, dir, o.valueOffset(0x43), false);
      const sv = o.value(0x53); // -S 'cmd args': split into a command line
      if (sv >= 0) {
        w.payloadJoin(cmd, v, i, end, sv, o.valueOffset(0x53));
        return -1;
      }
      return i;
    }
    case Cmd.NOHUP: case Cmd.SIMPLE_WRAPPER: case Cmd.NICE: case Cmd.XARGS: case Cmd.EXEC: case Cmd.DOAS:
    case Cmd.TIME: case Cmd.STDBUF: case Cmd.SETSID: case Cmd.STRACE:
    case Cmd.SSH_AGENT: case Cmd.NSENTER: case Cmd.UNSHARE: case Cmd.NUMACTL: case Cmd.CGEXEC:
      return o.scanRow(s, cmd, i, end, r);
    case Cmd.SKIP1_WRAPPER: case Cmd.TIMEOUT: // a user, a date, an architecture, a lock file; timeout's duration
      return o.scanRow(s, cmd, i, end, r) + 1;
    case Cmd.CODE_RUNNER:
      if (!runsNothing(s, cmd, k, end)) w.dynamicPayload(v);
      return -1;
    case Cmd.COMMAND:
      i = o.scanRow(s, cmd, i, end, r);
      return o.has(0x76) || o.has(0x56) ? -1 : i; // -v / -V only look the name up
    case Cmd.BUILTIN:
      return i;
    case Cmd.SUDO: {
      i = o.scanRow(s, cmd, i, end, r);
      if (o.has(0x65) || o.has(0x6c) || o.has(0x76) || o.has(0x56)) return -1; // -e edits, -l lists, -v, -V
      const dir = o.value(0x44); // -D dir / --chdir=dir
      if (dir >= 0) w.transientCd(cmd, v, dir, o.valueOffset(0x44), false);
      if (o.has(0x69)) loginHome(w, v, cmd); // -i / --login
      for (; i < end && isNameAssignText(s, s.arg(cmd, i)); i++) {
        s.addEnvWord(s.arg(cmd, i), cmd);
        w.commandEnv(cmd, v, s.arg(cmd, i));
      }
      return i;
    }
    case Cmd.IONICE:
      i = o.scanRow(s, cmd, i, end, r);
      return o.has(0x70) || o.has(0x50) || o.has(0x75) ? -1 : i;
    case Cmd.CHROOT:
      i = o.scanRow(s, cmd, i, end, r) + 1;
      // The command starts in the new root's `/` (`chroot / rm -rf *` empties /), unless --skip-chdir.
      if (!o.hasLong(r, "skip-chdir")) w.transientCd(cmd, v, s.commitRaw(changetype<usize>(SLASH), 1, WordKind.ARG, Attr.UNQUOTED), 0, false);
      return i;
    case Cmd.TASKSET:
      i = o.scanRow(s, cmd, i, end, r);
      return o.has(0x70) ? -1 : i + 1;
    case Cmd.CHRT:
      i = o.scanRow(s, cmd, i, end, r);
      return o.has(0x70) ? -1 : i + 1;
    case Cmd.WATCH:
      i = o.scanRow(s, cmd, i, end, r);
      if (o.has(0x78)) return i; // -x runs argv directly
      if (i < end) w.payloadJoin(cmd, v, i, end); // otherwise joined and run by sh -c
      return -1;
    case Cmd.FLOCK: {
      i = o.scanRow(s, cmd, i, end, r);
      if (o.value(0x63) >= 0) { w.payloadWord(cmd, v, o.value(0x63), o.valueOffset(0x63)); return -1; }
      i++; // the lock file or fd
      if (i < end && (wordIs(s, s.arg(cmd, i), "-c") || wordIs(s, s.arg(cmd, i), "--command"))) {
        if (i + 1 < end) w.payloadWord(cmd, v, s.arg(cmd, i + 1), 0);
        return -1;
      }
      return i;
    }
    case Cmd.SU: case Cmd.SCRIPT: // su/runuser/script -c 'code' (options may follow the user)
      if (cmdId(info) == Cmd.SU && suLogin(s, cmd, i, end)) loginHome(w, v, cmd);
      if (optAnywhere(w, cmd, i, end, 0x63, "command", row)) w.payloadWord(cmd, v, w.valWord, w.valOff);
      else if (optAnywhere(w, cmd, i, end, 0, "session-command", row)) w.payloadWord(cmd, v, w.valWord, w.valOff);
      else if (cmdId(info) == Cmd.SU) { // runuser -u USER [--] cmd args: the operands are the command
        i = o.scanRow(s, cmd, i, end, r);
        if (o.has(0x75)) return i;
      }
      return -1;
    case Cmd.SG: {
      i = o.scanRow(s, cmd, i, end, r) + 1; // the group
      if (i < end && wordIs(s, s.arg(cmd, i), "-c")) i++;
      if (i < end) w.payloadJoin(cmd, v, i, end);
      return -1;
    }
    case Cmd.SSH:
      return unwrapSsh(w, v, cmd, i, end, true);
    case Cmd.SCP:
      if (optAnywhere(w, cmd, i, end, 0x53, "", row)) w.payloadWord(cmd, v, w.valWord, w.valOff);
      return unwrapSsh(w, v, cmd, i, end, false);
    case Cmd.RSYNC: // -e / --rsh runs a local command
      if (optAnywhere(w, cmd, i, end, 0x65, "rsh", row)) w.payloadWord(cmd, v, w.valWord, w.valOff);
      return -1;
    case Cmd.TAR: // GNU tar runs programs for these options
      if (optAnywhere(w, cmd, i, end, 0x49, "use-compress-program", row)) w.payloadWord(cmd, v, w.valWord, w.valOff);
      if (optAnywhere(w, cmd, i, end, 0x46, "info-script", row)) w.payloadWord(cmd, v, w.valWord, w.valOff);
      if (optAnywhere(w, cmd, i, end, 0, "new-volume-script", row)) w.payloadWord(cmd, v, w.valWord, w.valOff);
      if (optAnywhere(w, cmd, i, end, 0, "to-command", row)) w.payloadWord(cmd, v, w.valWord, w.valOff);
      if (optAnywhere(w, cmd, i, end, 0, "checkpoint-action", row) && s.isStatic(w.valWord)) {
        const p = s.wordPtr(w.valWord) + <usize>w.valOff, n = s.wordLen(w.valWord) - w.valOff;
        if (bytesStartLower(p, n, "exec=")) w.payloadWord(cmd, v, w.valWord, w.valOff + 5);
      }
      return -1;
    case Cmd.BUSYBOX:
      return i < end && !isOptionWord(s, s.arg(cmd, i), false) ? i : -1;
    case Cmd.PARALLEL: {
      i = o.scanRow(s, cmd, i, end, r);
      let j = i;
      while (j < end && !bytesStartLower(s.wordPtr(s.arg(cmd, j)), s.wordLen(s.arg(cmd, j)), ":::")) j++;
      if (j > i) w.payloadJoin(cmd, v, i, j);
      else w.readsStdin(cmd, v, true); // commands read from stdin
      return -1;
    }
    case Cmd.EVAL:
      if (i < end && wordIs(s, s.arg(cmd, i), "--")) i++;
      if (i < end) w.payloadJoin(cmd, v, i, end);
      return -1;
    case Cmd.TRAP: {
      i = o.scanRow(s, cmd, i, end, r);
      if (o.has(0x6c) || o.has(0x70) || end - i < 2) return -1; // -l, -p, or a reset
      const a = s.arg(cmd, i);
      if (!wordIs(s, a, "-")) w.payloadWord(cmd, v, a, 0);
      return -1;
    }
    case Cmd.ALIAS:
      for (; i < end; i++) {
        const a = s.arg(cmd, i);
        const eq = indexOf(s.wordPtr(a), s.wordLen(a), Ch.EQ);
        if (eq > 0) w.payloadWord(cmd, v, a, eq + 1);
        else if (!s.isStatic(a)) w.dynamicPayload(v);
      }
      return -1;
    case Cmd.SHELL:
      return unwrapShell(w, v, cmd, i, end);
    case Cmd.ZIP: // zip -TT cmd / --unzip-command cmd
      for (let j = i; j < end; j++) {
        const a = s.arg(cmd, j);
        if ((wordIs(s, a, "-TT") || wordIs(s, a, "--unzip-command")) && j + 1 < end) w.payloadWord(cmd, v, s.arg(cmd, j + 1), 0);
      }
      if (optAnywhere(w, cmd, i, end, 0, "unzip-command", row)) w.payloadWord(cmd, v, w.valWord, w.valOff);
      return -1;
    case Cmd.MAN: // man -P pager / --pager=…
      if (optAnywhere(w, cmd, i, end, 0x50, "pager", row)) w.payloadWord(cmd, v, w.valWord, w.valOff);
      return -1;
    case Cmd.COMPGEN: // compgen/complete -C command: run to produce completions
      if (optAnywhere(w, cmd, i, end, 0x43, "", row)) w.payloadWord(cmd, v, w.valWord, w.valOff);
      return -1;
    case Cmd.ENABLE: // enable -f lib.so name: loads native code
      for (let k = i; k < end; k++) {
        const a = s.arg(cmd, k);
        if (!s.isStatic(a) || (s.wordLen(a) >= 2 && load<u8>(s.wordPtr(a)) == Ch.MINUS && indexOf(s.wordPtr(a), s.wordLen(a), 0x66) > 0)) {
          w.dynamicPayload(v);
          break;
        }
      }
      return -1;
    case Cmd.GIT:
      return unwrapGit(w, v, cmd, i, end, row);
    case Cmd.NPX:
      return unwrapPackageRunner(w, v, cmd, i, end);
    case Cmd.NPM: { // npm exec/x, pnpm dlx/exec, yarn dlx/exec (npm abbreviations are resolved by the walk)
      // npm reads its options anywhere before `--`: `npm -c 'cmd' exec`, `npm --package=./p exec x`.
      for (let k = i; k < end; k++) {
        const a = s.arg(cmd, k);
        if (wordIs(s, a, "--")) break;
        if (!s.isStatic(a)) continue;
        const p = s.wordPtr(a), n = s.wordLen(a);
        if (n < 2 || load<u8>(p) != Ch.MINUS) continue; // each option below starts with `-`
        if ((wordIs(s, a, "-c") || bytesStartLower(p, n, "--call")) && !bytesStartLower(p, n, "--call=")) {
          if (k + 1 < end) w.payloadWord(cmd, v, s.arg(cmd, k + 1), 0);
          return -1;
        }
        if (bytesStartLower(p, n, "--call=")) { w.payloadWord(cmd, v, a, 7); return -1; }
        if (bytesStartLower(p, n, "--package")) { w.dynamicPayload(v); return -1; }
        // nopt takes unique abbreviations: `--cal=cmd`, `--cal cmd`, `--pack=./p`.
        if (row !== null && n > 2 && load<u8>(p + 1) == Ch.MINUS) {
          if (abbreviates(row, p + 2, n - 2, "call")) {
            const eq = indexOf(p, n, Ch.EQ);
            if (eq >= 0) w.payloadWord(cmd, v, a, eq + 1);
            else if (k + 1 < end) w.payloadWord(cmd, v, s.arg(cmd, k + 1), 0);
            return -1;
          }
          if (abbreviates(row, p + 2, n - 2, "package")) { w.dynamicPayload(v); return -1; }
        }
      }
      i = o.scanRow(s, cmd, i, end, r);
      if (i >= end) return -1;
      const sub = s.arg(cmd, i);
      if (wordIs(s, sub, "exec") || wordIs(s, sub, "x") || wordIs(s, sub, "dlx")) return unwrapPackageRunner(w, v, cmd, i + 1, end);
      // `npm explore pkg -- cmd` runs cmd in a shell (alone, an interactive one).
      if (wordIs(s, sub, "explore")) {
        let k = i + 1;
        while (k < end && !wordIs(s, s.arg(cmd, k), "--")) k++;
        if (k + 1 < end) w.payloadJoin(cmd, v, k + 1, end);
        else w.dynamicPayload(v);
        return -1;
      }
      // `npm init vite`, `npm create vite`, `yarn create x`: run the package create-<name>, fetched at run time.
      if (wordIs(s, sub, "init") || wordIs(s, sub, "create")) {
        for (let k = i + 1; k < end; k++) {
          const a = s.arg(cmd, k);
          if (!s.isStatic(a) || !isOptionWord(s, a, false)) { w.dynamicPayload(v); break; }
        }
        return -1;
      }
      // `npm config set script-shell …` stores a program npm runs later (the --script-shell flag, persisted);
      // `config get`/`delete`/`list` only read or remove.
      const setting = wordIs(s, sub, "set") ||
        (wordIs(s, sub, "config") && i + 1 < end && (wordIs(s, s.arg(cmd, i + 1), "set") || wordIs(s, s.arg(cmd, i + 1), "add") ||
          !s.isStatic(s.arg(cmd, i + 1))));
      if (setting) {
        for (let k = i + 1; k < end; k++) {
          const a = s.arg(cmd, k);
          if (!s.isStatic(a) || isProgramConfigKey(s.wordPtr(a), s.wordLen(a))) { w.dynamicPayload(v); break; }
        }
      }
      return -1;
    }
    case Cmd.FIND:
      return unwrapFind(w, v, cmd, i, end, false);
    case Cmd.FD:
      return unwrapFind(w, v, cmd, i, end, true);
  }
  return -1;
}

// npm config keys whose value is a program (or a file of more config) npm runs or reads later.
const PROGRAM_CONFIG_KEYS = ["script-shell", "script_shell", "node-options", "node_options", "shell", "editor",
  "userconfig", "globalconfig", "git", "init-module", "init_module", "browser", "viewer", "onload-script",
  "onload_script", "node-gyp", "node_gyp"];

/** Is (p, n), up to any `=`, one of PROGRAM_CONFIG_KEYS (any case)? */
function isProgramConfigKey(p: usize, n: i32): bool {
  const eq = indexOf(p, n, Ch.EQ);
  const m = eq >= 0 ? eq : n;
  for (let k = 0; k < PROGRAM_CONFIG_KEYS.length; k++) {
    const key = PROGRAM_CONFIG_KEYS[k];
    if (key.length != m) continue;
    let same = true;
    // ASCII letters in any case; `_` and `-` as written (`| 0x20` would turn `_` into DEL).
    for (let i = 0; i < m; i++) if (toLowerAscii(<u32>load<u8>(p + <usize>i)) != <u32>key.charCodeAt(i)) { same = false; break; }
    if (same) return true;
  }
  return false;
}

/** An operand env takes as an assignment: static, with `=` after at least one byte. */
function isEnvAssignText(s: Script, w: i32): bool {
  if (isNameAssignText(s, w)) return true;
  return s.isStatic(w) && indexOf(s.wordPtr(w), s.wordLen(w), Ch.EQ) > 0;
}

/**
 * npx/pnpx/bunx and `npm exec`: run a package's command. The command is the
 * inner view (`npx eslint .` needs `eslint` allowed too); `-c 'cmd'` is code.
 * A package named apart from its command (`-p pkg`, `@scope/pkg`, `pkg@1.2`,
 * a URL or path) fetches code no name in allowed_commands vouches for.
 */
function unwrapPackageRunner(w: ProgramSink, v: i32, cmd: i32, i: i32, end: i32): i32 {
  const s = w.s;
  const o = w.opts;
  i = o.scanRow(s, cmd, i, end, rowOfId(Cmd.NPX) as ProgramRow); // npm exec reads npx's options
  if (o.value(0x63) >= 0) { w.payloadWord(cmd, v, o.value(0x63), o.valueOffset(0x63)); return -1; }
  if (o.value(0x70) >= 0 || o.has(0x72)) { w.dynamicPayload(v); return -1; } // -p pkg, --registry: code the name does not vouch for
  if (i >= end) return -1;
  const spec = s.arg(cmd, i);
  const p = s.wordPtr(spec), n = s.wordLen(spec);
  if (indexOf(p, n, Ch.SLASH) >= 0 || indexOf(p, n, Ch.COLON) >= 0 || (n > 1 && indexOf(p + 1, n - 1, Ch.AT) >= 0) ||
      (n > 0 && load<u8>(p) == Ch.AT)) {
    w.dynamicPayload(v);
    return -1;
  }
  return i;
}

/** sh/bash/zsh/…: `-c code`, a script operand, or a program read from stdin. */
function unwrapShell(w: ProgramSink, v: i32, cmd: i32, i: i32, end: i32): i32 {
  const s = w.s;
  const o = w.opts;
  i = o.scanRow(s, cmd, i, end, rowOfId(Cmd.SHELL) as ProgramRow);
  if (o.has(0x63)) { // -c: the first operand is the code
    if (i < end) w.payloadWord(cmd, v, s.arg(cmd, i), 0);
    else w.dynamicPayload(v); // `xargs bash -c`: the code arrives at run time
    return -1;
  }
  if (o.has(0x73) || i >= end || isStdinPath(s, s.arg(cmd, i))) w.readsStdin(cmd, v, true);
  else if ((s.wordFlags(s.arg(cmd, i)) & WordFlag.SUBST) != 0) w.dynamicPayload(v); // bash <(…): a script we cannot see
  else writtenScript(w, cmd, v, s.arg(cmd, i)); // `cat > f <<'EOF' … EOF; bash f`: the written text is the program
  return -1;
}

/**
 * Subcommands of git that run commands (`rebase --exec`, `submodule foreach`, `bisect run`, `difftool -x`,
 * `filter-branch`) or set config a later call runs (`git config`). Its global options (`-C dir`, `-c
 * alias.x='!cmd'`) are read by the row's describe hook (programs/git-config.ts).
 */
function unwrapGit(w: ProgramSink, v: i32, cmd: i32, i: i32, end: i32, row: ProgramRow | null): i32 {
  const s = w.s;
  i = gitSubcommandAt(s, cmd, i - 1, end); // the global options' directories and code: the row's hook
  if (i >= end) return -1;
  // Subcommands that run commands.
  const sub = s.arg(cmd, i);
  if (wordIs(s, sub, "config")) {
    // `git config KEY VALUE` (or `git config set KEY VALUE`) writes what the next git call runs.
    let j = i + 1;
    while (j < end && isOptionWord(s, s.arg(cmd, j), false)) j++;
    if (j < end && wordIs(s, s.arg(cmd, j), "set")) j++;
    while (j < end && isOptionWord(s, s.arg(cmd, j), false)) j++;
    if (j + 1 < end) {
      const key = s.arg(cmd, j);
      if (!s.isStatic(key) || !isSafeGitKey(s.wordPtr(key), s.wordLen(key))) w.dynamicPayload(v);
    }
  } else if (wordIs(s, sub, "clone") && mirrorIn(s, cmd, i + 1, end)) {
    // `git clone --mirror URL d` sets remote.origin.mirror in d: a later `git push` there force-updates and
    // deletes the remote's refs, as after `git remote add --mirror`.
    w.dynamicPayload(v);
  } else if (wordIs(s, sub, "clone") && optAnywhere(w, cmd, i + 1, end, 0x75, "upload-pack", subRow(row, "clone"))) {
    w.dynamicPayload(v); // clone -u <program>
  } else if (wordIs(s, sub, "submodule")) {
    let j = i + 1;
    while (j < end && !wordIs(s, s.arg(cmd, j), "foreach")) j++;
    j++;
    while (j < end && isOptionWord(s, s.arg(cmd, j), false)) j++;
    if (j < end) w.payloadJoin(cmd, v, j, end);
  } else if (wordIs(s, sub, "rebase")) {
    if (optAnywhere(w, cmd, i + 1, end, 0x78, "exec", subRow(row, "rebase"))) w.payloadWord(cmd, v, w.valWord, w.valOff);
  } else if (wordIs(s, sub, "bisect")) {
    if (i + 2 < end && wordIs(s, s.arg(cmd, i + 1), "run")) return i + 2;
  } else if (wordIs(s, sub, "difftool") || wordIs(s, sub, "mergetool")) {
    // `-x cmd` is the command; otherwise the tool configured (diff.tool, merge.tool) or vimdiff, which no word shows.
    const tools = subRow(row, "difftool");
    if (optAnywhere(w, cmd, i + 1, end, 0x78, "extcmd", tools)) w.payloadWord(cmd, v, w.valWord, w.valOff);
    else {
      let help = false; // `--tool-help` only lists the tools
      for (let k = i + 1; k < end && !help; k++) help = wordIs(s, s.arg(cmd, k), "--tool-help");
      if (!help) w.dynamicPayload(v);
    }
  } else if (wordIs(s, sub, "remote")) {
    // `git remote add --mirror[=push] x URL` sets remote.x.mirror, as `git config remote.x.mirror true` does: a
    // later `git push x` force-updates and deletes every ref of x.
    let j = i + 1;
    while (j < end && isOptionWord(s, s.arg(cmd, j), false)) j++;
    if (j < end && wordIs(s, s.arg(cmd, j), "add") && mirrorIn(s, cmd, j + 1, end)) w.dynamicPayload(v);
  } else if (wordIs(s, sub, "filter-branch")) {
    const filters = ["env-filter", "tree-filter", "index-filter", "parent-filter", "msg-filter", "commit-filter", "tag-name-filter"];
    for (let f = 0; f < filters.length; f++) {
      if (optAnywhere(w, cmd, i + 1, end, 0, filters[f], null)) w.payloadWord(cmd, v, w.valWord, w.valOff);
    }
  }
  return -1;
}

/**
 * find … -exec/-execdir/-ok/-okdir cmd … ; (or +), and fd's -x/-X cmd …:
 * each runs a command; they are sibling views of the find.
 */
function unwrapFind(w: ProgramSink, v: i32, cmd: i32, i: i32, end: i32, fd: bool): i32 {
  const s = w.s;
  for (; i < end; i++) {
    const a = s.arg(cmd, i);
    if (!s.isStatic(a)) continue;
    const exec = fd
      ? wordIs(s, a, "-x") || wordIs(s, a, "-X") || wordIs(s, a, "--exec") || wordIs(s, a, "--exec-batch")
      : wordIs(s, a, "-exec") || wordIs(s, a, "-execdir") || wordIs(s, a, "-ok") || wordIs(s, a, "-okdir");
    if (!exec) continue;
    let j = i + 1;
    while (j < end) {
      const t = s.arg(cmd, j);
      if (wordIs(s, t, ";")) break;
      if (wordIs(s, t, "+") && j > i + 1 && wordIs(s, s.arg(cmd, j - 1), "{}")) break;
      j++;
    }
    if (j > i + 1) w.chain(cmd, i + 1, j, v);
    i = j;
  }
  return -1;
}

/**
 * ssh/scp: `-o ProxyCommand=…` / `LocalCommand` / `KnownHostsCommand` run
 * locally; ssh's words after the host are a command for the remote shell.
 * ssh parses options again after the host, so they may appear anywhere.
 */
function unwrapSsh(w: ProgramSink, v: i32, cmd: i32, i: i32, end: i32, remote: bool): i32 {
  const s = w.s;
  let host = false;
  for (; i < end; i++) {
    const a = s.arg(cmd, i);
    if (!isOptionWord(s, a, false)) {
      if (!remote || host) break;
      host = true;
      continue;
    }
    if (wordIs(s, a, "--")) { i++; if (!host) { host = true; i++; } break; }
    const p = s.wordPtr(a), n = s.wordLen(a);
    for (let q = 1; q < n; q++) {
      const c = <u32>load<u8>(p + <usize>q);
      if (indexOfChar("BbcDEeFIiJLlmOoPpQRSWw", c) < 0) continue;
      let value = -1, off = 0;
      if (q + 1 < n) { value = a; off = q + 1; } else if (i + 1 < end) { value = s.arg(cmd, i + 1); i++; }
      if (c == 0x6f && value >= 0) sshOption(w, v, cmd, value, off);
      break;
    }
  }
  if (remote && i < end) w.payloadJoin(cmd, v, i, end);
  return -1;
}

function sshOption(w: ProgramSink, v: i32, cmd: i32, value: i32, off: i32): void {
  const s = w.s;
  if (!s.isStatic(value)) { w.dynamicPayload(v); return; }
  const p = s.wordPtr(value) + <usize>off, n = s.wordLen(value) - off;
  let k = 0;
  while (k < n && <u32>load<u8>(p + <usize>k) != Ch.EQ && <u32>load<u8>(p + <usize>k) != Ch.SPACE) k++;
  if (k >= n) return;
  if (bytesStartLower(p, n, "proxycommand") || bytesStartLower(p, n, "localcommand") ||
      bytesStartLower(p, n, "knownhostscommand") || bytesStartLower(p, n, "remotecommand")) {
    w.payloadWord(cmd, v, value, off + k + 1);
  }
}

const SLASH = utf8("/");
const USER_HOME = utf8("~root");

/**
 * A login (`su -`, `runuser -l`, `sudo -i`) starts in the user's home, which we do not know (su's default
 * user is root; any `~user` is the home marker): a cd there for this command (`su - -c 'rm -rf *'`).
 */
function loginHome(w: ProgramSink, v: i32, cmd: i32): void {
  w.transientCd(cmd, v, w.s.commitRaw(changetype<usize>(USER_HOME), USER_HOME.length, WordKind.ARG, Attr.UNQUOTED), 0, false);
}

/** Does su/runuser log in: `-`, `-l`, a bundle with l (`-lc`), `--login` or a prefix of it; a computed word may be one. */
function suLogin(s: Script, cmd: i32, i: i32, end: i32): bool {
  for (let j = i; j < end; j++) {
    const a = s.arg(cmd, j);
    if (!s.isStatic(a)) return true;
    const p = s.wordPtr(a), n = s.wordLen(a);
    if (n == 0 || <u32>load<u8>(p) != Ch.MINUS) continue;
    if (n == 1) return true;
    if (<u32>load<u8>(p + 1) == Ch.MINUS) {
      if (n == 2) return false; // --
      if (n >= 5 && "login".startsWith(String.UTF8.decodeUnsafe(p + 2, <usize>(n - 2)))) return true;
      continue;
    }
    for (let q = 1; q < n; q++) {
      const ch = <u32>load<u8>(p + <usize>q);
      if (ch == 0x6c) return true;
      if (indexOfChar("csgGwu", ch) >= 0) { if (q + 1 == n) j++; break; } // takes a value
    }
  }
  return false;
}

function indexOfChar(list: string, c: u32): i32 {
  for (let i = 0, n = list.length; i < n; i++) if (<u32>list.charCodeAt(i) == c) return i;
  return -1;
}

/**
 * Find option `c` (short, 0 for none) or `--long` anywhere in argv[i, end)
 * (GNU tools permute options past operands); the row's grammar says which
 * other short options take a value (and which long prefixes it accepts).
 * Sets w.valWord / w.valOff.
 */
function optAnywhere(w: ProgramSink, cmd: i32, i: i32, end: i32, c: u32, long: string, row: ProgramRow | null): bool {
  const s = w.s;
  const argLetters = row !== null ? row.grammar.valueShorts : "";
  const ln = long.length;
  for (let j = i; j < end; j++) {
    const a = s.arg(cmd, j);
    if (!s.isStatic(a)) continue;
    const p = s.wordPtr(a), n = s.wordLen(a);
    if (n < 2 || <u32>load<u8>(p) != Ch.MINUS) continue;
    if (<u32>load<u8>(p + 1) == Ch.MINUS) {
      if (n == 2) return false; // --
      if (ln > 0 && row !== null && abbreviates(row, p + 2, n - 2, long)) { // `--comm=x` for `--command=x`
        const eq = indexOf(p, n, Ch.EQ);
        if (eq >= 0) { w.valWord = a; w.valOff = eq + 1; return true; }
        if (j + 1 >= end) return false;
        w.valWord = s.arg(cmd, j + 1);
        w.valOff = 0;
        return true;
      }
      if (ln == 0 || n < ln + 2) continue;
      let same = true;
      for (let k = 0; k < ln; k++) {
        if (<u32>load<u8>(p + <usize>k + 2) != <u32>long.charCodeAt(k)) { same = false; break; }
      }
      if (!same) continue;
      if (n == ln + 2) {
        if (j + 1 >= end) return false;
        w.valWord = s.arg(cmd, j + 1);
        w.valOff = 0;
        return true;
      }
      if (<u32>load<u8>(p + <usize>ln + 2) == Ch.EQ) { w.valWord = a; w.valOff = ln + 3; return true; }
      continue;
    }
    for (let q = 1; q < n; q++) {
      const ch = <u32>load<u8>(p + <usize>q);
      if (c != 0 && ch == c) {
        if (q + 1 < n) { w.valWord = a; w.valOff = q + 1; return true; }
        if (j + 1 >= end) return false;
        w.valWord = s.arg(cmd, j + 1);
        w.valOff = 0;
        return true;
      }
      if (indexOfChar(argLetters, ch) >= 0) {
        if (q + 1 == n) j++;
        break;
      }
    }
  }
  return false;
}

/**
 * Is the long option word at p (n bytes after `--`, up to any `=`) a shorter spelling of `long` that the
 * program's grammar reads as it (GNU getopt_long and git's parse-options take unique prefixes)?
 */
function abbreviates(row: ProgramRow, p: usize, n: i32, long: string): bool {
  const eq = indexOf(p, n, Ch.EQ);
  const m = eq < 0 ? n : eq;
  if (m >= long.length || (row.grammar.style & Style.EXACT_LONG) != 0) return false;
  const t = longTable(row.grammar);
  const i = t.find(p, m, false);
  return i >= 0 && t.names[i] == long;
}

/** Is there a `--mirror` option (isMirrorOption) among args [from, end) before `--`, or an option computed at run time? */
function mirrorIn(s: Script, cmd: i32, from: i32, end: i32): bool {
  for (let k = from; k < end; k++) {
    const a = s.arg(cmd, k);
    if (wordIs(s, a, "--")) return false;
    if (!s.isStatic(a)) { if (isOptionWord(s, a, false)) return true; continue; }
    if (isMirrorOption(s.wordPtr(a), s.wordLen(a))) return true;
  }
  return false;
}

/** `--mirror`, `--mirror=push`, or an abbreviation git's parse-options takes (`--mir`, `--m=fetch`). */
function isMirrorOption(p: usize, n: i32): bool {
  const eq = indexOf(p, n, Ch.EQ);
  const m = eq >= 0 ? eq : n;
  if (m < 3 || m > 8) return false;
  const name = "--mirror";
  for (let i = 0; i < m; i++) if (<u32>load<u8>(p + <usize>i) != <u32>name.charCodeAt(i)) return false;
  return true;
}

/** The subcommand row of `row` named `name`, or null. */
function subRow(row: ProgramRow | null, name: string): ProgramRow | null {
  if (row === null) return null;
  for (let i = 0; i < row.subcommands.length; i++) {
    const names = row.subcommands[i].names.split(" ");
    for (let j = 0; j < names.length; j++) if (names[j] == name) return row.subcommands[i];
  }
  return null;
}

