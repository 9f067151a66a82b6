// How a command is shown in a deny message: its argv joined by spaces (the
// expanded words, with `$X` / `$(…)` where a value is only known at run time),
// control bytes shown as `?`, cut to about 120 bytes on a UTF-8 boundary.

import { ByteBuffer } from "../util/bytes";
import { Script } from "./syntax/nodes";

const MAX_SHOWN: i32 = 120;
const buf = new ByteBuffer(160);

/** argv[from, to) of command `cmd`, for a message (deny path only: allocates). */
export function showArgv(s: Script, cmd: i32, from: i32, to: i32): string {
  buf.reset();
  for (let k = from; k < to && buf.length <= MAX_SHOWN; k++) {
    if (k > from) buf.push(0x20);
    appendShown(s.wordPtr(s.arg(cmd, k)), s.wordLen(s.arg(cmd, k)));
  }
  return finish();
}

/** One word, for a message. */
export function showWord(s: Script, w: i32): string {
  buf.reset();
  appendShown(s.wordPtr(w), s.wordLen(w));
  return finish();
}

/** Arbitrary bytes, for a message. */
export function showBytes(p: usize, n: i32): string {
  buf.reset();
  appendShown(p, n);
  return finish();
}

function appendShown(p: usize, n: i32): void {
  for (let i = 0; i < n && buf.length <= MAX_SHOWN + 4; i++) {
    const c = load<u8>(p + <usize>i);
    buf.push(c < 0x20 || c == 0x7f ? 0x3f : c);
  }
}

function finish(): string {
  if (buf.length <= MAX_SHOWN) return buf.toString();
  let n = MAX_SHOWN;
  while (n > 0 && (load<u8>(buf.ptr + <usize>n) & 0xc0) == 0x80) n--; // do not split a UTF-8 sequence
  buf.length = n;
  return buf.toString() + "…";
}

/** A whole simple command for a message: assignments, then argv. */
export function showCommand(s: Script, cmd: i32): string {
  buf.reset();
  const na = s.cAssignN(cmd), argc = s.cArgc(cmd);
  for (let k = 0; k < na && buf.length <= MAX_SHOWN; k++) {
    if (k > 0) buf.push(0x20);
    const w = s.assignFlat.get(s.cAssign(cmd) + k);
    appendShown(s.wordPtr(w), s.wordLen(w));
  }
  for (let k = 0; k < argc && buf.length <= MAX_SHOWN; k++) {
    if (buf.length > 0) buf.push(0x20);
    appendShown(s.wordPtr(s.arg(cmd, k)), s.wordLen(s.arg(cmd, k)));
  }
  return finish();
}
