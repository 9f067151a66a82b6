// Classification of private and special-purpose destinations (SSRF targets).
// Ranges follow the IANA IPv4/IPv6 Special-Purpose Address Registries
// (RFC 6890 and successors): everything that is not globally reachable is
// "special". IPv6 forms that embed an IPv4 address (v4-mapped, v4-translated,
// NAT64 64:ff9b::/96, 6to4 2002::/16) are classified by that IPv4 address,
// because stacks and proxies route them to it. Only 2000::/3 is global
// unicast; anything else is refused.
//
// Names: localhost and *.localhost (RFC 6761), cloud metadata names, names
// under local-only suffixes, single-label names (resolved through the local
// resolver's search domains, e.g. `http://metadata/`), and well-known
// wildcard-DNS services that resolve to the address they embed.
// DNS answers themselves cannot be checked here (the core does no I/O): a
// public name that resolves to a private address (rebinding) must be caught
// by whoever resolves it.

export const enum Special {
  None = 0,
  ThisNetwork = 1,
  Private10 = 2,
  Loopback4 = 3,
  LinkLocal4 = 4,
  Private172 = 5,
  Private192 = 6,
  SharedCgnat = 7,
  Benchmark = 8,
  IetfProtocol4 = 9,
  Documentation4 = 10,
  Multicast4 = 11,
  Reserved4 = 12,
  Broadcast = 13,
  CloudMetadata = 14,
  Unspecified6 = 20,
  Loopback6 = 21,
  Ipv4Compatible6 = 22,
  LinkLocal6 = 23,
  SiteLocal6 = 24,
  UniqueLocal6 = 25,
  Multicast6 = 26,
  Nat64Local = 27,
  IetfSpecial6 = 28,
  Documentation6 = 29,
  Discard6 = 30,
  Reserved6 = 31,
  LocalhostName = 40,
  MetadataName = 41,
  LocalSuffix = 42,
  SingleLabel = 43,
  RebindName = 44,
}

/** How an IPv6 address embeds the IPv4 address it was classified by. */
export const enum Via {
  None = 0,
  Mapped = 1,
  Translated = 2,
  Nat64 = 3,
  SixToFour = 4,
}

/** A classification result: Special in the low byte, Via in the next. */
// @ts-ignore: decorator
@inline export function specialOf(result: i32): i32 {
  return result & 0xff;
}
// @ts-ignore: decorator
@inline export function viaOf(result: i32): i32 {
  return (result >> 8) & 0xff;
}

/** Classify an IPv4 address (host order). */
export function classifyIpv4(v: u32): i32 {
  const a = v >>> 24;
  if (a == 0) return Special.ThisNetwork;
  if (a == 10) return Special.Private10;
  if (a == 127) return Special.Loopback4;
  if ((v & 0xffff_0000) == 0xa9fe_0000) return Special.LinkLocal4;
  if ((v & 0xfff0_0000) == 0xac10_0000) return Special.Private172;
  if ((v & 0xffff_0000) == 0xc0a8_0000) return Special.Private192;
  // Alibaba Cloud's metadata service sits inside 100.64/10; named for clarity.
  if (v == 0x6464_64c8) return Special.CloudMetadata;
  if ((v & 0xffc0_0000) == 0x6440_0000) return Special.SharedCgnat;
  if ((v & 0xfffe_0000) == 0xc612_0000) return Special.Benchmark;
  if ((v & 0xffff_ff00) == 0xc000_0000) return Special.IetfProtocol4;
  if ((v & 0xffff_ff00) == 0xc000_0200) return Special.Documentation4; // 192.0.2/24
  if ((v & 0xffff_ff00) == 0xc633_6400) return Special.Documentation4; // 198.51.100/24
  if ((v & 0xffff_ff00) == 0xcb00_7100) return Special.Documentation4; // 203.0.113/24
  if (a >> 4 == 0xe) return Special.Multicast4;
  if (v == 0xffff_ffff) return Special.Broadcast;
  if (a >> 4 == 0xf) return Special.Reserved4;
  return Special.None;
}

function embedded(v: u32, via: Via): i32 {
  const c = classifyIpv4(v);
  return c == Special.None ? Special.None : c | (<i32>via << 8);
}

