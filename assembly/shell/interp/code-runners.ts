// Programs that run commands in forms the walk does not parse: gdb's `-ex 'shell …'` and `-x FILE`, perf's
// `stat|record|trace CMD`, tmux's `new|split-window|send-keys|run-shell …` (and `-c`, `-f FILE`), screen's
// `-dm CMD`, start-stop-daemon's `--start --exec`, capsh's `-- ARGS` (bash's), expect's `-c`, at/batch and
// crontab's job text. A call is allowed only in a form known to run nothing; any other is code computed at
// run time.

import { Script } from "../syntax/nodes";
import { basenameOffset, bytesIs } from "../expand/argv";

/** Does argv[k, end) of `cmd` (k: the program's name) run no command? */
export function runsNothing(s: Script, cmd: i32, k: i32, end: i32): bool {
  const name = s.arg(cmd, k);
  const np = s.wordPtr(name), nn = s.wordLen(name);
  const b = basenameOffset(np, nn);
  const p = np + <usize>b, n = nn - b;
  for (let j = k + 1; j < end; j++) if (!s.isStatic(s.arg(cmd, j))) return false;
  if (bytesIs(p, n, "tmux")) return tmuxInert(s, cmd, k + 1, end);
  if (bytesIs(p, n, "perf")) return firstWordIn(s, cmd, k + 1, end, PERF_INERT);
  if (bytesIs(p, n, "capsh")) return everyWordIn(s, cmd, k + 1, end, CAPSH_INERT, true);
  if (bytesIs(p, n, "crontab")) return everyWordIn(s, cmd, k + 1, end, CRONTAB_INERT, false) && end > k + 1;
  if (bytesIs(p, n, "start-stop-daemon")) return !anyWordIn(s, cmd, k + 1, end, START_STOP_RUNS) && end > k + 1;
  // gdb, screen, expect, at, batch: only asking for a version, help or a list.
  return end > k + 1 && everyWordIn(s, cmd, k + 1, end, LISTS_ONLY, false);
}

const LISTS_ONLY: StaticArray<string> = [
  "--version", "-version", "-v", "-V", "--help", "-help", "-h", "-ls", "-list", "-wipe", "-l", "--configuration",
];
const PERF_INERT: StaticArray<string> = [
  "list", "report", "annotate", "version", "help", "evlist", "diff", "buildid-list", "top", "--version", "--help",
  "-v", "-h",
];
/** capsh's options that print or test capabilities (compared up to `=`). */
const CAPSH_INERT: StaticArray<string> = [
  "--print", "--current", "--decode", "--supports", "--has-p", "--has-i", "--has-a", "--has-b", "--has-ambient",
  "--explain", "--help", "--license",
];
const CRONTAB_INERT: StaticArray<string> = ["-l", "-r", "-u", "-i"];
const START_STOP_RUNS: StaticArray<string> = ["-S", "--start"];
/** tmux commands that run no shell command (the short forms too). */
const TMUX_INERT: StaticArray<string> = [
  "ls", "list-sessions", "list-windows", "lsw", "list-panes", "lsp", "list-clients", "lsc", "list-commands", "lscm",
  "list-keys", "lsk", "list-buffers", "lsb", "has-session", "has", "kill-session", "kill-server", "kill-window",
  "killw", "kill-pane", "killp", "attach", "attach-session", "a", "at", "attach-", "detach", "detach-client",
  "capture-pane", "capturep", "display-message", "display", "show-options", "show", "show-window-options", "showw",
  "show-buffer", "showb", "select-window", "selectw", "select-pane", "selectp", "rename-session", "rename",
  "rename-window", "renamew", "resize-pane", "resizep", "-V",
];

/**
 * tmux: no `-c` (a shell command) or `-f` (a config file, whose commands run) before the command, a command
 * that runs nothing, and no `;` joining another command.
 */
function tmuxInert(s: Script, cmd: i32, i: i32, end: i32): bool {
  while (i < end) {
    const a = s.arg(cmd, i);
    const p = s.wordPtr(a), n = s.wordLen(a);
    if (n < 2 || load<u8>(p) != 0x2d) break;
    if (bytesIs(p, n, "-V")) return true;
    for (let j = 1; j < n; j++) {
      const c = load<u8>(p + <usize>j);
      if (c == 0x63 || c == 0x66) return false; // -c, -f
      if (c == 0x4c || c == 0x53 || c == 0x54) { if (j + 1 == n) i++; break; } // -L name, -S socket, -T features
    }
    i++;
  }
  if (i >= end) return false; // bare tmux starts a shell
  if (!wordIn(s, s.arg(cmd, i), TMUX_INERT, false)) return false;
  for (let j = i + 1; j < end; j++) {
    const a = s.arg(cmd, j);
    const p = s.wordPtr(a), n = s.wordLen(a);
    if (n > 0 && load<u8>(p + <usize>(n - 1)) == 0x3b) return false; // `;` or `\;` ends the command
  }
  return true;
}

function firstWordIn(s: Script, cmd: i32, i: i32, end: i32, list: StaticArray<string>): bool {
  return i < end && wordIn(s, s.arg(cmd, i), list, false);
}

function everyWordIn(s: Script, cmd: i32, i: i32, end: i32, list: StaticArray<string>, upToEq: bool): bool {
  for (let j = i; j < end; j++) if (!wordIn(s, s.arg(cmd, j), list, upToEq)) return false;
  return true;
}

function anyWordIn(s: Script, cmd: i32, i: i32, end: i32, list: StaticArray<string>): bool {
  for (let j = i; j < end; j++) if (wordIn(s, s.arg(cmd, j), list, true)) return true;
  return false;
}

/** Is word w one of `list` (with upToEq, compared up to its first `=`)? */
function wordIn(s: Script, w: i32, list: StaticArray<string>, upToEq: bool): bool {
  const p = s.wordPtr(w);
  let n = s.wordLen(w);
  if (upToEq) for (let j = 0; j < n; j++) if (load<u8>(p + <usize>j) == 0x3d) { n = j; break; }
  for (let k = 0; k < list.length; k++) if (bytesIs(p, n, list[k])) return true;
  return false;
}
