// URL parsing for http and https per the WHATWG URL Standard (§4.4, basic
// URL parser without a base), restricted to the parts a destination check
// needs: scheme, authority (userinfo, host, port) and where the path begins.
//
// We follow WHATWG where it decides the destination and refuse, instead of
// guessing, wherever URL parsers are known to disagree (the classic SSRF
// differentials between WHATWG, RFC 3986 libraries, curl and Python):
//   - C0 controls, DEL and spaces anywhere: WHATWG silently strips leading and
//     trailing ones and removes tab/CR/LF inside, other parsers keep them.
//   - "scheme:" must be followed by exactly "//": WHATWG reads `https:evil`,
//     `https:/\evil` and `https:///evil` as host `evil`, others do not.
//   - a backslash before the end of the authority: WHATWG ends the authority
//     at `\` for special schemes (so `https://evil.com\@github.com` is
//     evil.com), RFC 3986 parsers read on to the last `@` (github.com).
//   - userinfo (`user:pass@`): the Fetch standard refuses credentials in a
//     request URL, and parsers disagree on which `@` splits (`a@b@c`).
// The path, query and fragment never change the destination and are only
// screened for control characters.

import { Host, parseHost, HostError, hostErrorMessage } from "./host";

/** URLs longer than this are refused (the web.fetch.v1 pack's maxLength). */
export const MAX_URL_BYTES: i32 = 8192;

export const enum Scheme {
  Other = 0,
  Http = 1,
  Https = 2,
}

export const enum UrlError {
  None = 0,
  Empty = 1,
  TooLong = 2,
  ControlOrSpace = 3,
  NoScheme = 4,
  SchemeNotAllowed = 5,
  Slashes = 6,
  Backslash = 7,
  Userinfo = 8,
  BadPort = 9,
  PortOutOfRange = 10,
  Host = 11,
}

/** A parsed URL; allocate once and reuse (only offsets and the Host change). */
export class Url {
  error: UrlError = UrlError.None;
  /** Byte offset of the problem, for messages. */
  errorAt: i32 = -1;
  badByte: u8 = 0;
  scheme: Scheme = Scheme.Other;
  /** [schemeEnd) is the scheme text (without ':'), for messages. */
  schemeEnd: i32 = 0;
  authorityStart: i32 = 0;
  authorityEnd: i32 = 0;
  hostStart: i32 = 0;
  hostEnd: i32 = 0;
  /** -1 when absent (or empty, as in `https://h:/`). */
  port: i32 = -1;
  host: Host = new Host();

  reset(): void {
    this.error = UrlError.None;
    this.errorAt = -1;
    this.badByte = 0;
    this.scheme = Scheme.Other;
    this.schemeEnd = 0;
    this.authorityStart = 0;
    this.authorityEnd = 0;
    this.hostStart = 0;
    this.hostEnd = 0;
    this.port = -1;
    this.host.reset();
  }

  fail(error: UrlError, at: i32): UrlError {
    this.error = error;
    this.errorAt = at;
    return error;
  }
}

// @ts-ignore: decorator
@inline function isAlpha(c: u32): bool {
  return (c | 0x20) - 0x61 < 26;
}

// @ts-ignore: decorator
@inline function isDigit(c: u32): bool {
  return c - 0x30 < 10;
}

/** True when (ptr+start, end-start) equals the lowercase ASCII `s`, ignoring case. */
function schemeIs(ptr: usize, end: i32, s: string): bool {
  if (end != s.length) return false;
  for (let i = 0; i < end; i++) {
    const c = <u32>load<u8>(ptr + <usize>i);
    if ((c | 0x20) != <u32>s.charCodeAt(i)) return false;
  }
  return true;
}