/** Classify an IPv6 address given as 8 pieces, most significant first. */
export function classifyIpv6(p: StaticArray<u16>): i32 {
  if (p.length < 8) return Special.Reserved6;
  const p0 = <u32>p[0], p1 = <u32>p[1], p2 = <u32>p[2], p3 = <u32>p[3];
  const p4 = <u32>p[4], p5 = <u32>p[5], p6 = <u32>p[6], p7 = <u32>p[7];
  const tail = (p6 << 16) | p7;
  const first64Zero = (p0 | p1 | p2 | p3) == 0;

  if (first64Zero && p4 == 0 && p5 == 0) {
    if (tail == 0) return Special.Unspecified6;
    if (tail == 1) return Special.Loopback6;
    return Special.Ipv4Compatible6;
  }
  if (first64Zero && p4 == 0 && p5 == 0xffff) return embedded(tail, Via.Mapped);
  if (first64Zero && p4 == 0xffff && p5 == 0) return embedded(tail, Via.Translated);
  if (p0 == 0x64 && p1 == 0xff9b) {
    if ((p2 | p3 | p4 | p5) == 0) return embedded(tail, Via.Nat64);
    if (p2 == 1) return Special.Nat64Local;
  }
  if (p0 == 0x2002) return embedded((p1 << 16) | p2, Via.SixToFour);
  if ((p0 & 0xffc0) == 0xfe80) return Special.LinkLocal6;
  if ((p0 & 0xffc0) == 0xfec0) return Special.SiteLocal6;
  if (p0 == 0xfd00 && p1 == 0x0ec2 && (p2 | p3 | p4 | p5 | p6) == 0 && p7 == 0x254) {
    return Special.CloudMetadata; // AWS IMDS over IPv6, fd00:ec2::254
  }
  if ((p0 & 0xfe00) == 0xfc00) return Special.UniqueLocal6;
  if ((p0 & 0xff00) == 0xff00) return Special.Multicast6;
  if (p0 == 0x0100 && (p1 | p2 | p3) == 0) return Special.Discard6;
  if (p0 == 0x2001 && p1 < 0x0200) return Special.IetfSpecial6;
  if (p0 == 0x2001 && p1 == 0x0db8) return Special.Documentation6;
  if (p0 == 0x3fff && p1 < 0x1000) return Special.Documentation6;
  if ((p0 & 0xe000) != 0x2000) return Special.Reserved6;
  return Special.None;
}

/** ASCII equality of (ptr, len) with an ASCII string constant. */
function equalsAscii(ptr: usize, len: i32, s: string): bool {
  if (len != s.length) return false;
  for (let i = 0; i < len; i++) {
    if (<u32>load<u8>(ptr + <usize>i) != <u32>s.charCodeAt(i)) return false;
  }
  return true;
}

/** True when (ptr, len) is `suffix` or ends with `.` + `suffix`. */
export function isNameOrSubdomain(ptr: usize, len: i32, suffix: string): bool {
  const n = suffix.length;
  if (len == n) return equalsAscii(ptr, len, suffix);
  if (len < n + 1) return false;
  if (load<u8>(ptr + <usize>(len - n - 1)) != 0x2e) return false;
  return equalsAscii(ptr + <usize>(len - n), n, suffix);
}

const LOCAL_SUFFIXES: StaticArray<string> = [
  "local", // mDNS (RFC 6762), includes *.svc.cluster.local
  "internal", // ICANN private-use TLD; GCP and AWS internal names
  "home.arpa", // RFC 8375
  "localdomain",
  "lan",
  "intranet",
];

const METADATA_NAMES: StaticArray<string> = [
  "metadata.google.internal",
  "metadata",
  "instance-data",
  "instance-data.ec2.internal",
  "metadata.azure.internal",
];

// Public wildcard-DNS services whose names resolve to the IP they embed or
// to 127.0.0.1 (`127.0.0.1.nip.io`, `x.localtest.me`).
const REBIND_SUFFIXES: StaticArray<string> = [
  "nip.io",
  "sslip.io",
  "xip.io",
  "localtest.me",
  "lvh.me",
  "vcap.me",
  "localhost.direct",
];

