import { Url, parseUrl, UrlError, HostKind, Scheme, formatIpv4, formatIpv6, describeUrlError } from "../../net";
import { utf8, bytesPtr } from "../../util/bytes";

const url = new Url();

/** "host" for success (canonical), "!<error>" otherwise. */
function hostOf(s: string): string {
  const b = utf8(s);
  const e = parseUrl(bytesPtr(b), b.length, url);
  if (e != UrlError.None) return "!" + (<i32>e).toString() + (e == UrlError.Host ? "." + (<i32>url.host.error).toString() : "");
  const h = url.host;
  if (h.kind == HostKind.Ipv4) return formatIpv4(h.ipv4);
  if (h.kind == HostKind.Ipv6) return "[" + formatIpv6(h.ipv6) + "]";
  return h.name.toString();
}

function message(s: string): string {
  const b = utf8(s);
  parseUrl(bytesPtr(b), b.length, url);
  return describeUrlError(url, bytesPtr(b), b.length);
}

describe("URL parser", () => {
  test("ordinary URLs", () => {
    expect(hostOf("https://github.com/")).toBe("github.com");
    expect(hostOf("https://GitHub.COM")).toBe("github.com");
    expect(hostOf("http://api.github.com:8080/x?y#z")).toBe("api.github.com");
    expect(url.port).toBe(8080);
    expect(url.scheme).toBe(Scheme.Http);
    expect(hostOf("HTTPS://github.com.")).toBe("github.com");
    expect(url.host.trailingDot).toBe(true);
    expect(hostOf("https://github.com:/")).toBe("github.com");
    expect(url.port).toBe(-1);
    expect(hostOf("https://github.com:00443/")).toBe("github.com");
    expect(url.port).toBe(443);
  });
  test("the host is the real host, not a substring", () => {
    expect(hostOf("https://evil.com/?github.com")).toBe("evil.com");
    expect(hostOf("https://evil.com#github.com")).toBe("evil.com");
    expect(hostOf("https://github.com.evil.com/")).toBe("github.com.evil.com");
    expect(hostOf("https://evil.com/github.com")).toBe("evil.com");
    expect(hostOf("https://evil.com?@github.com")).toBe("evil.com");
  });
  test("userinfo is refused", () => {
    expect(hostOf("https://github.com@evil.com")).toBe("!8");
    expect(hostOf("https://user:pass@github.com")).toBe("!8");
    expect(hostOf("https://a@b@c")).toBe("!8");
    expect(hostOf("https://@github.com")).toBe("!8");
  });
  test("schemes and slashes", () => {
    expect(hostOf("ftp://github.com")).toBe("!5");
    expect(message("FTP://github.com")).toBe("scheme 'ftp' is not allowed (only http and https)");
    expect(hostOf("file:///etc/passwd")).toBe("!5");
    expect(hostOf("javascript:alert(1)")).toBe("!5");
    expect(hostOf("github.com")).toBe("!4");
    expect(hostOf("//github.com")).toBe("!4");
    expect(hostOf("1http://x")).toBe("!4");
    expect(hostOf("https:github.com")).toBe("!6");
    expect(hostOf("https:/github.com")).toBe("!6");
    expect(hostOf("https:///github.com")).toBe("!6");
    expect(hostOf("https:\\\\github.com")).toBe("!6");
    expect(hostOf("https:/\\github.com")).toBe("!6");
    expect(hostOf("https://\\github.com")).toBe("!6");
    expect(hostOf("https:")).toBe("!6");
    expect(hostOf("https://")).toBe("!11.1");
  });
  test("backslashes in the authority are refused; in the path they are harmless", () => {
    expect(hostOf("https://evil.com\\@github.com")).toBe("!7");
    expect(hostOf("https://github.com\\.evil.com")).toBe("!7");
    expect(hostOf("https://github.com/a\\b")).toBe("github.com");
  });
  test("controls and spaces anywhere", () => {
    expect(hostOf(" https://github.com")).toBe("!3");
    expect(hostOf("https://github.com ")).toBe("!3");
    expect(hostOf("https://git\thub.com")).toBe("!3");
    expect(hostOf("https://github.com/a b")).toBe("!3");
    expect(hostOf("https://github.com\n.evil.com")).toBe("!3");
    expect(hostOf("https://github.com\x00.evil.com")).toBe("!3");
    expect(message("https://a/b c")).toBe("the URL contains a space at offset 11 (percent-encode it as %20)");
  });
  test("ports", () => {
    expect(hostOf("https://github.com:65535")).toBe("github.com");
    expect(hostOf("https://github.com:65536")).toBe("!10");
    expect(hostOf("https://github.com:99999999999999999999")).toBe("!10");
    expect(hostOf("https://github.com:80a")).toBe("!9");
    expect(hostOf("https://github.com:80:80")).toBe("!9");
    expect(hostOf("https://github.com:-1")).toBe("!9");
    expect(hostOf("https://[::1]:8080/")).toBe("[::1]");
    expect(url.port).toBe(8080);
    expect(hostOf("https://[::1]x/")).toBe("!9");
  });
  test("IPv4 literals in every WHATWG form", () => {
    expect(hostOf("http://2130706433/")).toBe("127.0.0.1");
    expect(hostOf("http://0x7f000001/")).toBe("127.0.0.1");
    expect(hostOf("http://0177.0.0.1/")).toBe("127.0.0.1");
    expect(hostOf("http://127.1/")).toBe("127.0.0.1");
    expect(hostOf("http://0x7f.1/")).toBe("127.0.0.1");
    expect(hostOf("http://127.0.0.1./")).toBe("127.0.0.1");
    expect(hostOf("http://0X7F.0.0.1:80/")).toBe("127.0.0.1");
    expect(hostOf("http://1.2.3.4.5/")).toBe("!11.7");
    expect(hostOf("http://foo.09/")).toBe("!11.7");
    expect(hostOf("http://999.1.1.1/")).toBe("!11.7");
  });
  test("percent-encoded hosts are decoded, then checked", () => {
    expect(hostOf("http://%31%32%37.0.0.1/")).toBe("127.0.0.1");
    expect(hostOf("https://github%2Ecom/")).toBe("github.com");
    expect(url.host.percentEncoded).toBe(true);
    expect(hostOf("https://%6c%6f%63%61%6c%68%6f%73%74/")).toBe("localhost");
    expect(hostOf("https://evil.com%2f.github.com/")).toBe("!11.6");
    expect(hostOf("https://evil.com%40github.com/")).toBe("!11.6");
    expect(hostOf("https://evil.com%5c.github.com/")).toBe("!11.6");
    expect(hostOf("https://github.com%00.evil.com/")).toBe("!11.6");
    expect(hostOf("https://github%.com/")).toBe("!11.6");
    expect(hostOf("https://github%2.com/")).toBe("!11.6");
    expect(hostOf("https://%5B::1%5D/")).toBe("!9");
  });
  test("odd characters and non-ASCII hosts", () => {
    expect(hostOf("https://evil.com;.github.com/")).toBe("!11.6");
    expect(hostOf("https://evil.com&.github.com/")).toBe("!11.6");
    expect(hostOf("https://ex_ample.com/")).toBe("ex_ample.com");
    expect(hostOf("https://xn--80ak6aa92e.com/")).toBe("xn--80ak6aa92e.com");
    expect(hostOf("https://gіthub.com/")).toBe("!11.5");
    expect(hostOf("https://github%E3%80%82com/")).toBe("!11.5");
    expect(hostOf("https://ｇｉｔｈｕｂ.com/")).toBe("!11.5");
    expect(hostOf("https://github..com/")).toBe("!11.8");
    expect(hostOf("https://.github.com/")).toBe("!11.8");
    expect(hostOf("https://github.com../")).toBe("!11.8");
    expect(hostOf("https://./")).toBe("!11.8");
  });
  test("IPv6 literals", () => {
    expect(hostOf("http://[::1]/")).toBe("[::1]");
    expect(hostOf("http://[0:0:0:0:0:ffff:127.0.0.1]/")).toBe("[::ffff:7f00:1]");
    expect(hostOf("http://[fe80::1%25eth0]/")).toBe("!11.3");
    expect(hostOf("http://[::1/")).toBe("!11.4");
    expect(hostOf("http://[::1]]/")).toBe("!9");
    expect(hostOf("http://[github.com]/")).toBe("!11.2");
    expect(hostOf("http://::1/")).toBe("!9");
  });
  test("length limit", () => {
    expect(hostOf("https://a.com/" + "x".repeat(8200))).toBe("!2");
  });
});
