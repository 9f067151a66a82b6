// What a shell reading its program from a pipe will run: only a static `echo`,
// `printf` or `cat <<EOF` producer can be read back (`echo 'rm -rf /' | sh`).
// Anything else feeding a shell is code we cannot see (walk.ts flags it).

import { ByteBuffer } from "../../util/bytes";
import { indexOf, wordIs } from "../expand/argv";
import { Cmd, cmdId, commandInfo } from "../programs";
import { Script } from "../syntax/nodes";
import { Ch, CmdFlag, Redir, WordKind } from "../syntax/tokens";
import { ProgramSink } from "./program-sink";

/** The pipeline stage (index > 0) whose output is this command's stdin, or -1. */
export function stdinStage(s: Script, cmd: i32): i32 {
  let st = s.cStage(cmd);
  while (st >= 0 && s.sIndex.get(st) == 0) st = s.sParent.get(st);
  return st;
}

/** Is command c inside stage row `row` (at any depth)? */
export function inStage(s: Script, c: i32, row: i32): bool {
  for (let st = s.cStage(c); st >= 0; st = s.sParent.get(st)) if (st == row) return true;
  return false;
}

/** The stage row just before `row` in the same pipeline, or -1. */
export function previousStage(s: Script, row: i32): i32 {
  const pipe = s.sPipe.get(row), idx = s.sIndex.get(row) - 1;
  for (let r = 0, n = s.sPipe.length; r < n; r++) {
    if (s.sPipe.get(r) == pipe && s.sIndex.get(r) == idx) return r;
  }
  return -1;
}

/**
 * Parse what a static producer pipes into the shell `cmd` as its payload.
 * Returns true when handled (or stdin is not a pipe), false when unknown.
 */
export function producerPayload(w: ProgramSink, cmd: i32, v: i32): bool {
  const s = w.s;
  const st = stdinStage(s, cmd);
  if (st < 0) return true;
  const row = previousStage(s, st);
  if (row < 0) return false;
  let producer = -1;
  for (let c = 0, n = s.commandCount; c < n; c++) {
    if (!inStage(s, c, row)) continue;
    if (producer >= 0) return false;
    producer = c;
  }
  if (producer < 0 || producer >= cmd || s.cStage(producer) != row) return false;
  const argc = s.cArgc(producer);
  if (argc == 0) return false;
  const name = s.arg(producer, 0);
  if (!s.isStatic(name)) return false;
  const info = commandInfo(s.wordPtr(name), s.wordLen(name));
  const buf = w.p.payloadBuffer();
  let ok = false;
  switch (cmdId(info)) {
    case Cmd.ECHO: ok = echoInto(s, producer, argc, buf); break;
    case Cmd.PRINTF: ok = printfInto(s, producer, argc, buf); break;
    case Cmd.CAT: ok = catInto(s, producer, argc, buf); break;
  }
  if (!ok) return false;
  w.parsePayload(cmd);
  return true;
}

function echoInto(s: Script, c: i32, argc: i32, buf: ByteBuffer): bool {
  let k = 1;
  while (k < argc) {
    const w = s.arg(c, k);
    const p = s.wordPtr(w), n = s.wordLen(w);
    if (n < 2 || <u32>load<u8>(p) != Ch.MINUS) break;
    let flags = true;
    for (let i = 1; i < n; i++) {
      const f = <u32>load<u8>(p + <usize>i);
      if (f != 0x6e && f != 0x65 && f != 0x45) { flags = false; break; }
    }
    if (!flags) break;
    if (indexOf(p, n, 0x65) >= 0) return false; // -e: escapes we do not model
    k++;
  }
  for (let first = true; k < argc; k++, first = false) {
    const w = s.arg(c, k);
    // dash's echo decodes backslashes even without -e: not modelled.
    if (!s.isStatic(w) || indexOf(s.wordPtr(w), s.wordLen(w), Ch.BACKSLASH) >= 0) return false;
    if (!first) buf.push(<u8>Ch.SPACE);
    buf.append(s.wordPtr(w), s.wordLen(w));
  }
  buf.push(<u8>Ch.NL);
  return true;
}

/** printf with only %s, %b (no escapes), %% and simple escapes in the format. */
function printfInto(s: Script, c: i32, argc: i32, buf: ByteBuffer): bool {
  if (argc < 2) return false;
  const fmt = s.arg(c, 1);
  if (!s.isStatic(fmt) || wordIs(s, fmt, "-v")) return false;
  let next = 2;
  for (let pass = 0; pass < 64; pass++) {
    const p = s.wordPtr(fmt), n = s.wordLen(fmt);
    let used = 0;
    for (let i = 0; i < n; i++) {
      const ch = <u32>load<u8>(p + <usize>i);
      if (ch == Ch.BACKSLASH) {
        const e = <u32>load<u8>(p + <usize>i + 1);
        i++;
        if (i >= n) return false;
        if (e == 0x6e) buf.push(<u8>Ch.NL);
        else if (e == 0x74) buf.push(<u8>Ch.TAB);
        else if (e == Ch.BACKSLASH || e == Ch.SQUOTE || e == Ch.DQUOTE) buf.push(<u8>e);
        else return false;
        continue;
      }
      if (ch == Ch.PERCENT) {
        i++;
        if (i >= n) return false;
        const d = <u32>load<u8>(p + <usize>i);
        if (d == Ch.PERCENT) { buf.push(<u8>d); continue; }
        if (d != 0x73 && d != 0x62) return false; // %s %b only
        used++;
        if (next < argc) {
          const a = s.arg(c, next++);
          if (!s.isStatic(a)) return false;
          if (d == 0x62 && indexOf(s.wordPtr(a), s.wordLen(a), Ch.BACKSLASH) >= 0) return false;
          buf.append(s.wordPtr(a), s.wordLen(a));
        }
        continue;
      }
      buf.push(<u8>ch);
    }
    if (used == 0 || next >= argc) return true;
  }
  return false;
}

