import {
  Url, parseUrl, UrlError, HostKind, classifyIpv4, classifyIpv6, classifyDomain,
  describeSpecial, isAlwaysDenied, specialOf, viaOf, Special, Via,
} from "../../net";
import { utf8, bytesPtr } from "../../util/bytes";

const url = new Url();

/** Classification of the host of `s` (which must parse). */
function cls(s: string): i32 {
  const b = utf8(s);
  if (parseUrl(bytesPtr(b), b.length, url) != UrlError.None) return -1;
  const h = url.host;
  if (h.kind == HostKind.Ipv4) return classifyIpv4(h.ipv4);
  if (h.kind == HostKind.Ipv6) return classifyIpv6(h.ipv6);
  return classifyDomain(h.name.ptr, h.name.length);
}

describe("private and special IPv4", () => {
  test("the required ranges", () => {
    expect(cls("http://0.0.0.0/")).toBe(Special.ThisNetwork);
    expect(cls("http://0/")).toBe(Special.ThisNetwork);
    expect(cls("http://10.1.2.3/")).toBe(Special.Private10);
    expect(cls("http://127.0.0.1/")).toBe(Special.Loopback4);
    expect(cls("http://127.255.255.254/")).toBe(Special.Loopback4);
    expect(cls("http://169.254.169.254/")).toBe(Special.LinkLocal4);
    expect(cls("http://172.16.0.1/")).toBe(Special.Private172);
    expect(cls("http://172.31.255.255/")).toBe(Special.Private172);
    expect(cls("http://192.168.1.1/")).toBe(Special.Private192);
    expect(cls("http://100.64.0.1/")).toBe(Special.SharedCgnat);
    expect(cls("http://100.127.255.255/")).toBe(Special.SharedCgnat);
    expect(cls("http://100.100.100.200/")).toBe(Special.CloudMetadata);
    expect(cls("http://198.18.0.1/")).toBe(Special.Benchmark);
    expect(cls("http://198.19.255.255/")).toBe(Special.Benchmark);
    expect(cls("http://224.0.0.1/")).toBe(Special.Multicast4);
    expect(cls("http://239.255.255.250/")).toBe(Special.Multicast4);
    expect(cls("http://240.0.0.1/")).toBe(Special.Reserved4);
    expect(cls("http://255.255.255.255/")).toBe(Special.Broadcast);
    expect(cls("http://192.0.0.170/")).toBe(Special.IetfProtocol4);
    expect(cls("http://192.0.2.1/")).toBe(Special.Documentation4);
  });
  test("neighbours of the ranges are public", () => {
    expect(cls("http://1.0.0.0/")).toBe(Special.None);
    expect(cls("http://9.255.255.255/")).toBe(Special.None);
    expect(cls("http://11.0.0.0/")).toBe(Special.None);
    expect(cls("http://126.255.255.255/")).toBe(Special.None);
    expect(cls("http://128.0.0.0/")).toBe(Special.None);
    expect(cls("http://169.253.255.255/")).toBe(Special.None);
    expect(cls("http://169.255.0.0/")).toBe(Special.None);
    expect(cls("http://172.15.255.255/")).toBe(Special.None);
    expect(cls("http://172.32.0.0/")).toBe(Special.None);
    expect(cls("http://192.167.255.255/")).toBe(Special.None);
    expect(cls("http://192.169.0.0/")).toBe(Special.None);
    expect(cls("http://100.63.255.255/")).toBe(Special.None);
    expect(cls("http://100.128.0.0/")).toBe(Special.None);
    expect(cls("http://198.17.255.255/")).toBe(Special.None);
    expect(cls("http://198.20.0.0/")).toBe(Special.None);
    expect(cls("http://223.255.255.255/")).toBe(Special.None);
    expect(cls("http://8.8.8.8/")).toBe(Special.None);
    expect(cls("http://0127.0.0.1/")).toBe(Special.None); // 87.0.0.1
  });
  test("every literal form of loopback and metadata", () => {
    expect(cls("http://2130706433/")).toBe(Special.Loopback4);
    expect(cls("http://0x7f000001/")).toBe(Special.Loopback4);
    expect(cls("http://0177.0.0.1/")).toBe(Special.Loopback4);
    expect(cls("http://127.1/")).toBe(Special.Loopback4);
    expect(cls("http://0x7f.1/")).toBe(Special.Loopback4);
    expect(cls("http://127.0.0.1./")).toBe(Special.Loopback4);
    expect(cls("http://2852039166/")).toBe(Special.LinkLocal4);
    expect(cls("http://0xa9fea9fe/")).toBe(Special.LinkLocal4);
    expect(cls("http://0251.0376.0251.0376/")).toBe(Special.LinkLocal4);
    expect(cls("http://169.254.43518/")).toBe(Special.LinkLocal4);
  });
});

