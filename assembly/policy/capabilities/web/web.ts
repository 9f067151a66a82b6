// web.fetch / web.browser destination rules (OAP 1.0 packs web.fetch.v1, web.browser.v1).
//
// Order: parse → scheme → private → blocked_domains → allowed_domains →
// allowed_methods; the first failure decides.
//
// Where we are deliberately stricter than APort (oap.md §3.5 items 5 and 7):
//   - The host is taken from a WHATWG parse, never from `url.includes(d)`, so
//     `github.com@evil.com`, `github.com.evil.com`, `evil.com/?github.com` and
//     `evil.com#github.com` are all judged by their real host.
//   - A missing or empty `allowed_domains` allows NO domain (fail-closed);
//     APort's local evaluator allows every domain then. `"*"` allows any
//     public destination.
//   - Private and special destinations are always denied unless the policy
//     sets `allow_private_destinations: true`, and cloud metadata (169.254/16, the metadata
//     names, fd00:ec2::254, 100.100.100.200) is denied even then.
//   - URLs with userinfo, a backslash in the authority, non-"//" slashes,
//     spaces or control characters, or a non-ASCII host are invalid
//     (`oap.invalid_url`); see net/url.ts for why each is a parser
//     differential.
//
// Entries: `example.com` admits example.com and every subdomain;
// `*.example.com` admits subdomains only; `*` admits everything; an IPv4 or
// IPv6 literal (any WHATWG form, brackets optional) admits exactly that
// address. Case and one trailing dot are ignored. Anything else (a URL, a
// path, a port, another glob) is a compile error, not a silent never-match.

import { Verdict, Code } from "../../verdict";
import { trace, TraceHost } from "../../trace";
import { ByteBuffer, Bytes, copyBytes } from "../../../util/bytes";
import {
  Url, parseUrl, UrlError, describeUrlError, MAX_URL_BYTES,
  Host, HostKind, HostError, parseHost, hostErrorMessage,
  parseIpv6, IPV6_OK, formatIpv4, formatIpv6, embeddedIpv4,
  classifyIpv4, classifyIpv6, classifyDomain, isAlwaysDenied, describeSpecial,
} from "../../../net";

const enum EntryKind {
  Any = 0,
  Domain = 1,
  Subdomains = 2,
  Ipv4 = 3,
  Ipv6 = 4,
}

/** One compiled allowed_domains / blocked_domains entry. */
class DomainEntry {
  kind: EntryKind = EntryKind.Any;
  name: Bytes = new StaticArray<u8>(0);
  ipv4: u32 = 0;
  ipv6: StaticArray<u16> = new StaticArray<u16>(8);
  source: string = "";
}

export class WebLimits {
  /** null = key missing; [] = nothing allowed. Both deny every domain (fail-closed). */
  allowedDomains: Array<string> | null = null;
  blockedDomains: Array<string> = [];
  /** null = any method; compared case-insensitively. */
  allowedMethods: Array<string> | null = null;
  /** Never true by default; private/special destinations are denied unless explicitly true. */
  allowPrivate: bool = false;

  // Compiled state (internal; filled by compile()).
  _allowed: Array<DomainEntry> = [];
  _blocked: Array<DomainEntry> = [];
  _methods: Array<string> = [];
  _compiled: bool = false;
  _compileError: string = "";

  /** Validate and pre-parse the entries. Returns "" or an error naming the entry. */
  compile(): string {
    this._compiled = true;
    this._compileError = "";
    this._allowed = [];
    this._blocked = [];
    this._methods = [];
    const allowed = this.allowedDomains;
    if (allowed !== null) {
      for (let i = 0; i < allowed.length; i++) {
        const e = compileEntry(allowed[i]);
        if (e === null) return this._setError("allowed_domains", i, allowed[i]);
        this._allowed.push(e);
      }
    }
    const blocked = this.blockedDomains;
    for (let i = 0; i < blocked.length; i++) {
      const e = compileEntry(blocked[i]);
      if (e === null) return this._setError("blocked_domains", i, blocked[i]);
      this._blocked.push(e);
    }
    const methods = this.allowedMethods;
    if (methods !== null) {
      for (let i = 0; i < methods.length; i++) {
        const m = methods[i];
        if (!isToken(m)) {
          this._compileError =
            "allowed_methods[" + i.toString() + "] " + quote(m) + " is not an HTTP method name";
          return this._compileError;
        }
        this._methods.push(m.toUpperCase());
      }
    }
    return "";
  }

