// git runs commands from configuration given on its command line: `-c alias.x='!cmd'`, `-c core.pager=cmd`,
// `core.sshCommand`, `core.editor`, `core.fsmonitor`, `diff.external`, … . The git row's describe hook reads
// the global options in order: each `-C dir` (the directory git, and so the code, runs in) and each `-c`
// whose value is shell code. Any other key that is not known to be harmless is code nobody can read.

import { bytesStartLower, indexOf, isOptionWord, wordIs } from "../expand/argv";
import { Script } from "../syntax/nodes";
import { Ch } from "../syntax/tokens";
import { ProgramFacts } from "./spec";

/** The git row's describe hook: argv[start] is git; its global options end at the subcommand. */
export function describeGit(s: Script, cmd: i32, start: i32, end: i32, facts: ProgramFacts): void {
  let dirs = 0; // `git -C a -C b`: b is relative to a
  for (let i = start + 1; i < end; i++) {
    const a = s.arg(cmd, i);
    if (!isOptionWord(s, a, false)) break;
    let value = -1, off = 0;
    // `-C dir` first: the `-c` test below must not take it for `-c` (it did, and the real -c slipped by).
    if (wordIs(s, a, "-C")) { facts.cd(i + 1 < end ? s.arg(cmd, i + 1) : -1, 0, dirs++ > 0); i++; continue; }
    if (isValueOption(s, a)) { i++; continue; }
    if (wordIs(s, a, "-c")) { if (i + 1 < end) { value = s.arg(cmd, i + 1); i++; } }
    else if (s.wordLen(a) > 2 && load<u8>(s.wordPtr(a)) == 0x2d && load<u8>(s.wordPtr(a) + 1) == 0x63) { value = a; off = 2; }
    if (value < 0) continue;
    if (!s.isStatic(value)) { facts.hiddenCode = true; continue; }
    const p = s.wordPtr(value) + <usize>off, n = s.wordLen(value) - off;
    const eq = indexOf(p, n, Ch.EQ);
    if (eq <= 0) { if (!isSafeGitKey(p, n)) facts.hiddenCode = true; continue; }
    let from = eq + 1;
    if (bytesStartLower(p, n, "alias.")) {
      if (from >= n || <u32>load<u8>(p + <usize>from) != Ch.BANG) continue; // a git alias, not a shell one
      from++;
    } else if (bytesStartLower(p, n, "credential.")) {
      if (from < n && <u32>load<u8>(p + <usize>from) == Ch.BANG) from++;
      // A helper named by a path (`/x/h`, `out/h`) is a program git runs, maybe one the command wrote; a bare
      // name (`store`, `cache --timeout=1`) is git's own `credential-<name>`, and "" resets the list.
      else { if (indexOf(p + <usize>from, n - from, Ch.SLASH) >= 0 || indexOf(p + <usize>from, n - from, 0x5c) >= 0) facts.hiddenCode = true; continue; }
    } else if (bytesStartLower(p, n, "core.hookspath=")) {
      facts.hiddenCode = true; // git runs the files in that directory
      continue;
    } else if (!runsShellText(p, n)) {
      // Many more keys run programs (core.askpass, filter.*.smudge, diff.*.textconv, …): only keys
      // known to be harmless pass; any other is code we cannot inspect.
      if (!isSafeGitKey(p, eq)) facts.hiddenCode = true;
      continue;
    }
    facts.code(value, off + from);
  }
  if (credentialQuery(s, cmd, gitSubcommandAt(s, cmd, start, end), end)) facts.hiddenCode = true;
}

/**
 * `git credential fill|approve|reject|capability` runs the configured helpers and prints (or changes) the stored
 * passwords; `git credential-cache get`, `credential-osxkeychain get`, … ask one helper. `credential-store`
 * has a row of its own (its file is a read the scopes judge); `credential-cache exit` only clears the cache.
 */
function credentialQuery(s: Script, cmd: i32, at: i32, end: i32): bool {
  if (at >= end) return false;
  const w = s.arg(cmd, at);
  if (!s.isStatic(w)) return false; // a computed subcommand: the allowed_commands step refuses it
  const p = s.wordPtr(w), n = s.wordLen(w);
  if (!bytesStartLower(p, n, "credential")) return false;
  if (n == 10) return true;
  if (bytesStartLower(p, n, "credential-store") && n == 16) return false;
  for (let k = at + 1; k < end; k++) {
    const a = s.arg(cmd, k);
    if (!s.isStatic(a) || !wordIs(s, a, "exit")) return true;
  }
  return at + 1 >= end;
}

/** The index of argv's subcommand word after git's global options (describeGit's loop), or `end`. */
export function gitSubcommandAt(s: Script, cmd: i32, start: i32, end: i32): i32 {
  let i = start + 1;
  for (; i < end; i++) {
    const a = s.arg(cmd, i);
    if (!isOptionWord(s, a, false)) break;
    if (wordIs(s, a, "-C") || isValueOption(s, a) || (wordIs(s, a, "-c") && i + 1 < end)) i++;
  }
  return i;
}

/** Global options whose value is the next word. */
function isValueOption(s: Script, a: i32): bool {
  return wordIs(s, a, "--git-dir") || wordIs(s, a, "--work-tree") || wordIs(s, a, "--namespace") || wordIs(s, a, "--exec-path");
}

/** Keys whose value git runs as a shell command line. */
function runsShellText(p: usize, n: i32): bool {
  return bytesStartLower(p, n, "core.pager=") || bytesStartLower(p, n, "core.sshcommand=") ||
    bytesStartLower(p, n, "core.editor=") || bytesStartLower(p, n, "core.fsmonitor=") ||
    bytesStartLower(p, n, "sequence.editor=") || bytesStartLower(p, n, "diff.external=") ||
    bytesStartLower(p, n, "gpg.program=") || bytesStartLower(p, n, "gpg.ssh.program=") ||
    bytesStartLower(p, n, "pager.") ||
    bytesStartLower(p, n, "merge.tool=") || bytesStartLower(p, n, "diff.tool=");
}

// git config keys that never name a program (case-insensitive prefixes).
const SAFE_GIT_KEYS: string[] = [
  "user.", "color.", "advice.", "init.defaultbranch", "log.", "format.pretty", "column.", "status.",
  "core.quotepath", "core.autocrlf", "core.safecrlf", "core.filemode", "core.ignorecase", "core.abbrev",
  "core.longpaths", "pull.rebase", "pull.ff", "push.default", "push.autosetupremote", "merge.ff",
  "fetch.prune", "safe.directory", "commit.gpgsign", "tag.gpgsign", "rerere.enabled", "branch.autosetuprebase",
  "diff.renames", "diff.colormoved", "i18n.", "gc.auto",
];

/** Is key (p, n) one that never names a program? */
export function isSafeGitKey(p: usize, n: i32): bool {
  for (let k = 0; k < SAFE_GIT_KEYS.length; k++) if (bytesStartLower(p, n, SAFE_GIT_KEYS[k])) return true;
  return false;
}