describe("private and special IPv6", () => {
  test("loopback, unspecified, link-local, ULA, multicast", () => {
    expect(cls("http://[::]/")).toBe(Special.Unspecified6);
    expect(cls("http://[::1]/")).toBe(Special.Loopback6);
    expect(cls("http://[0:0:0:0:0:0:0:1]/")).toBe(Special.Loopback6);
    expect(cls("http://[fe80::1]/")).toBe(Special.LinkLocal6);
    expect(cls("http://[febf::1]/")).toBe(Special.LinkLocal6);
    expect(cls("http://[fec0::1]/")).toBe(Special.SiteLocal6);
    expect(cls("http://[fc00::1]/")).toBe(Special.UniqueLocal6);
    expect(cls("http://[fd12:3456::1]/")).toBe(Special.UniqueLocal6);
    expect(cls("http://[fd00:ec2::254]/")).toBe(Special.CloudMetadata);
    expect(cls("http://[ff02::1]/")).toBe(Special.Multicast6);
    expect(cls("http://[::127.0.0.1]/")).toBe(Special.Ipv4Compatible6);
    expect(cls("http://[100::1]/")).toBe(Special.Discard6);
    expect(cls("http://[2001:db8::1]/")).toBe(Special.Documentation6);
    expect(cls("http://[2001::1]/")).toBe(Special.IetfSpecial6);
    expect(cls("http://[4000::1]/")).toBe(Special.Reserved6);
    expect(cls("http://[64:ff9b:1::1]/")).toBe(Special.Nat64Local);
  });
  test("embedded IPv4 is classified by that address", () => {
    const mapped = cls("http://[::ffff:127.0.0.1]/");
    expect(specialOf(mapped)).toBe(Special.Loopback4);
    expect(viaOf(mapped)).toBe(Via.Mapped);
    expect(specialOf(cls("http://[::ffff:7f00:1]/"))).toBe(Special.Loopback4);
    expect(specialOf(cls("http://[::ffff:a9fe:a9fe]/"))).toBe(Special.LinkLocal4);
    expect(isAlwaysDenied(cls("http://[::ffff:169.254.169.254]/"))).toBe(true);
    expect(viaOf(cls("http://[::ffff:0:10.0.0.1]/"))).toBe(Via.Translated);
    expect(viaOf(cls("http://[64:ff9b::192.168.0.1]/"))).toBe(Via.Nat64);
    expect(viaOf(cls("http://[2002:c0a8:1::1]/"))).toBe(Via.SixToFour);
    expect(specialOf(cls("http://[2002:c0a8:1::1]/"))).toBe(Special.Private192);
    expect(cls("http://[::ffff:8.8.8.8]/")).toBe(Special.None);
    expect(cls("http://[64:ff9b::8.8.8.8]/")).toBe(Special.None);
    expect(cls("http://[2002:808:808::1]/")).toBe(Special.None);
    expect(describeSpecial(cls("http://[::ffff:127.0.0.1]/"))).toBe("loopback 127.0.0.0/8 via IPv4-mapped ::ffff:0:0/96");
  });
  test("global unicast is public", () => {
    expect(cls("http://[2606:4700:4700::1111]/")).toBe(Special.None);
    expect(cls("http://[2a00:1450:4001::200e]/")).toBe(Special.None);
    expect(cls("http://[2001:4860:4860::8888]/")).toBe(Special.None);
  });
});

describe("special names", () => {
  test("localhost", () => {
    expect(cls("http://localhost/")).toBe(Special.LocalhostName);
    expect(cls("http://LOCALHOST./")).toBe(Special.LocalhostName);
    expect(cls("http://api.localhost/")).toBe(Special.LocalhostName);
    expect(cls("http://localhost.localdomain/")).toBe(Special.LocalhostName);
    expect(cls("http://localhost.example.com/")).toBe(Special.None);
    expect(cls("http://notlocalhost/")).toBe(Special.SingleLabel);
  });
  test("metadata and local-only names", () => {
    expect(cls("http://metadata.google.internal/")).toBe(Special.MetadataName);
    expect(cls("http://metadata/")).toBe(Special.MetadataName);
    expect(cls("http://instance-data/")).toBe(Special.MetadataName);
    expect(isAlwaysDenied(cls("http://metadata/"))).toBe(true);
    expect(cls("http://printer.local/")).toBe(Special.LocalSuffix);
    expect(cls("http://kubernetes.default.svc.cluster.local/")).toBe(Special.LocalSuffix);
    expect(cls("http://db.internal/")).toBe(Special.LocalSuffix);
    expect(cls("http://router.home.arpa/")).toBe(Special.LocalSuffix);
    expect(cls("http://intranet/")).toBe(Special.LocalSuffix);
    expect(cls("http://127.0.0.1.nip.io/")).toBe(Special.RebindName);
    expect(cls("http://app.localtest.me/")).toBe(Special.RebindName);
    expect(cls("http://internal.example.com/")).toBe(Special.None);
    expect(cls("http://github.com/")).toBe(Special.None);
  });
});