  _setError(key: string, index: i32, entry: string): string {
    this._compileError =
      key + "[" + index.toString() + "] " + quote(entry) + " " + lastEntryError +
      "; write a host name such as 'example.com', '*.example.com', an IP address, or '*'";
    return this._compileError;
  }
}

export class WebInput {
  url: string = "";
  method: string = "";
}

// Reused across calls so steady-state checks do not allocate on allow.
const urlBytes = new ByteBuffer(256);
const parsed = new Url();
const entryHost = new Host();
let lastEntryError = "";

/** True = allowed; otherwise `verdict` holds the deny. */
export function checkWeb(limits: WebLimits, input: WebInput, verdict: Verdict): bool {
  if (!limits._compiled) limits.compile();
  if (limits._compileError.length > 0) {
    return verdict.deny(Code.POLICY_ERROR, "web limits are invalid: " + limits._compileError);
  }

  // 1. Parse (including the scheme, 2.). UTF-16 length is a lower bound on
  // the UTF-8 length, so an over-long URL is refused before it is encoded.
  const url = input.url;
  if (url.length == 0) {
    return verdict.deny(Code.INVALID_URL, "tool_input.url is missing or empty");
  }
  if (url.length > MAX_URL_BYTES) {
    return verdict.deny(Code.INVALID_URL, "invalid URL " + quote(url) + ": the URL is longer than " + MAX_URL_BYTES.toString() + " bytes");
  }
  urlBytes.reset();
  urlBytes.appendString(url);
  const ptr = urlBytes.ptr;
  const len = urlBytes.length;
  if (parseUrl(ptr, len, parsed) != UrlError.None) {
    return verdict.deny(Code.INVALID_URL, "invalid URL " + quote(url) + ": " + describeUrlError(parsed, ptr, len));
  }
  const host = parsed.host;

  // 3. Private and special destinations.
  let special: i32 = 0;
  if (host.kind == HostKind.Ipv4) special = classifyIpv4(host.ipv4);
  else if (host.kind == HostKind.Ipv6) special = classifyIpv6(host.ipv6);
  else special = classifyDomain(host.name.ptr, host.name.length);
  if (trace.on) trace.hosts.push(new TraceHost(url, hostText(host), special != 0 ? describeSpecial(special) : ""));
  if (special != 0 && (!limits.allowPrivate || isAlwaysDenied(special))) {
    const why = isAlwaysDenied(special)
      ? "; cloud metadata is refused even with allow_private_destinations"
      : "; private and special destinations are refused unless the policy sets allow_private_destinations";
    return verdict.deny(
      Code.PRIVATE_IP_BLOCKED,
      "destination " + quote(hostText(host)) + " is " + describeSpecial(special) + why,
    );
  }

  // 4. blocked_domains.
  const blocked = limits._blocked;
  for (let i = 0; i < blocked.length; i++) {
    const e = blocked[i];
    if (matches(e, host, true)) {
      return verdict.deny(
        Code.DOMAIN_BLOCKED,
        "host " + quote(hostText(host)) + " matches blocked_domains entry " + quote(e.source),
      );
    }
  }

  // 5. allowed_domains (missing or empty = nothing allowed).
  const allowed = limits._allowed;
  if (limits.allowedDomains === null || allowed.length == 0) {
    return verdict.deny(
      Code.DOMAIN_NOT_ALLOWED,
      "host " + quote(hostText(host)) + " is not allowed: allowed_domains is " +
        (limits.allowedDomains === null ? "missing" : "empty") + ", so no domain is allowed",
    );
  }
  let admitted = false;
  for (let i = 0; i < allowed.length; i++) {
    if (matches(allowed[i], host, false)) {
      admitted = true;
      if (trace.on) trace.note("host " + quote(hostText(host)) + " by allowed_domains/" + i.toString() + " (" + allowed[i].source + ")");
      break;
    }
  }
  if (!admitted) {
    return verdict.deny(
      Code.DOMAIN_NOT_ALLOWED,
      "host " + quote(hostText(host)) + " is not in allowed_domains " + listText(limits.allowedDomains),
    );
  }

  // 6. allowed_methods (null = any; a missing method is GET). Method
  // overrides in headers, query and body: web-override.ts.
  if (limits.allowedMethods !== null) {
    const method = input.method.length == 0 ? "GET" : input.method;
    if (!methodAllowed(limits, method)) {
      return verdict.deny(
        Code.METHOD_NOT_ALLOWED,
        "method " + quote(method) + " is not in allowed_methods " + listText(limits.allowedMethods),
      );
    }
  }
  return true;
}

