// The "decoding tool" reading of a path (see file.ts): what a tool that
// URL-decodes its argument, a Windows best-fit code page, or a case-folding
// volume would open. file.ts judges this reading as well as the literal one.
//
//   1. percent-escapes decoded, up to three rounds (`%252e` → `%2e` → `.`);
//   2. `\` and the slash look-alikes U+2215 ∕, U+2044 ⁄, U+29F8 ⧸, U+2216 ∖,
//      U+29F5 ⧵, U+29F9 ⧹, U+FE68 ﹨ read as `/`;
//   3. fullwidth ASCII U+FF01–U+FF5E read as ASCII (so `／＼．` too);
//   4. U+2024 ․ and U+FE52 ﹒ read as `.`, U+2025 ‥ as `..`;
//   5. U+212A K (Kelvin) and U+017F ſ (long s) read as `k` and `s`, which
//      they case-fold to;
//   6. overlong UTF-8 (`%C0%AF` for '/') decoded as lax decoders do;
//   7. a leading `$HOME` or `${HOME}` read as `~`.

import { ByteBuffer, str } from "../../../util/bytes";

const original = new ByteBuffer(256);
const bufA = new ByteBuffer(256);
const bufB = new ByteBuffer(256);

// @ts-ignore: decorator
@inline function hexValue(c: u32): i32 {
  if (c - 0x30 < 10) return <i32>(c - 0x30);
  const l = c | 0x20;
  if (l - 0x61 < 6) return <i32>(l - 0x61 + 10);
  return -1;
}

/** Decode %XX escapes from `src` into `dst`; returns true if any were decoded. */
function percentDecode(src: ByteBuffer, dst: ByteBuffer): bool {
  dst.reset();
  const p = src.ptr;
  const n = src.length;
  let any = false;
  for (let i = 0; i < n; i++) {
    const c = <u32>load<u8>(p + <usize>i);
    if (c == 0x25 && i + 2 < n) {
      const hi = hexValue(<u32>load<u8>(p + <usize>(i + 1)));
      const lo = hexValue(<u32>load<u8>(p + <usize>(i + 2)));
      if (hi >= 0 && lo >= 0) {
        dst.push(<u8>((hi << 4) | lo));
        i += 2;
        any = true;
        continue;
      }
    }
    dst.push(<u8>c);
  }
  return any;
}

/** Map one code point of the decoded path to what a decoding tool sees. */
function mapCodePoint(cp: u32, out: ByteBuffer): void {
  if (cp - 0xff01 < 0x5e) cp -= 0xfee0; // fullwidth ASCII
  if (cp == 0x5c || cp == 0x2215 || cp == 0x2044 || cp == 0x29f8 || cp == 0x2216 || cp == 0x29f5 || cp == 0x29f9 || cp == 0xfe68) {
    out.push(0x2f);
  } else if (cp == 0x2024 || cp == 0xfe52) {
    out.push(0x2e);
  } else if (cp == 0x2025) {
    out.push(0x2e);
    out.push(0x2e);
  } else if (cp == 0x212a) {
    out.push(0x6b);
  } else if (cp == 0x17f) {
    out.push(0x73);
  } else {
    out.appendCodePoint(cp);
  }
}

/** Decode UTF-8 from `src` and map each code point into `dst`; invalid bytes pass through. */
function mapLookAlikes(src: ByteBuffer, dst: ByteBuffer): void {
  dst.reset();
  const p = src.ptr;
  const n = src.length;
  let i = 0;
  while (i < n) {
    const b0 = <u32>load<u8>(p + <usize>i);
    let need = 0;
    let cp: u32 = 0;
    if (b0 < 0x80) {
      mapCodePoint(b0, dst);
      i++;
      continue;
    } else if (b0 - 0xc0 < 0x20) {
      need = 1;
      cp = b0 & 0x1f;
    } else if (b0 - 0xe0 < 0x10) {
      need = 2;
      cp = b0 & 0x0f;
    } else if (b0 - 0xf0 < 0x05) {
      need = 3;
      cp = b0 & 0x07;
    }
    let ok = need > 0 && i + need < n;
    if (ok) {
      for (let k = 1; k <= need; k++) {
        const b = <u32>load<u8>(p + <usize>(i + k));
        if ((b & 0xc0) != 0x80) {
          ok = false;
          break;
        }
        cp = (cp << 6) | (b & 0x3f);
      }
    }
    // Overlong forms (`C0 AF` for '/') are kept: lax decoders read them.
    if (ok && ((cp >= 0xd800 && cp < 0xe000) || cp > 0x10ffff)) ok = false;
    if (!ok) {
      dst.push(<u8>b0); // not valid UTF-8: the byte stands for itself
      i++;
      continue;
    }
    mapCodePoint(cp, dst);
    i += need + 1;
  }
}

/** `buf` is `word` alone or `word/…` (n = word length). */
function startsWithHome(buf: ByteBuffer, n: i32, word: string): bool {
  if (buf.length < n || (buf.length > n && load<u8>(buf.ptr + <usize>n) != 0x2f)) return false;
  for (let i = 0; i < n; i++) {
    if (<u32>load<u8>(buf.ptr + <usize>i) != <u32>word.charCodeAt(i)) return false;
  }
  return true;
}

/** The decoding-tool reading of `path`, or null when it reads the same. */
export function alternatePath(path: string): string | null {
  original.reset();
  original.appendString(path);
  if (readsAsWritten(original)) return null;
  bufA.reset();
  bufA.append(original.ptr, original.length);
  let src = bufA;
  let dst = bufB;
  for (let round = 0; round < 3; round++) {
    if (!percentDecode(src, dst)) break;
    const t = src;
    src = dst;
    dst = t;
  }
  mapLookAlikes(src, dst);
  const same = dst.length == original.length && memory.compare(dst.ptr, original.ptr, <usize>dst.length) == 0;
  // A tool that expands variables reads `$HOME/x` and `${HOME}/x` as `~/x`.
  if (startsWithHome(dst, 5, "$HOME")) return "~" + str(dst.ptr + 5, dst.length - 5);
  if (startsWithHome(dst, 7, "${HOME}")) return "~" + str(dst.ptr + 7, dst.length - 7);
  return same ? null : dst.toString();
}

/** ASCII with no `%`, no `\\` and no leading `$`: every step above leaves it as it is (the common path). */
function readsAsWritten(b: ByteBuffer): bool {
  const p = b.ptr, n = b.length;
  if (n > 0 && load<u8>(p) == 0x24) return false;
  for (let i = 0; i < n; i++) {
    const c = <u32>load<u8>(p + <usize>i);
    if (c >= 0x80 || c == 0x25 || c == 0x5c) return false;
  }
  return true;
}
