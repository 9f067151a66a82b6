// Host parsing per the WHATWG URL Standard (§3.5 "host parser") for special
// schemes, stricter where parsers disagree:
//   - `[...]` is an IPv6 literal; zone ids are refused.
//   - otherwise the host is percent-decoded (`github%2Ecom` is github.com,
//     `%31%32%37.0.0.1` is 127.0.0.1), then lowercased;
//   - non-ASCII after decoding is refused: we do not implement IDNA/UTS-46,
//     whose mappings (fullwidth letters, U+3002 as a dot, soft hyphen removed)
//     would otherwise let a look-alike become a different ASCII name;
//   - a host that "ends in a number" must be a valid IPv4 literal;
//   - a domain may contain only [a-z0-9-_.] (WHATWG also admits `!$&'()*+,;=`
//     and more, which DNS never resolves and other parsers split on), has no
//     empty label, and keeps DNS length limits (63 per label, 253 in all).
//     One trailing dot is dropped: `github.com.` is github.com.

import { ByteBuffer } from "../util/bytes";
import { endsInNumber, parseIpv4 } from "./ipv4";
import { parseIpv6, IPV6_OK, IPV6_ZONE } from "./ipv6";

export const enum HostKind {
  None = 0,
  Domain = 1,
  Ipv4 = 2,
  Ipv6 = 3,
}

/** Why a host was refused (HostError.None when it parsed). */
export const enum HostError {
  None = 0,
  Empty = 1,
  Ipv6Invalid = 2,
  Ipv6Zone = 3,
  Ipv6Unclosed = 4,
  NonAscii = 5,
  ForbiddenChar = 6,
  Ipv4Invalid = 7,
  EmptyLabel = 8,
  TooLong = 9,
}

/** A parsed host; reused across calls (the name buffer keeps its capacity). */
export class Host {
  kind: HostKind = HostKind.None;
  error: HostError = HostError.None;
  /** The offending byte for ForbiddenChar / NonAscii. */
  badByte: u8 = 0;
  /** Canonical domain: decoded, lowercase, no trailing dot. */
  name: ByteBuffer = new ByteBuffer(64);
  /** True when the input ended in one dot that was dropped. */
  trailingDot: bool = false;
  /** True when the input contained a percent escape. */
  percentEncoded: bool = false;
  ipv4: u32 = 0;
  ipv6: StaticArray<u16> = new StaticArray<u16>(8);

  reset(): void {
    this.kind = HostKind.None;
    this.error = HostError.None;
    this.badByte = 0;
    this.name.reset();
    this.trailingDot = false;
    this.percentEncoded = false;
    this.ipv4 = 0;
  }

  fail(error: HostError): HostError {
    this.kind = HostKind.None;
    this.error = error;
    return error;
  }
}

// @ts-ignore: decorator
@inline function hexValue(c: u32): i32 {
  if (c - 0x30 < 10) return <i32>(c - 0x30);
  const l = c | 0x20;
  if (l - 0x61 < 6) return <i32>(l - 0x61 + 10);
  return -1;
}

/** [a-z0-9-_] after lowercasing; '.' is handled separately. */
// @ts-ignore: decorator
@inline function isLabelByte(c: u32): bool {
  return c - 0x61 < 26 || c - 0x30 < 10 || c == 0x2d || c == 0x5f;
}