/** Parse the UTF-8 URL at (ptr, len) into `out`; returns UrlError.None on success. */
export function parseUrl(ptr: usize, len: i32, out: Url): UrlError {
  out.reset();
  if (len <= 0) return out.fail(UrlError.Empty, 0);
  if (len > MAX_URL_BYTES) return out.fail(UrlError.TooLong, MAX_URL_BYTES);

  for (let i = 0; i < len; i++) {
    const c = load<u8>(ptr + <usize>i);
    if (c <= 0x20 || c == 0x7f) {
      out.badByte = c;
      return out.fail(UrlError.ControlOrSpace, i);
    }
  }

  // Scheme: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"
  if (!isAlpha(<u32>load<u8>(ptr))) return out.fail(UrlError.NoScheme, 0);
  let i = 1;
  while (i < len) {
    const c = <u32>load<u8>(ptr + <usize>i);
    if (c == 0x3a) break;
    if (!(isAlpha(c) || isDigit(c) || c == 0x2b || c == 0x2d || c == 0x2e)) {
      return out.fail(UrlError.NoScheme, i);
    }
    i++;
  }
  if (i >= len) return out.fail(UrlError.NoScheme, len);
  out.schemeEnd = i;
  if (schemeIs(ptr, i, "http")) out.scheme = Scheme.Http;
  else if (schemeIs(ptr, i, "https")) out.scheme = Scheme.Https;
  else return out.fail(UrlError.SchemeNotAllowed, 0);
  i++; // ':'

  // Exactly "//", not followed by another slash or backslash.
  if (
    i + 1 >= len ||
    load<u8>(ptr + <usize>i) != 0x2f ||
    load<u8>(ptr + <usize>(i + 1)) != 0x2f
  ) {
    return out.fail(UrlError.Slashes, i);
  }
  i += 2;
  if (i < len) {
    const c = load<u8>(ptr + <usize>i);
    if (c == 0x2f || c == 0x5c) return out.fail(UrlError.Slashes, i);
  }

  // Authority: up to '/', '?', '#' (RFC 3986 and WHATWG agree on these);
  // a '\' before that point is where they disagree.
  const authStart = i;
  while (i < len) {
    const c = load<u8>(ptr + <usize>i);
    if (c == 0x2f || c == 0x3f || c == 0x23) break;
    if (c == 0x5c) return out.fail(UrlError.Backslash, i);
    if (c == 0x40) return out.fail(UrlError.Userinfo, i);
    i++;
  }
  const authEnd = i;
  out.authorityStart = authStart;
  out.authorityEnd = authEnd;

  // Host and port. A '[' starts an IPv6 literal whose ':'s are not the port.
  let hostEnd = authEnd;
  let portStart = -1;
  if (authStart < authEnd && load<u8>(ptr + <usize>authStart) == 0x5b) {
    let j = authStart;
    while (j < authEnd && load<u8>(ptr + <usize>j) != 0x5d) j++;
    if (j < authEnd) {
      hostEnd = j + 1;
      if (hostEnd < authEnd) {
        if (load<u8>(ptr + <usize>hostEnd) != 0x3a) {
          return out.fail(UrlError.BadPort, hostEnd);
        }
        portStart = hostEnd + 1;
      }
    }
  } else {
    for (let j = authStart; j < authEnd; j++) {
      if (load<u8>(ptr + <usize>j) == 0x3a) {
        hostEnd = j;
        portStart = j + 1;
        break;
      }
    }
  }
  out.hostStart = authStart;
  out.hostEnd = hostEnd;

  if (portStart >= 0 && portStart < authEnd) {
    let port: i32 = 0;
    for (let j = portStart; j < authEnd; j++) {
      const c = <u32>load<u8>(ptr + <usize>j);
      if (!isDigit(c)) {
        out.badByte = <u8>c;
        return out.fail(UrlError.BadPort, j);
      }
      port = port * 10 + <i32>(c - 0x30);
      if (port > 65535) return out.fail(UrlError.PortOutOfRange, portStart);
    }
    out.port = port;
  }

  if (parseHost(ptr + <usize>authStart, hostEnd - authStart, out.host) != HostError.None) {
    return out.fail(UrlError.Host, authStart);
  }
  return UrlError.None;
}

/** Why the URL was refused, for deny messages (the caller quotes the URL). */
export function describeUrlError(url: Url, ptr: usize, len: i32): string {
  switch (url.error) {
    case UrlError.Empty:
      return "the URL is empty";
    case UrlError.TooLong:
      return "the URL is longer than " + MAX_URL_BYTES.toString() + " bytes";
    case UrlError.ControlOrSpace:
      return url.badByte == 0x20
        ? "the URL contains a space at offset " + url.errorAt.toString() + " (percent-encode it as %20)"
        : "the URL contains a control character (" + describeControl(url.badByte) + ") at offset " + url.errorAt.toString();
    case UrlError.NoScheme:
      return "the URL has no valid scheme (expected http:// or https://)";
    case UrlError.SchemeNotAllowed: {
      const n = url.schemeEnd < 64 ? url.schemeEnd : 64;
      return "scheme '" + String.UTF8.decodeUnsafe(ptr, <usize>n, false).toLowerCase() + "' is not allowed (only http and https)";
    }
    case UrlError.Slashes:
      return "the scheme must be followed by exactly '//' (parsers disagree on missing, extra or back slashes)";
    case UrlError.Backslash:
      return "the authority contains a backslash (WHATWG and RFC 3986 parsers disagree on where the host ends)";
    case UrlError.Userinfo:
      return "the URL contains userinfo ('user@' or 'user:pass@'); credentials in URLs are refused and parsers disagree on which '@' ends them";
    case UrlError.BadPort:
      return "the port is not a decimal number";
    case UrlError.PortOutOfRange:
      return "the port is greater than 65535";
    case UrlError.Host:
      return hostErrorMessage(url.host);
    default:
      return "the URL is invalid";
  }
}

function describeControl(b: u8): string {
  const hex = (<u32>b).toString(16);
  return "0x" + (hex.length < 2 ? "0" + hex : hex);
}
