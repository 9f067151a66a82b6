// IPv4 host parsing per the WHATWG URL Standard (§3.5 "IPv4 parser" and
// "ends in a number checker"). Every form a browser or Node's fetch accepts is
// recognised, because an attacker picks whichever form a naive check misses:
// decimal `2130706433`, hex `0x7f000001`, octal `0177.0.0.1`, short `127.1`,
// mixed `0x7f.0.1`, and a trailing dot `127.0.0.1.`.
//
// Input is ASCII that the host parser has already percent-decoded and
// lowercased; (ptr, len) is read with bounds-checked loads only.

/** Returned by `parseIpv4` when the input is not a valid IPv4 address. */
export const IPV4_FAILURE: i64 = -1;

// Larger than any valid IPv4 value; parts saturate here so no digit string,
// however long, can overflow.
const SATURATED: u64 = 0x1_0000_0000;

// @ts-ignore: decorator
@inline function isDigit(c: u32): bool {
  return c - 0x30 < 10;
}

// @ts-ignore: decorator
@inline function hexValue(c: u32): i32 {
  if (c - 0x30 < 10) return <i32>(c - 0x30);
  const l = c | 0x20;
  if (l - 0x61 < 6) return <i32>(l - 0x61 + 10);
  return -1;
}

/**
 * WHATWG "IPv4 number parser" for one dot-separated part: `0x`/`0X` prefix
 * means hex (an empty remainder is 0), a leading `0` means octal, otherwise
 * decimal. Returns the value saturated at 2^32, or -1 on failure.
 */
export function parseIpv4Number(ptr: usize, len: i32): i64 {
  if (len <= 0) return -1;
  let start = 0;
  let radix: u32 = 10;
  if (len >= 2 && load<u8>(ptr) == 0x30 && (load<u8>(ptr + 1) | 0x20) == 0x78) {
    start = 2;
    radix = 16;
  } else if (len >= 2 && load<u8>(ptr) == 0x30) {
    start = 1;
    radix = 8;
  }
  let value: u64 = 0;
  for (let i = start; i < len; i++) {
    const c = <u32>load<u8>(ptr + <usize>i);
    let d: i32;
    if (radix == 16) {
      d = hexValue(c);
    } else {
      d = isDigit(c) ? <i32>(c - 0x30) : -1;
      if (radix == 8 && d >= 8) d = -1;
    }
    if (d < 0) return -1;
    value = value * radix + <u64>d;
    if (value > SATURATED) value = SATURATED;
  }
  return <i64>value;
}

/**
 * WHATWG "ends in a number": the last label (ignoring one trailing empty
 * label) is all digits or parses as an IPv4 number (the `0x…` forms). A host
 * that ends in a number must then parse as IPv4 or the URL is invalid, so
 * `1.2.3.4.5` and `foo.09` are failures, not domains.
 */
export function endsInNumber(ptr: usize, len: i32): bool {
  let end = len;
  if (end > 0 && load<u8>(ptr + <usize>(end - 1)) == 0x2e) {
    // One trailing dot is dropped, but a lone "." is a single empty label.
    if (end == 1) return false;
    end--;
  }
  let start = end;
  while (start > 0 && load<u8>(ptr + <usize>(start - 1)) != 0x2e) start--;
  const n = end - start;
  if (n == 0) return false;
  let allDigits = true;
  for (let i = start; i < end; i++) {
    if (!isDigit(<u32>load<u8>(ptr + <usize>i))) {
      allDigits = false;
      break;
    }
  }
  if (allDigits) return true;
  return parseIpv4Number(ptr + <usize>start, n) >= 0;
}

/**
 * WHATWG "IPv4 parser". Returns the 32-bit address as a non-negative i64, or
 * IPV4_FAILURE. At most four parts; every part but the last must be ≤ 255
 * and the last fills the remaining bytes (`127.1` = 127.0.0.1).
 */
export function parseIpv4(ptr: usize, len: i32): i64 {
  let end = len;
  // A trailing empty part is dropped when there is more than one part.
  if (end > 1 && load<u8>(ptr + <usize>(end - 1)) == 0x2e) end--;
  if (end <= 0) return IPV4_FAILURE;

  let parts = 0;
  let value: u64 = 0;
  let partStart = 0;
  for (let i = 0; i <= end; i++) {
    if (i < end && load<u8>(ptr + <usize>i) != 0x2e) continue;
    const n = parseIpv4Number(ptr + <usize>partStart, i - partStart);
    if (n < 0) return IPV4_FAILURE;
    parts++;
    if (parts > 4) return IPV4_FAILURE;
    if (i < end) {
      // Not the last part: one byte each, most significant first.
      if (n > 255) return IPV4_FAILURE;
      value = (value << 8) | <u64>n;
    } else {
      const lastBytes = 5 - parts; // 4 for a lone number, 1 for a.b.c.d
      const limit: u64 = <u64>1 << (<u64>lastBytes * 8);
      if (<u64>n >= limit) return IPV4_FAILURE;
      value = (value << (<u64>lastBytes * 8)) | <u64>n;
    }
    partStart = i + 1;
  }
  return <i64>(value & 0xffff_ffff);
}

/** Dotted-decimal serialisation, e.g. for messages and canonical entries. */
export function formatIpv4(v: u32): string {
  return (
    (v >>> 24).toString() + "." +
    ((v >>> 16) & 0xff).toString() + "." +
    ((v >>> 8) & 0xff).toString() + "." +
    (v & 0xff).toString()
  );
}
