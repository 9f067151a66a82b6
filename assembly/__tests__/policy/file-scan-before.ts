// scanPath as it was before it resumed after the workspace root and skipped maySensitive by the segment's first
// byte: the reference the differential spec (file-scan-resume.spec.ts) compares it with. maySensitive itself is
// unchanged and imported. The result is returned whole instead of in file-scan.ts's globals.
import { ByteBuffer } from "../../util/bytes";
import { maySensitive } from "../../policy/capabilities/file/file-scan";

const B_FOREIGN: u8 = 1;
const B_DOT: u8 = 4;
const B_CP: u8 = 8;
const B_COLON: u8 = 16;

const CLASS = byteClasses();

function byteClasses(): StaticArray<u8> {
  const t = new StaticArray<u8>(256);
  for (let c = 0; c < 256; c++) {
    let k: u8 = 0;
    if (c < 0x20 || c >= 0x7f || c == 0x25 || c == 0x5c) k |= B_FOREIGN;
    if (c == 0x2e) k |= B_DOT;
    if (c == 0x63 || c == 0x43 || c == 0x70 || c == 0x50) k |= B_CP;
    if (c == 0x3a) k |= B_COLON;
    t[c] = k;
  }
  return t;
}

const PASSWORD: u64 = 0x64726f7773736170;
const CREDENTI: u64 = 0x69746e6564657263;
const CASE: u64 = 0x2020202020202020;
const SENSITIVE = 2; // Scan.SENSITIVE

export class RefScan {
  flags: i32 = 0;
  starts: Array<i32> = [];
  ends: Array<i32> = [];
  lengths: u64 = 0;
  firsts: u64 = 0;
}

export function refScanPath(buf: ByteBuffer): RefScan {
  const out = new RefScan();
  const p = buf.ptr, n = buf.length, table = changetype<usize>(CLASS);
  let flags = 0, k = 0, lengths: u64 = 0, firsts: u64 = 0;
  let i = 0;
  while (i < n) {
    let c = <u32>load<u8>(p + <usize>i);
    if (c == 0x2f) { i++; continue; }
    const start = i;
    let seen: u32 = 0, lastDot = -1;
    do {
      const t = <u32>load<u8>(table + <usize>c);
      if (t != 0) {
        seen |= t;
        if ((t & B_DOT) != 0) lastDot = i;
        else if ((t & B_CP) != 0 && i + 8 <= n && (flags & SENSITIVE) == 0) {
          const w = load<u64>(p + <usize>i) | CASE;
          if (w == PASSWORD || w == CREDENTI) flags |= SENSITIVE;
        }
      }
      if (++i >= n) break;
      c = <u32>load<u8>(p + <usize>i);
    } while (c != 0x2f);
    out.starts.push(start);
    out.ends.push(i);
    const len = i - start;
    lengths |= <u64>1 << <u64>(len < 63 ? len : 63);
    firsts |= <u64>1 << <u64>((load<u8>(p + <usize>start) | 0x20) & 63);
    flags |= <i32>(seen & B_FOREIGN);
    if ((flags & SENSITIVE) == 0 && maySensitive(p, start, i, k, seen, lastDot)) flags |= SENSITIVE;
    k++;
  }
  out.flags = flags;
  out.lengths = lengths;
  out.firsts = firsts;
  return out;
}