/** Whether `method` (case-insensitive) is in allowed_methods; true when that key is missing. */
export function methodAllowed(limits: WebLimits, method: string): bool {
  if (limits.allowedMethods === null) return true;
  if (!limits._compiled) limits.compile();
  const methods = limits._methods;
  for (let i = 0; i < methods.length; i++) {
    if (equalsIgnoreCase(method, methods[i])) return true;
  }
  return false;
}

/** The deny for a method override (`what`) naming a method outside allowed_methods. */
export function overrideDenied(limits: WebLimits, what: string, method: string, fix: string, verdict: Verdict): bool {
  return verdict.deny(
    Code.METHOD_NOT_ALLOWED,
    what + " overrides the method with " + quote(method) + ", which is not in allowed_methods " + listText(limits.allowedMethods) + "; " + fix,
  );
}

/** Compile one entry, or null (with `lastEntryError` set). */
function compileEntry(source: string): DomainEntry | null {
  const e = new DomainEntry();
  e.source = source;
  if (source == "*") {
    e.kind = EntryKind.Any;
    return e;
  }
  if (source.length == 0) {
    lastEntryError = "is empty";
    return null;
  }
  if (source.indexOf("/") >= 0 || source.indexOf("@") >= 0) {
    lastEntryError = "is not a host name (it looks like a URL or path)";
    return null;
  }
  let text = source;
  let subdomainsOnly = false;
  if (text.startsWith("*.")) {
    subdomainsOnly = true;
    text = text.substring(2);
  }
  if (text.indexOf("*") >= 0) {
    lastEntryError = "uses a wildcard other than a leading '*.'";
    return null;
  }
  const bytes = String.UTF8.encode(text, false);
  const p = changetype<usize>(bytes);
  const n = bytes.byteLength;
  // A bare IPv6 literal (no brackets) is accepted as a convenience.
  if (!subdomainsOnly && text.indexOf(":") >= 0 && !text.startsWith("[")) {
    if (parseIpv6(p, n, e.ipv6) != IPV6_OK) {
      lastEntryError = "is neither a host name nor a valid IPv6 address (ports are not supported)";
      return null;
    }
    e.kind = EntryKind.Ipv6;
    return e;
  }
  if (parseHost(p, n, entryHost) != HostError.None) {
    lastEntryError = "is invalid: " + hostErrorMessage(entryHost);
    return null;
  }
  if (entryHost.kind == HostKind.Domain) {
    e.kind = subdomainsOnly ? EntryKind.Subdomains : EntryKind.Domain;
    e.name = copyBytes(entryHost.name.ptr, entryHost.name.length);
    return e;
  }
  if (subdomainsOnly) {
    lastEntryError = "puts '*.' in front of an IP address";
    return null;
  }
  if (entryHost.kind == HostKind.Ipv4) {
    e.kind = EntryKind.Ipv4;
    e.ipv4 = entryHost.ipv4;
  } else {
    e.kind = EntryKind.Ipv6;
    for (let i = 0; i < 8; i++) e.ipv6[i] = entryHost.ipv6[i];
  }
  return e;
}