/** Parse (ptr, len) into `out`. Returns HostError.None on success. */
export function parseHost(ptr: usize, len: i32, out: Host): HostError {
  out.reset();
  if (len <= 0) return out.fail(HostError.Empty);

  if (load<u8>(ptr) == 0x5b) {
    if (len < 2 || load<u8>(ptr + <usize>(len - 1)) != 0x5d) return out.fail(HostError.Ipv6Unclosed);
    const r = parseIpv6(ptr + 1, len - 2, out.ipv6);
    if (r == IPV6_ZONE) return out.fail(HostError.Ipv6Zone);
    if (r != IPV6_OK) return out.fail(HostError.Ipv6Invalid);
    out.kind = HostKind.Ipv6;
    return HostError.None;
  }

  // Percent-decode and lowercase into the reused buffer.
  const name = out.name;
  for (let i = 0; i < len; i++) {
    let c = <u32>load<u8>(ptr + <usize>i);
    if (c == 0x25 && i + 2 < len) {
      const hi = hexValue(<u32>load<u8>(ptr + <usize>(i + 1)));
      const lo = hexValue(<u32>load<u8>(ptr + <usize>(i + 2)));
      if (hi >= 0 && lo >= 0) {
        c = <u32>((hi << 4) | lo);
        i += 2;
        out.percentEncoded = true;
      }
    }
    if (c - 0x41 < 26) c |= 0x20;
    name.push(<u8>c);
  }

  const p = name.ptr;
  const n = name.length;
  if (n == 0) return out.fail(HostError.Empty);
  for (let i = 0; i < n; i++) {
    const c = <u32>load<u8>(p + <usize>i);
    if (c >= 0x80) {
      out.badByte = <u8>c;
      return out.fail(HostError.NonAscii);
    }
    if (c != 0x2e && !isLabelByte(c)) {
      out.badByte = <u8>c;
      return out.fail(HostError.ForbiddenChar);
    }
  }

  if (endsInNumber(p, n)) {
    const v = parseIpv4(p, n);
    if (v < 0) return out.fail(HostError.Ipv4Invalid);
    out.ipv4 = <u32>v;
    out.kind = HostKind.Ipv4;
    return HostError.None;
  }

  // Domain: drop one trailing dot, then no empty labels and DNS lengths.
  let end = n;
  if (load<u8>(p + <usize>(end - 1)) == 0x2e) {
    end--;
    out.trailingDot = true;
  }
  if (end == 0) return out.fail(HostError.EmptyLabel);
  if (end > 253) return out.fail(HostError.TooLong);
  let labelLen = 0;
  for (let i = 0; i < end; i++) {
    if (load<u8>(p + <usize>i) == 0x2e) {
      if (labelLen == 0) return out.fail(HostError.EmptyLabel);
      labelLen = 0;
    } else {
      labelLen++;
      if (labelLen > 63) return out.fail(HostError.TooLong);
    }
  }
  if (labelLen == 0) return out.fail(HostError.EmptyLabel);
  name.length = end;
  out.kind = HostKind.Domain;
  return HostError.None;
}

/** Human-readable reason for a HostError (deny path only). */
export function hostErrorMessage(host: Host): string {
  switch (host.error) {
    case HostError.Empty:
      return "the host is empty";
    case HostError.Ipv6Invalid:
      return "the IPv6 literal is malformed";
    case HostError.Ipv6Zone:
      return "IPv6 zone identifiers (%) are not allowed";
    case HostError.Ipv6Unclosed:
      return "the IPv6 literal is missing its closing ']'";
    case HostError.NonAscii:
      return "non-ASCII host names are not supported (IDNA is not implemented; use the xn-- form)";
    case HostError.ForbiddenChar:
      return "the host contains " + describeByte(host.badByte) + ", which is not allowed in a host name";
    case HostError.Ipv4Invalid:
      return "the host ends in a number but is not a valid IPv4 address";
    case HostError.EmptyLabel:
      return "the host has an empty label (leading dot or '..')";
    case HostError.TooLong:
      return "the host exceeds DNS length limits (63 per label, 253 in all)";
    default:
      return "the host is invalid";
  }
}

/** `'x'` for printable ASCII, `byte 0xNN` otherwise. */
export function describeByte(b: u8): string {
  if (b > 0x20 && b < 0x7f) return "'" + String.fromCharCode(b) + "'";
  const hex = (<u32>b).toString(16);
  return "byte 0x" + (hex.length < 2 ? "0" + hex : hex);
}
