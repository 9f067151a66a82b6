// The reference for path-plain.spec.ts: canonicalizeBytesInto as it was before plain paths (every segment a
// name, no NUL) were copied whole. Every path and base is read by appendComponents here.

import { ByteBuffer } from "../../util/bytes";
import { appendBytes, appendComponents } from "../../util/path";
import { containsZeroByte } from "../../util/swar";

export function canonicalizeBytesIntoBefore(
  out: ByteBuffer,
  pathPtr: usize, pathLen: i32,
  basePtr: usize, baseLen: i32,
  homePtr: usize, homeLen: i32,
  dirsCanonical: bool = false,
): bool {
  out.reset();
  if (pathLen <= 0) return false;
  if (containsZeroByte(pathPtr, pathLen)) return false;
  const c0 = <u32>load<u8>(pathPtr);
  if (c0 == 0x2f) {
    out.push(0x2f);
    appendComponents(out, pathPtr, pathLen);
    return true;
  }
  let dirPtr = basePtr, dirLen = baseLen;
  if (c0 == 0x7e) {
    if (pathLen > 1 && <u32>load<u8>(pathPtr + 1) != 0x2f) return false;
    dirPtr = homePtr;
    dirLen = homeLen;
    pathPtr++;
    pathLen--;
  }
  if (dirsCanonical) {
    if (dirLen <= 0) return false;
    appendBytes(out, dirPtr, dirLen);
  } else {
    if (dirLen <= 0 || <u32>load<u8>(dirPtr) != 0x2f || containsZeroByte(dirPtr, dirLen)) return false;
    out.push(0x2f);
    appendComponents(out, dirPtr, dirLen);
  }
  appendComponents(out, pathPtr, pathLen);
  return true;
}