/**
 * Does `e` admit `host`? Blocked IPv4 entries also catch IPv6 forms that
 * embed that address (deny-lists err towards matching); allow entries do not.
 */
function matches(e: DomainEntry, host: Host, forBlocking: bool): bool {
  switch (e.kind) {
    case EntryKind.Any:
      return true;
    case EntryKind.Domain:
    case EntryKind.Subdomains: {
      if (host.kind != HostKind.Domain) return false;
      const hp = host.name.ptr;
      const hn = host.name.length;
      const en = e.name.length;
      const ep = changetype<usize>(e.name);
      if (hn == en) {
        return e.kind == EntryKind.Domain && memory.compare(hp, ep, <usize>en) == 0;
      }
      if (hn < en + 1) return false;
      if (load<u8>(hp + <usize>(hn - en - 1)) != 0x2e) return false;
      return memory.compare(hp + <usize>(hn - en), ep, <usize>en) == 0;
    }
    case EntryKind.Ipv4:
      if (host.kind == HostKind.Ipv4) return host.ipv4 == e.ipv4;
      if (forBlocking && host.kind == HostKind.Ipv6) return embeddedIpv4(host.ipv6) == <i64>e.ipv4;
      return false;
    case EntryKind.Ipv6:
      if (host.kind != HostKind.Ipv6) return false;
      for (let i = 0; i < 8; i++) {
        if (host.ipv6[i] != e.ipv6[i]) return false;
      }
      return true;
    default:
      return false;
  }
}

/** The canonical host as WHATWG would serialise it. */
function hostText(host: Host): string {
  if (host.kind == HostKind.Ipv4) return formatIpv4(host.ipv4);
  if (host.kind == HostKind.Ipv6) return "[" + formatIpv6(host.ipv6) + "]";
  return host.name.toString();
}

/** RFC 9110 token: 1*tchar. */
function isToken(s: string): bool {
  if (s.length == 0) return false;
  for (let i = 0; i < s.length; i++) {
    const c = <u32>s.charCodeAt(i);
    const alnum = (c | 0x20) - 0x61 < 26 || c - 0x30 < 10;
    if (!alnum && "!#$%&'*+-.^_`|~".indexOf(String.fromCharCode(c)) < 0) return false;
  }
  return true;
}

function equalsIgnoreCase(a: string, upper: string): bool {
  if (a.length != upper.length) return false;
  for (let i = 0; i < a.length; i++) {
    let c = <u32>a.charCodeAt(i);
    if (c - 0x61 < 26) c -= 0x20;
    if (c != <u32>upper.charCodeAt(i)) return false;
  }
  return true;
}

/** A quoted, length-capped value for messages. */
export function quote(s: string): string {
  const MAX = 200;
  const cut = s.length > MAX;
  let body = cut ? s.substring(0, MAX) : s;
  // Control characters would corrupt logs and terminals: show them escaped.
  let clean = true;
  for (let i = 0; i < body.length; i++) {
    const c = <u32>body.charCodeAt(i);
    if (c < 0x20 || c == 0x7f) {
      clean = false;
      break;
    }
  }
  if (!clean) {
    let t = "";
    for (let i = 0; i < body.length; i++) {
      const c = <u32>body.charCodeAt(i);
      if (c < 0x20 || c == 0x7f) {
        const hex = c.toString(16);
        t += "\\x" + (hex.length < 2 ? "0" + hex : hex);
      } else {
        t += String.fromCharCode(c);
      }
    }
    body = t;
  }
  return "'" + body + (cut ? "…'" : "'");
}

function listText(list: Array<string> | null): string {
  if (list === null) return "(missing)";
  let s = "[";
  const n = list.length < 20 ? list.length : 20;
  for (let i = 0; i < n; i++) {
    if (i > 0) s += ", ";
    s += list[i];
  }
  if (list.length > n) s += ", …";
  return s + "]";
}
