// An argv array (Codex `shell`: `["bash", "-lc", "npm test"]`) as the shell
// line that runs exactly that argv: every element that is not plainly safe is
// single-quoted, so the command checks parse the same words the tool execs —
// including the script after `-c`, which the parser then checks as code.

import { Json, JsonType } from "../../json/reader";
import { ByteBuffer } from "../../util/bytes";

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