/** Classify a canonical domain (lowercase, no trailing dot). */
export function classifyDomain(ptr: usize, len: i32): i32 {
  if (isNameOrSubdomain(ptr, len, "localhost")) return Special.LocalhostName;
  if (equalsAscii(ptr, len, "localhost.localdomain")) return Special.LocalhostName;
  for (let i = 0; i < METADATA_NAMES.length; i++) {
    if (equalsAscii(ptr, len, unchecked(METADATA_NAMES[i]))) return Special.MetadataName; // i < length
  }
  for (let i = 0; i < LOCAL_SUFFIXES.length; i++) {
    if (isNameOrSubdomain(ptr, len, unchecked(LOCAL_SUFFIXES[i]))) return Special.LocalSuffix; // i < length
  }
  for (let i = 0; i < REBIND_SUFFIXES.length; i++) {
    if (isNameOrSubdomain(ptr, len, unchecked(REBIND_SUFFIXES[i]))) return Special.RebindName; // i < length
  }
  let dots = 0;
  for (let i = 0; i < len; i++) if (load<u8>(ptr + <usize>i) == 0x2e) dots++;
  if (dots == 0) return Special.SingleLabel;
  return Special.None;
}

/**
 * Destinations refused even when a policy sets allow_private: cloud metadata
 * services hand out credentials, and nothing an agent does needs them.
 */
export function isAlwaysDenied(result: i32): bool {
  const s = specialOf(result);
  return s == Special.LinkLocal4 || s == Special.CloudMetadata || s == Special.MetadataName;
}

/** A description of a classification for deny messages. */
export function describeSpecial(result: i32): string {
  let d: string;
  switch (specialOf(result)) {
    case Special.ThisNetwork: d = "'this network' 0.0.0.0/8"; break;
    case Special.Private10: d = "private 10.0.0.0/8"; break;
    case Special.Loopback4: d = "loopback 127.0.0.0/8"; break;
    case Special.LinkLocal4: d = "link-local 169.254.0.0/16 (cloud metadata)"; break;
    case Special.Private172: d = "private 172.16.0.0/12"; break;
    case Special.Private192: d = "private 192.168.0.0/16"; break;
    case Special.SharedCgnat: d = "shared address space 100.64.0.0/10"; break;
    case Special.Benchmark: d = "benchmarking 198.18.0.0/15"; break;
    case Special.IetfProtocol4: d = "IETF protocol assignments 192.0.0.0/24"; break;
    case Special.Documentation4: d = "documentation (TEST-NET)"; break;
    case Special.Multicast4: d = "multicast 224.0.0.0/4"; break;
    case Special.Reserved4: d = "reserved 240.0.0.0/4"; break;
    case Special.Broadcast: d = "broadcast 255.255.255.255"; break;
    case Special.CloudMetadata: d = "cloud metadata endpoint"; break;
    case Special.Unspecified6: d = "unspecified ::"; break;
    case Special.Loopback6: d = "loopback ::1"; break;
    case Special.Ipv4Compatible6: d = "deprecated IPv4-compatible ::/96"; break;
    case Special.LinkLocal6: d = "link-local fe80::/10"; break;
    case Special.SiteLocal6: d = "deprecated site-local fec0::/10"; break;
    case Special.UniqueLocal6: d = "unique local fc00::/7"; break;
    case Special.Multicast6: d = "multicast ff00::/8"; break;
    case Special.Nat64Local: d = "local-use NAT64 64:ff9b:1::/48"; break;
    case Special.IetfSpecial6: d = "IETF special-purpose 2001::/23 (Teredo, ORCHID, benchmarking)"; break;
    case Special.Documentation6: d = "documentation 2001:db8::/32 or 3fff::/20"; break;
    case Special.Discard6: d = "discard-only 100::/64"; break;
    case Special.Reserved6: d = "reserved (outside global unicast 2000::/3)"; break;
    case Special.LocalhostName: d = "localhost"; break;
    case Special.MetadataName: d = "cloud metadata host name"; break;
    case Special.LocalSuffix: d = "local-only name (.local, .internal, .home.arpa, .localdomain, .lan, .intranet)"; break;
    case Special.SingleLabel: d = "single-label name (resolved through local search domains)"; break;
    case Special.RebindName: d = "wildcard-DNS name that resolves to an address it embeds"; break;
    default: return "public";
  }
  switch (viaOf(result)) {
    case Via.Mapped: return d + " via IPv4-mapped ::ffff:0:0/96";
    case Via.Translated: return d + " via IPv4-translated ::ffff:0:0:0/96";
    case Via.Nat64: return d + " via NAT64 64:ff9b::/96";
    case Via.SixToFour: return d + " via 6to4 2002::/16";
    default: return d;
  }
}
