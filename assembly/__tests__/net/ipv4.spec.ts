import { parseIpv4, endsInNumber, formatIpv4, parseIpv4Number } from "../../net";
import { utf8, bytesPtr } from "../../util/bytes";

function v4(s: string): i64 {
  const b = utf8(s);
  return parseIpv4(bytesPtr(b), b.length);
}
function ends(s: string): bool {
  const b = utf8(s);
  return endsInNumber(bytesPtr(b), b.length);
}
function fmt(s: string): string {
  const v = v4(s);
  return v < 0 ? "fail" : formatIpv4(<u32>v);
}

describe("IPv4 parser (WHATWG)", () => {
  test("dotted decimal", () => {
    expect(fmt("127.0.0.1")).toBe("127.0.0.1");
    expect(fmt("8.8.8.8")).toBe("8.8.8.8");
    expect(fmt("255.255.255.255")).toBe("255.255.255.255");
  });
  test("single decimal, hex and octal numbers", () => {
    expect(fmt("2130706433")).toBe("127.0.0.1");
    expect(fmt("0x7f000001")).toBe("127.0.0.1");
    expect(fmt("0X7F000001")).toBe("127.0.0.1");
    expect(fmt("017700000001")).toBe("127.0.0.1");
    expect(fmt("4294967295")).toBe("255.255.255.255");
    expect(fmt("0")).toBe("0.0.0.0");
    expect(fmt("0x")).toBe("0.0.0.0");
  });
  test("short forms fill the last part", () => {
    expect(fmt("127.1")).toBe("127.0.0.1");
    expect(fmt("127.0.1")).toBe("127.0.0.1");
    expect(fmt("10.1")).toBe("10.0.0.1");
    expect(fmt("192.168.257")).toBe("192.168.1.1");
    expect(fmt("169.254.43518")).toBe("169.254.169.254");
  });
  test("per-part radix and mixed forms", () => {
    expect(fmt("0177.0.0.1")).toBe("127.0.0.1");
    expect(fmt("0x7f.0.0.1")).toBe("127.0.0.1");
    expect(fmt("0x7f.1")).toBe("127.0.0.1");
    expect(fmt("0127.0.0.1")).toBe("87.0.0.1");
    expect(fmt("127.000.000.001")).toBe("127.0.0.1");
    expect(fmt("0xa9.0xfe.0xa9.0xfe")).toBe("169.254.169.254");
    expect(fmt("0300.0250.0.1")).toBe("192.168.0.1");
  });
  test("one trailing dot is ignored", () => {
    expect(fmt("127.0.0.1.")).toBe("127.0.0.1");
    expect(fmt("2130706433.")).toBe("127.0.0.1");
    expect(fmt("127.0.0.1..")).toBe("fail");
  });
  test("failures", () => {
    expect(fmt("4294967296")).toBe("fail");
    expect(fmt("1.2.3.4.5")).toBe("fail");
    expect(fmt("256.1.1.1")).toBe("fail");
    expect(fmt("1.2.3.256")).toBe("fail");
    expect(fmt("1.256")).toBe("1.0.1.0");
    expect(fmt("1.16777216")).toBe("fail");
    expect(fmt("09.1.1.1")).toBe("fail");
    expect(fmt("0x1g.1")).toBe("fail");
    expect(fmt("1..1")).toBe("fail");
    expect(fmt("")).toBe("fail");
    expect(fmt("99999999999999999999999999999")).toBe("fail");
  });
  test("ends in a number", () => {
    expect(ends("example.com")).toBe(false);
    expect(ends("1.2.3.4")).toBe(true);
    expect(ends("foo.09")).toBe(true);
    expect(ends("foo.0x")).toBe(true);
    expect(ends("foo.0xg")).toBe(false);
    expect(ends("1.2.3.4.")).toBe(true);
    expect(ends("example.123.")).toBe(true);
    expect(ends(".")).toBe(false);
    expect(ends("a1")).toBe(false);
  });
  test("IPv4 number parser saturates instead of overflowing", () => {
    const b = utf8("0xffffffffffffffffffffffff");
    expect(parseIpv4Number(bytesPtr(b), b.length)).toBe(0x1_0000_0000);
  });
});
