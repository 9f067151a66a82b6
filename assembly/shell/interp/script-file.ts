// A script the command writes and then runs: `cat > f <<'EOF' … EOF` followed
// by `bash f`, `sh ./f`, `. f` or `source f` — how agents write a script and
// run it in one call. When the file's whole text is a static here-document,
// that text is what the shell runs, so it is parsed as the shell's program and
// judged like `bash -c '…'`; the write is then no longer hidden code
// (writes-then-runs.ts skips it). Anything else — a body with expansions, a
// second write to the file, a writer other than a plain `cat` — stays hidden
// code there.
//
// When the write does not happen (the directory is missing, `set -C`), the
// shell runs whatever the file held before, as `bash f` alone would. Nothing
// else may run beside the two, except `chmod` with words written out: another
// program could change the file between write and run (`sed -i`, a background
// job, a function) through a name we cannot see (`"$F"`).

import { Script } from "../syntax/nodes";
import { CmdFlag, Redir, writesFile } from "../syntax/tokens";
import { Cmd, cmdId, commandInfo } from "../programs";
import { catInto } from "./stdin";
import { samePath } from "./writes-then-runs";
import { ProgramSink } from "./program-sink";

/** Parse the static text an earlier `cat > f <<'EOF'` wrote to word `f` as the program `cmd` runs. True when it did. */
export function writtenScript(w: ProgramSink, cmd: i32, v: i32, f: i32): bool {
  const s = w.s;
  if (!s.isStatic(f)) return false;
  let writer = -1, target = -1;
  for (let c = 0, n = s.commandCount; c < n; c++) {
    for (let k = 0, m = s.cRedirN(c); k < m; k++) {
      const r = s.redirFlat.get(s.cRedir(c) + k);
      if (!writes(s, r) || !samePath(s, f, r)) continue;
      if (writer >= 0) return false; // written twice: which text runs depends on order we do not model
      writer = c;
      target = r;
    }
  }
  if (writer < 0 || writer >= cmd || !onlyStdoutTo(s, writer, target)) return false;
  if (!onlyWriterAndRunner(s, writer, cmd)) return false;
  // The write must be over before the shell reads: not in the background, not a pipeline stage beside the run.
  if ((s.cFlags(writer) & CmdFlag.ASYNC) != 0 || inPipeline(s, writer)) return false;
  const name = s.arg(writer, 0);
  if (s.cArgc(writer) == 0 || !s.isStatic(name) || cmdId(commandInfo(s.wordPtr(name), s.wordLen(name))) != Cmd.CAT) return false;
  const buf = w.p.payloadBuffer();
  if (!catInto(s, writer, s.cArgc(writer), buf)) return false;
  s.checkedWrites.push(target);
  w.parsePayload(cmd);
  return true;
}

/** Every other command is a `chmod` with static words: nothing else could touch the file in between. */
function onlyWriterAndRunner(s: Script, writer: i32, runner: i32): bool {
  for (let c = 0, n = s.commandCount; c < n; c++) {
    if (c == writer || c == runner) continue;
    const argc = s.cArgc(c);
    if (argc == 0) return false;
    const name = s.arg(c, 0);
    if (!s.isStatic(name) || cmdId(commandInfo(s.wordPtr(name), s.wordLen(name))) != Cmd.CHMOD) return false;
    for (let k = 1; k < argc; k++) if (!s.isStatic(s.arg(c, k))) return false;
    if (s.cRedirN(c) > 0) return false;
  }
  return true;
}

/** Is command c (at any depth) one stage of a pipeline of two or more, whose stages run at the same time? */
function inPipeline(s: Script, c: i32): bool {
  for (let st = s.cStage(c); st >= 0; st = s.sParent.get(st)) {
    const pipe = s.sPipe.get(st);
    for (let r = 0, n = s.sPipe.length; r < n; r++) if (r != st && s.sPipe.get(r) == pipe) return true;
  }
  return false;
}

/** An output redirection (any fd). */
function writes(s: Script, r: i32): bool {
  const op = s.wAux(r) & 0xff;
  return writesFile(op);
}

/** `target` is a truncating write of stdout, and the writer's only redirection of stdout. */
function onlyStdoutTo(s: Script, c: i32, target: i32): bool {
  for (let k = 0, m = s.cRedirN(c); k < m; k++) {
    const r = s.redirFlat.get(s.cRedir(c) + k);
    const aux = s.wAux(r), op = aux & 0xff, fd = (aux >> 8) - 1;
    const stdout = op == Redir.ALL_OUT || op == Redir.ALL_APPEND ||
      ((op == Redir.OUT || op == Redir.APPEND || op == Redir.CLOBBER || op == Redir.DUP_OUT || op == Redir.READ_WRITE) && (fd < 0 || fd == 1));
    if (r == target) {
      if (!(op == Redir.OUT || op == Redir.CLOBBER || op == Redir.ALL_OUT) || (fd >= 0 && fd != 1)) return false;
    } else if (stdout) {
      return false;
    }
  }
  return true;
}
