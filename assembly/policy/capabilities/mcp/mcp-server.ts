// MCP server identities and allowed_servers entries.
//
// A server is either a bare name (the `github` of `mcp__github__create_issue`,
// or a gateway call's `server: "github"`) or an http(s) URL. The two never
// match each other: a server named `mcp.example.com` is not the URL
// `https://mcp.example.com`, so whoever names a server cannot borrow an
// allowed URL. URLs are parsed by the WHATWG rules of net/ and compared in
// canonical form: scheme and host case, IPv4 spellings and IPv6 forms, the
// default port and one trailing slash do not matter. An entry's path admits
// itself and what lies below it on whole segments (`/team-a` admits
// `/team-a/sse`, never `/team-ab`). Query and fragment never change which
// server is reached and are ignored in a request (refused in an entry).
//
// Refused as invalid (oap.invalid_server_url), because servers and proxies
// normalise them differently: userinfo, backslashes (and `..` between them),
// `.`/`..` segments (also `..;`), empty segments, and percent escapes that a
// decode — or a second one — turns into `.`, `/`, `\`, `;` or `%`.

import {
  Url, parseUrl, UrlError, describeUrlError, Scheme, HostKind,
  formatIpv4, formatIpv6, classifyIpv4, classifyIpv6, classifyDomain,
} from "../../../net";
import { ByteBuffer } from "../../../util/bytes";

export const enum ServerKind {
  Any = 0,
  Name = 1,
  Url = 2,
}

/** A server in canonical form: a name, or an origin plus a path. */
export class ServerId {
  kind: ServerKind = ServerKind.Name;
  /** The bare name, or the canonical origin `https://host[:port]`. */
  text: string = "";
  /** Canonical path without a trailing slash ("" for the root); URLs only. */
  path: string = "";
  /** The host's private/special classification (0 = public); URLs only. */
  special: i32 = 0;
  /** Why it could not be read ("" when it could). */
  error: string = "";

  display(): string {
    return this.kind == ServerKind.Url ? this.text + (this.path.length > 0 ? this.path : "/") : this.text;
  }
}

/** `[A-Za-z0-9._-]`: the characters MCP hosts allow in server and tool names. */
export function isNameChar(c: u32): bool {
  return (c | 0x20) - 0x61 < 26 || c - 0x30 < 10 || c == 0x2e || c == 0x5f || c == 0x2d;
}

/** A bare server or tool name: 1–128 name characters. */
export function isValidName(s: string): bool {
  if (s.length == 0 || s.length > 128) return false;
  for (let i = 0; i < s.length; i++) {
    if (!isNameChar(<u32>s.charCodeAt(i))) return false;
  }
  return true;
}

const bytes = new ByteBuffer(256);
const url = new Url();

/**
 * Read a server as a request or an entry names it: a URL when it contains
 * "://", a bare name otherwise. `entry` refuses a query or fragment.
 * `nameOnly` (the server part of `mcp__server__tool`) is always a name, so
 * `mcp__https://allowed.example__tool` cannot pose as an allowed URL.
 */
export function readServer(text: string, entry: bool, out: ServerId, nameOnly: bool = false): bool {
  out.error = "";
  out.path = "";
  out.special = 0;
  out.text = text;
  if (nameOnly || text.indexOf("://") < 0) {
    out.kind = ServerKind.Name;
    if (!isValidName(text)) out.error = "is neither an http(s) URL nor a server name of letters, digits, '.', '_' and '-'";
    return out.error.length == 0;
  }
  out.kind = ServerKind.Url;
  bytes.reset();
  bytes.appendString(text);
  const p = bytes.ptr;
  const n = bytes.length;
  if (parseUrl(p, n, url) != UrlError.None) {
    out.error = "is not a valid server URL: " + describeUrlError(url, p, n);
    return false;
  }
  const https = url.scheme == Scheme.Https;
  const host = url.host;
  let origin = https ? "https://" : "http://";
  if (host.kind == HostKind.Ipv4) {
    origin += formatIpv4(host.ipv4);
    out.special = classifyIpv4(host.ipv4);
  } else if (host.kind == HostKind.Ipv6) {
    origin += "[" + formatIpv6(host.ipv6) + "]";
    out.special = classifyIpv6(host.ipv6);
  } else {
    origin += host.name.toString();
    out.special = classifyDomain(host.name.ptr, host.name.length);
  }
  if (url.port >= 0 && url.port != (https ? 443 : 80)) origin += ":" + url.port.toString();
  out.text = origin;
  return readPath(p, url.authorityEnd, n, entry, out);
}

