// Layer 8: the length cap. Counts Unicode code points (the same in every runtime, unlike UTF-16
// units or bytes). Over the cap, the content keeps a head (2/3) and a tail (1/3) joined by a
// visible marker, "\n[... truncated N characters ...]\n", and the whole result, marker included,
// is at most maxLength code points. Cuts snap to a line break when one is near (as DeerFlow's
// budget middleware does), never split a UTF-8 sequence, and the tail does not start with a
// combining mark, joiner or variation selector. Caps too small for the marker keep a head of
// maxLength - 1 code points and end it with "…".
import { ByteBuffer } from "../util/bytes";
import { SanitizeReport, appendInt } from "./report";
import { countCodePoints, decodeUtf8, propsOf, prevStart, F_MARK, KIND_MASK, KIND_INVISIBLE } from "./props";

const MARKER_HEAD = "\n[... truncated ";
const MARKER_TAIL = " characters ...]\n";
/** Fraction of a part searched for a line break to cut at (1/5). */
const SNAP_DIVISOR = 5;

/** Byte offset of the code point with index `index` (or len). */
function offsetOf(ptr: usize, len: i32, index: i32): i32 {
  let seen = 0;
  for (let i = 0; i < len; i++) {
    if ((load<u8>(ptr + <usize>i) & 0xc0) != 0x80) {
      if (seen == index) return i;
      seen++;
    }
  }
  return len;
}

function digits(v: i32): i32 {
  let d = 1;
  while (v >= 10) {
    v /= 10;
    d++;
  }
  return d;
}

/** A code point that must stay attached to the one before it. */
function clings(cp: u32): bool {
  if (cp == 0x200d || cp == 0x200c || cp - 0xfe00 < 16 || cp - 0x1f3fb < 5 || cp - 0xe0000 < 0x1000) return true;
  const props = propsOf(cp);
  return (props & F_MARK) != 0 || ((props & KIND_MASK) == KIND_INVISIBLE && cp != 0xfeff);
}

/** Apply the cap to src into dst. Returns false (dst untouched) when src already fits. */
export function capLength(src: ByteBuffer, dst: ByteBuffer, maxLength: i32, report: SanitizeReport): bool {
  const ptr = src.ptr;
  const len = src.length;
  const total = countCodePoints(ptr, len);
  if (total <= maxLength) return false;
  dst.reset();
  dst.ensure(len + 64);
  report.truncatedFlag = true;
  const markerLen = MARKER_HEAD.length + MARKER_TAIL.length + digits(total);
  if (maxLength < markerLen * 2) {
    const keep = maxLength > 1 ? maxLength - 1 : 0;
    const cut = offsetOf(ptr, len, keep);
    dst.append(ptr, cut);
    dst.appendString("…");
    report.truncated += total - keep;
    return true;
  }
  const budget = maxLength - markerLen;
  const headCount = budget * 2 / 3;
  const tailCount = budget - headCount;
  let headEnd = offsetOf(ptr, len, headCount);
  let tailStart = offsetOf(ptr, len, total - tailCount);
  // Snap the head back to just after a line break in its last fifth.
  const headFloor = headEnd - headEnd / SNAP_DIVISOR;
  for (let i = headEnd - 1; i >= headFloor && i > 0; i--) {
    if (load<u8>(ptr + <usize>i) == 0x0a) {
      headEnd = i + 1;
      break;
    }
  }
  // Do not leave a dangling joiner at the end of the head.
  while (headEnd > 0) {
    const q = <i32>(prevStart(ptr, ptr + <usize>headEnd) - ptr);
    const cp = decodeUtf8(ptr + <usize>q, ptr + <usize>len) & 0xffffff;
    if (cp != 0x200d && cp != 0x200c) break;
    headEnd = q;
  }
  // Snap the tail forward to just after a line break in its first fifth.
  const tailCeil = tailStart + (len - tailStart) / SNAP_DIVISOR;
  for (let i = tailStart; i < tailCeil; i++) {
    if (load<u8>(ptr + <usize>i) == 0x0a) {
      tailStart = i + 1;
      break;
    }
  }
  while (tailStart < len) {
    const packed = decodeUtf8(ptr + <usize>tailStart, ptr + <usize>len);
    if (!clings(packed & 0xffffff)) break;
    tailStart += <i32>(packed >> 24);
  }
  const kept = countCodePoints(ptr, headEnd) + countCodePoints(ptr + <usize>tailStart, len - tailStart);
  const removed = total - kept;
  dst.append(ptr, headEnd);
  // The marker starts on its own line; a head cut after a line break already is on one.
  if (headEnd > 0 && load<u8>(ptr + <usize>(headEnd - 1)) == 0x0a) dst.appendString(MARKER_HEAD.substring(1));
  else dst.appendString(MARKER_HEAD);
  appendInt(dst, removed);
  dst.appendString(MARKER_TAIL);
  dst.append(ptr + <usize>tailStart, len - tailStart);
  report.truncated += removed;
  return true;
}
