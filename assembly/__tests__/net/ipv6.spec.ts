import { parseIpv6, formatIpv6, embeddedIpv4, IPV6_OK, IPV6_ZONE, IPV6_INVALID } from "../../net";
import { utf8, bytesPtr } from "../../util/bytes";

const pieces = new StaticArray<u16>(8);

function v6(s: string): string {
  const b = utf8(s);
  const r = parseIpv6(bytesPtr(b), b.length, pieces);
  if (r == IPV6_ZONE) return "zone";
  if (r != IPV6_OK) return "fail";
  return formatIpv6(pieces);
}

describe("IPv6 parser (WHATWG)", () => {
  test("full and compressed forms serialise canonically", () => {
    expect(v6("::1")).toBe("::1");
    expect(v6("::")).toBe("::");
    expect(v6("0:0:0:0:0:0:0:1")).toBe("::1");
    expect(v6("0000:0000:0000:0000:0000:0000:0000:0001")).toBe("::1");
    expect(v6("FE80::1")).toBe("fe80::1");
    expect(v6("2001:db8:0:0:1:0:0:1")).toBe("2001:db8::1:0:0:1");
    expect(v6("1::")).toBe("1::");
    expect(v6("1:2:3:4:5:6:7::")).toBe("1:2:3:4:5:6:7:0");
    expect(v6("::2:3:4:5:6:7:8")).toBe("0:2:3:4:5:6:7:8");
    expect(v6("2606:4700:4700::1111")).toBe("2606:4700:4700::1111");
  });
  test("embedded IPv4", () => {
    expect(v6("::ffff:127.0.0.1")).toBe("::ffff:7f00:1");
    expect(v6("::ffff:7f00:1")).toBe("::ffff:7f00:1");
    expect(v6("::127.0.0.1")).toBe("::7f00:1");
    expect(v6("64:ff9b::10.0.0.1")).toBe("64:ff9b::a00:1");
    expect(v6("::ffff:1.2.3")).toBe("fail");
    expect(v6("::ffff:01.2.3.4")).toBe("fail");
    expect(v6("::ffff:1.2.3.256")).toBe("fail");
    expect(v6("::ffff:1.2.3.4.5")).toBe("fail");
    expect(v6("1:2:3:4:5:6:7:1.2.3.4")).toBe("fail");
    expect(v6("::ffff:0x7f.0.0.1")).toBe("fail");
  });
  test("zone ids are refused", () => {
    expect(v6("fe80::1%eth0")).toBe("zone");
    expect(v6("fe80::1%25eth0")).toBe("zone");
  });
  test("malformed", () => {
    expect(v6("")).toBe("fail");
    expect(v6(":1")).toBe("fail");
    expect(v6("1:")).toBe("fail");
    expect(v6("1::2::3")).toBe("fail");
    expect(v6("1:2:3:4:5:6:7:8:9")).toBe("fail");
    expect(v6("1:2:3:4:5:6:7")).toBe("fail");
    expect(v6("12345::")).toBe("fail");
    expect(v6("g::")).toBe("fail");
    expect(v6("::1 ")).toBe("fail");
    expect(IPV6_INVALID).not.toBe(IPV6_OK);
  });
  test("embeddedIpv4", () => {
    v6("::ffff:169.254.169.254");
    expect(embeddedIpv4(pieces)).toBe(0xa9fea9fe);
    v6("2002:7f00:1::");
    expect(embeddedIpv4(pieces)).toBe(0x7f000001);
    v6("2606:4700::1");
    expect(embeddedIpv4(pieces)).toBe(-1);
  });
});