/** The path from `start` to '?', '#' or the end, checked and canonicalised. */
function readPath(p: usize, start: i32, n: i32, entry: bool, out: ServerId): bool {
  let end = start;
  while (end < n) {
    const c = load<u8>(p + <usize>end);
    if (c == 0x3f || c == 0x23) break;
    end++;
  }
  if (entry && end < n) {
    out.error = "has a query or fragment; an allowed_servers entry names a server, optionally with a path";
    return false;
  }
  // Segments, split at '/' and at '' (WHATWG reads '' as '/' for http(s),
  // so `a\..\b` hides a `..`): none empty (but one trailing slash), none
  // "." or ".." (also before a ';' parameter: `..;`), no percent escape a
  // server might decode into one.
  let segStart = start + 1;
  let backslash = false;
  for (let i = start; i < end; i++) {
    const c = load<u8>(p + <usize>i);
    if (c == 0x25) {
      const problem = escapeProblem(p, i, end);
      if (problem.length > 0) {
        out.error = problem;
        return false;
      }
    }
    if (c == 0x5c) backslash = true;
    if (i > start && (c == 0x2f || c == 0x5c)) {
      if (!segmentOk(p, segStart, i, out)) return false;
      segStart = i + 1;
    }
  }
  if (end > start && segStart < end && !segmentOk(p, segStart, end, out)) return false;
  // Even without dot segments, '\' is a separator to WHATWG and a name
  // character to other servers: the path it names is ambiguous.
  if (backslash) {
    out.error = "has a backslash in its path (WHATWG reads it as '/', other servers do not)";
    return false;
  }
  let pathEnd = end;
  if (pathEnd > start && load<u8>(p + <usize>(pathEnd - 1)) == 0x2f) pathEnd--;
  out.path = String.UTF8.decodeUnsafe(p + <usize>start, <usize>(pathEnd - start), false);
  return true;
}

/**
 * Why the escape at `i` ('%') is refused, or "". Refused: an encoded '.',
 * '/', '\' or ';' (`%2e`, `%2f`, `%5c`, `%3b`), an encoded '%' (`%25`: a
 * second decode — `%252e`, `%25%32%65` — yields any of them), an overlong
 * UTF-8 lead (`%c0`, `%c1`: `%c0%ae` is '.' to lax decoders), an encoded
 * control, and a '%' not followed by two hex digits (`%u002e` to IIS).
 */
function escapeProblem(p: usize, i: i32, end: i32): string {
  if (i + 2 >= end) return "has a '%' not followed by two hex digits in its path";
  const hi = <u32>load<u8>(p + <usize>(i + 1)) | 0x20;
  const lo = <u32>load<u8>(p + <usize>(i + 2)) | 0x20;
  if (!isHex(hi) || !isHex(lo)) return "has a '%' not followed by two hex digits in its path";
  if ((hi == 0x32 && (lo == 0x65 || lo == 0x66 || lo == 0x35)) || (hi == 0x35 && lo == 0x63) || (hi == 0x33 && lo == 0x62)) {
    return "has a percent-encoded '.', '/', '\\', ';' or '%' in its path";
  }
  if (hi == 0x30 || hi == 0x31 || (hi == 0x37 && lo == 0x66)) return "has a percent-encoded control character in its path";
  if (hi == 0x63 && (lo == 0x30 || lo == 0x31)) return "has an overlong UTF-8 escape (%c0, %c1) in its path";
  return "";
}

/** [0-9a-f] after ASCII lower-casing by `| 0x20`. */
function isHex(c: u32): bool {
  return c - 0x30 < 10 || c - 0x61 < 6;
}

/** A segment up to its first ';' (a path parameter to Tomcat and Spring) must not be empty, "." or "..". */
function segmentOk(p: usize, from: i32, to: i32, out: ServerId): bool {
  if (to == from) {
    out.error = "has an empty path segment";
    return false;
  }
  let len = 0;
  while (from + len < to && load<u8>(p + <usize>(from + len)) != 0x3b) len++;
  const dot = len > 0 && load<u8>(p + <usize>from) == 0x2e;
  if ((dot && len == 1) || (dot && len == 2 && load<u8>(p + <usize>(from + 1)) == 0x2e)) {
    out.error = "has a '.' or '..' path segment";
    return false;
  }
  return true;
}

/** Does the entry admit the server? Names match exactly; URLs by origin and whole-segment path. */
export function serverMatches(entry: ServerId, server: ServerId): bool {
  if (entry.kind == ServerKind.Any) return true;
  if (entry.kind != server.kind || entry.text != server.text) return false;
  if (entry.kind == ServerKind.Name) return true;
  const e = entry.path;
  const r = server.path;
  if (e.length == 0 || r == e) return true;
  return r.length > e.length && r.startsWith(e) && r.charCodeAt(e.length) == 0x2f;
}
