// An argv array (Codex `shell`: `["bash", "-lc", "npm test"]`) as the shell
// line that runs exactly that argv: every element that is not plainly safe is
// single-quoted, so the command checks parse the same words the tool execs —
// including the script after `-c`, which the parser then checks as code.
// The form Codex always sends, a POSIX shell with `-c`/`-lc` and one script,
// is judged as that script alone, so a passport need not list `bash` to let
// `npm test` run (a login shell's profile is the user's own file).

import { Json, JsonType } from "../../../json/reader";
import { ByteBuffer } from "../../../util/bytes";

const element = new ByteBuffer(128);

/** Bytes that need no quoting in a shell word. */
function plainByte(c: u8): bool {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) ||
    c == 0x2d || c == 0x5f || c == 0x2e || c == 0x2f || c == 0x3a || c == 0x3d || c == 0x40 || c == 0x25 || c == 0x2b || c == 0x2c;
}

/** The argv at `pos` into `out` (reset first) as one shell line; "" when done, else what is wrong. */
export function argvToShellLine(json: Json, pos: i32, out: ByteBuffer): string {
  out.reset();
  let e = json.firstElement(pos);
  if (e < 0) return "is an empty argv array";
  const script = shellScriptOf(json, e);
  if (script >= 0) {
    json.decodeString(script, out);
    for (let i = 0; i < out.length; i++) {
      if (load<u8>(out.ptr + <usize>i) == 0) return "has an element with a NUL byte";
    }
    return "";
  }
  let first = true;
  while (e >= 0) {
    if (json.typeAt(e) != JsonType.String) return "must be a string or an array of strings";
    element.reset();
    json.decodeString(e, element);
    if (!first) out.push(0x20);
    first = false;
    let plain = element.length > 0;
    for (let i = 0; i < element.length; i++) {
      const c = load<u8>(element.ptr + <usize>i);
      // A NUL cannot be passed in argv; the exec would cut the word short of what was judged.
      if (c == 0) return "has an element with a NUL byte";
      if (!plainByte(c)) plain = false;
    }
    if (plain) {
      out.append(element.ptr, element.length);
    } else {
      out.push(0x27);
      for (let i = 0; i < element.length; i++) {
        const c = load<u8>(element.ptr + <usize>i);
        if (c == 0x27) out.appendString("'\\''");
        else out.push(c);
      }
      out.push(0x27);
    }
    e = json.nextElement(e);
  }
  return "";
}

/** `[shell, -c|-lc|-cl, script]` with exactly three strings and a POSIX shell: the script's position, else -1. */
function shellScriptOf(json: Json, first: i32): i32 {
  const second = json.nextElement(first);
  if (second < 0) return -1;
  const third = json.nextElement(second);
  if (third < 0 || json.nextElement(third) >= 0) return -1;
  if (json.typeAt(first) != JsonType.String || json.typeAt(second) != JsonType.String || json.typeAt(third) != JsonType.String) return -1;
  const shell = json.readString(first)!;
  const flag = json.readString(second)!;
  if (flag != "-c" && flag != "-lc" && flag != "-cl") return -1;
  const dir = shell.lastIndexOf("/");
  // Only the standard locations: `./bash` or `/tmp/x/bash` could be any program.
  if (dir >= 0 && shell.substring(0, dir) != "/bin" && shell.substring(0, dir) != "/usr/bin" && shell.substring(0, dir) != "/usr/local/bin") return -1;
  const base = shell.substring(dir + 1);
  if (base != "bash" && base != "sh" && base != "zsh" && base != "dash") return -1;
  return third;
}