/** `cat` with no file operands, fed by a here-document or here-string. */
export function catInto(s: Script, c: i32, argc: i32, buf: ByteBuffer): bool {
  for (let k = 1; k < argc; k++) if (!wordIs(s, s.arg(c, k), "-")) return false;
  const base = s.cRedir(c), n = s.cRedirN(c);
  for (let k = n - 1; k >= 0; k--) {
    const r = s.redirFlat.get(base + k);
    const aux = s.wAux(r), op = aux & 0xff, fd = (aux >> 8) - 1;
    if (fd > 0) continue;
    let w = -1;
    if (op == Redir.HEREDOC || op == Redir.HEREDOC_TABS) w = s.wAux2(r);
    else if (op == Redir.HERESTRING) w = r;
    else return false;
    if (w < 0 || !s.isStatic(w)) return false;
    buf.append(s.wordPtr(w), s.wordLen(w));
    if (op == Redir.HERESTRING) buf.push(<u8>Ch.NL);
    return true;
  }
  return false;
}

/** fdSource: no redirection of that descriptor on the command (it keeps what the shell gave it). */
export const NO_REDIRECT = -1;
/** fdSource: the descriptor is closed (`<&-`). */
export const FD_CLOSED = -2;
/** fdSource: it is a copy of a descriptor the command does not open, or of one computed at run time. */
export const FD_UNKNOWN = -3;

/**
 * Which of a command's redirections (redirFlat[base, base + n)) leaves descriptor `fd` open on its source: the
 * last one that targets it, followed through duplications (`<&3`, `0<&3-`, `3<&4`) to the redirection that
 * opened the copied descriptor before it. Its word, or NO_REDIRECT, FD_CLOSED or FD_UNKNOWN.
 */
export function fdSource(s: Script, base: i32, n: i32, fd: i32): i32 {
  for (let k = n - 1; k >= 0; k--) {
    const r = s.redirFlat.get(base + k);
    const aux = s.wAux(r), op = aux & 0xff;
    const input = op == Redir.IN || op == Redir.READ_WRITE || op == Redir.DUP_IN || op == Redir.HEREDOC ||
      op == Redir.HEREDOC_TABS || op == Redir.HERESTRING;
    let target = (aux >> 8) - 1;
    if (target < 0) target = input ? 0 : 1;
    if (target != fd && !((op == Redir.ALL_OUT || op == Redir.ALL_APPEND) && fd == 2)) continue;
    if (op != Redir.DUP_IN && op != Redir.DUP_OUT) return input ? r : FD_UNKNOWN;
    // `<&N`, `<&N-` (moved), `<&-` (closed): N's source among the redirections before this one.
    if (!s.isStatic(r)) return FD_UNKNOWN;
    const p = s.wordPtr(r);
    let len = s.wordLen(r);
    if (len == 1 && load<u8>(p) == Ch.MINUS) return FD_CLOSED;
    if (len > 1 && load<u8>(p + <usize>len - 1) == Ch.MINUS) len--;
    let from = 0;
    for (let i = 0; i < len; i++) {
      const c = <i32>load<u8>(p + <usize>i) - 0x30;
      if (c < 0 || c > 9 || from > 1000) return FD_UNKNOWN;
      from = from * 10 + c;
    }
    if (len == 0) return FD_UNKNOWN;
    const source = fdSource(s, base, k, from);
    // A descriptor the command does not open is the shell's own: stdin is what it was, any other is unknown.
    return source == NO_REDIRECT && from != 0 ? FD_UNKNOWN : source;
  }
  return NO_REDIRECT;
}

/**
 * Does a compound command (`{ …; } < f`, `while …; done <<< x`, `(…) <&3`) or `exec` without a command
 * redirect the shell's stdin? The commands inside (or after) would read it; which ones is not tracked. Read
 * from the parsed words, as the walk may not have reached those commands yet.
 */
export function compoundFeedsStdin(s: Script): bool {
  for (let c = 0, n = s.commandCount; c < n; c++) {
    const compound = (s.cFlags(c) & CmdFlag.COMPOUND) != 0;
    let args = 0, exec = false, stdin = false;
    for (let w = s.cFirst(c); w >= 0; w = s.wNext(w)) {
      const kind = s.wordKind(w);
      if (kind == WordKind.ARG) {
        if (args++ == 0) exec = wordIs(s, w, "exec");
      } else if (kind == WordKind.REDIR) {
        const aux = s.wAux(w), op = aux & 0xff, fd = (aux >> 8) - 1;
        const input = op == Redir.IN || op == Redir.READ_WRITE || op == Redir.DUP_IN || op == Redir.HEREDOC ||
          op == Redir.HEREDOC_TABS || op == Redir.HERESTRING;
        if (fd == 0 || (fd < 0 && input)) stdin = true;
      }
    }
    if (stdin && (compound || (exec && args == 1))) return true;
  }
  return false;
}
