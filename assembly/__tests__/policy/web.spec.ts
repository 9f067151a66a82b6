import { WebLimits, WebInput, checkWeb } from "../../policy/capabilities/web/web";
import { Verdict, Code } from "../../policy/verdict";

const verdict = new Verdict();
const input = new WebInput();

function limits(allowed: Array<string> | null, blocked: Array<string> = [], methods: Array<string> | null = null, allowPrivate: bool = false): WebLimits {
  const l = new WebLimits();
  l.allowedDomains = allowed;
  l.blockedDomains = blocked;
  l.allowedMethods = methods;
  l.allowPrivate = allowPrivate;
  const err = l.compile();
  expect(err).toBe("");
  return l;
}

/** "allow" or the deny code. */
function run(l: WebLimits, url: string, method: string = ""): string {
  verdict.reset();
  input.url = url;
  input.method = method;
  const ok = checkWeb(l, input, verdict);
  if (ok) {
    expect(verdict.denied).toBe(false);
    return "allow";
  }
  expect(verdict.denied).toBe(true);
  expect(verdict.message.length).toBeGreaterThan(0);
  return verdict.code;
}

const GITHUB = limits(["github.com", "*.example.org", "8.8.8.8", "[2606:4700:4700::1111]"]);

describe("checkWeb: domains", () => {
  test("an entry admits itself and its subdomains, whatever the case or trailing dot", () => {
    expect(run(GITHUB, "https://github.com/")).toBe("allow");
    expect(run(GITHUB, "https://api.github.com/repos")).toBe("allow");
    expect(run(GITHUB, "https://GITHUB.com./x")).toBe("allow");
    expect(run(GITHUB, "http://a.b.github.com:8443/")).toBe("allow");
  });
  test("look-alikes and smuggled names are denied", () => {
    expect(run(GITHUB, "https://github.com.evil.com/")).toBe(Code.DOMAIN_NOT_ALLOWED);
    expect(run(GITHUB, "https://evilgithub.com/")).toBe(Code.DOMAIN_NOT_ALLOWED);
    expect(run(GITHUB, "https://evil.com/?github.com")).toBe(Code.DOMAIN_NOT_ALLOWED);
    expect(run(GITHUB, "https://evil.com#github.com")).toBe(Code.DOMAIN_NOT_ALLOWED);
    expect(run(GITHUB, "https://evil.com/github.com")).toBe(Code.DOMAIN_NOT_ALLOWED);
    expect(run(GITHUB, "https://github.com@evil.com/")).toBe(Code.INVALID_URL);
    expect(run(GITHUB, "https://evil.com\\@github.com/")).toBe(Code.INVALID_URL);
    expect(run(GITHUB, "https://github.co/")).toBe(Code.DOMAIN_NOT_ALLOWED);
    expect(run(GITHUB, "https://gіthub.com/")).toBe(Code.INVALID_URL);
  });
  test("*.domain admits subdomains only", () => {
    expect(run(GITHUB, "https://docs.example.org/")).toBe("allow");
    expect(run(GITHUB, "https://example.org/")).toBe(Code.DOMAIN_NOT_ALLOWED);
    expect(run(GITHUB, "https://badexample.org/")).toBe(Code.DOMAIN_NOT_ALLOWED);
  });
  test("IP entries admit exactly that address in any form", () => {
    expect(run(GITHUB, "http://8.8.8.8/")).toBe("allow");
    expect(run(GITHUB, "http://134744072/")).toBe("allow");
    expect(run(GITHUB, "http://8.8.8.9/")).toBe(Code.DOMAIN_NOT_ALLOWED);
    expect(run(GITHUB, "http://[2606:4700:4700:0::1111]/")).toBe("allow");
    expect(run(GITHUB, "http://[::ffff:8.8.8.8]/")).toBe(Code.DOMAIN_NOT_ALLOWED);
  });
  test("missing or empty allowed_domains allows nothing; * allows any public host", () => {
    expect(run(limits(null), "https://github.com/")).toBe(Code.DOMAIN_NOT_ALLOWED);
    expect(run(limits([]), "https://github.com/")).toBe(Code.DOMAIN_NOT_ALLOWED);
    const any = limits(["*"]);
    expect(run(any, "https://anything.example/")).toBe("allow");
    expect(run(any, "http://1.1.1.1/")).toBe("allow");
    expect(run(any, "http://127.0.0.1/")).toBe(Code.PRIVATE_IP_BLOCKED);
  });
  test("blocked_domains wins over allowed_domains", () => {
    const l = limits(["*"], ["pastebin.com", "*.evil.org", "1.2.3.4"]);
    expect(run(l, "https://pastebin.com/raw/x")).toBe(Code.DOMAIN_BLOCKED);
    expect(run(l, "https://www.PASTEBIN.com./")).toBe(Code.DOMAIN_BLOCKED);
    expect(run(l, "https://a.evil.org/")).toBe(Code.DOMAIN_BLOCKED);
    expect(run(l, "https://evil.org/")).toBe("allow");
    expect(run(l, "http://0x01020304/")).toBe(Code.DOMAIN_BLOCKED);
    expect(run(l, "http://[2002:102:304::1]/")).toBe(Code.DOMAIN_BLOCKED);
    expect(run(l, "https://notpastebin.com/")).toBe("allow");
  });
});

describe("checkWeb: private destinations", () => {
  test("denied before any domain rule", () => {
    const l = limits(["localhost", "*"]);
    expect(run(l, "http://localhost:3000/")).toBe(Code.PRIVATE_IP_BLOCKED);
    expect(run(l, "http://0x7f.1/")).toBe(Code.PRIVATE_IP_BLOCKED);
    expect(run(l, "http://[::ffff:127.0.0.1]/")).toBe(Code.PRIVATE_IP_BLOCKED);
    expect(run(l, "http://169.254.169.254/latest/meta-data/")).toBe(Code.PRIVATE_IP_BLOCKED);
    expect(run(l, "http://%31%30.0.0.1/")).toBe(Code.PRIVATE_IP_BLOCKED);
  });
  test("allow_private permits private ranges but never cloud metadata", () => {
    const l = limits(["*"], [], null, true);
    expect(run(l, "http://localhost:3000/")).toBe("allow");
    expect(run(l, "http://10.0.0.5/")).toBe("allow");
    expect(run(l, "http://169.254.169.254/")).toBe(Code.PRIVATE_IP_BLOCKED);
    expect(run(l, "http://metadata.google.internal/")).toBe(Code.PRIVATE_IP_BLOCKED);
    expect(run(l, "http://[fd00:ec2::254]/")).toBe(Code.PRIVATE_IP_BLOCKED);
    expect(run(l, "http://[::ffff:a9fe:a9fe]/")).toBe(Code.PRIVATE_IP_BLOCKED);
    const onlyGithub = limits(["github.com"], [], null, true);
    expect(run(onlyGithub, "http://10.0.0.5/")).toBe(Code.DOMAIN_NOT_ALLOWED);
  });
});

describe("checkWeb: methods and errors", () => {
  test("allowed_methods is case-insensitive; a missing method is GET", () => {
    const l = limits(["github.com"], [], ["get", "HEAD"]);
    expect(run(l, "https://github.com/", "GET")).toBe("allow");
    expect(run(l, "https://github.com/", "head")).toBe("allow");
    expect(run(l, "https://github.com/", "")).toBe("allow");
    expect(run(l, "https://github.com/", "POST")).toBe(Code.METHOD_NOT_ALLOWED);
    expect(run(l, "https://github.com/", "GET ")).toBe(Code.METHOD_NOT_ALLOWED);
    expect(run(limits(["github.com"], [], []), "https://github.com/")).toBe(Code.METHOD_NOT_ALLOWED);
    expect(run(limits(["github.com"]), "https://github.com/", "DELETE")).toBe("allow");
  });
  test("order: parse, scheme, private, blocked, allowed, method", () => {
    const l = limits(["github.com"], ["github.com"], ["GET"]);
    expect(run(l, "ftp://127.0.0.1/", "POST")).toBe(Code.INVALID_URL);
    expect(run(l, "http://127.0.0.1/", "POST")).toBe(Code.PRIVATE_IP_BLOCKED);
    expect(run(l, "http://github.com/", "POST")).toBe(Code.DOMAIN_BLOCKED);
    expect(run(limits(["github.com"], [], ["GET"]), "http://gitlab.com/", "POST")).toBe(Code.DOMAIN_NOT_ALLOWED);
  });
  test("messages name the value and the rule", () => {
    run(GITHUB, "https://github.com.evil.com/");
    expect(verdict.message).toBe("host 'github.com.evil.com' is not in allowed_domains [github.com, *.example.org, 8.8.8.8, [2606:4700:4700::1111]]");
    run(GITHUB, "http://0x7f.1/");
    expect(verdict.message).toBe("destination '127.0.0.1' is loopback 127.0.0.0/8; private and special destinations are refused unless the policy sets allow_private_destinations");
    run(GITHUB, "https://github.com/\n");
    expect(verdict.message).toBe("invalid URL 'https://github.com/\\x0a': the URL contains a control character (0x0a) at offset 19");
    run(GITHUB, "");
    expect(verdict.code).toBe(Code.INVALID_URL);
  });
  test("compile errors name the entry", () => {
    const l = new WebLimits();
    l.allowedDomains = ["github.com", "https://gitlab.com"];
    expect(l.compile()).toBe("allowed_domains[1] 'https://gitlab.com' is not a host name (it looks like a URL or path); write a host name such as 'example.com', '*.example.com', an IP address, or '*'");
    l.allowedDomains = ["git*.com"];
    expect(l.compile().length).toBeGreaterThan(0);
    l.allowedDomains = ["github.com:443"];
    expect(l.compile().length).toBeGreaterThan(0);
    l.allowedDomains = ["*.1.2.3.4"];
    expect(l.compile().length).toBeGreaterThan(0);
    l.allowedDomains = [""];
    expect(l.compile().length).toBeGreaterThan(0);
    l.allowedDomains = ["::1", "0x7f.1", "Example.COM."];
    expect(l.compile()).toBe("");
    l.allowedMethods = ["GET POST"];
    expect(l.compile().length).toBeGreaterThan(0);
    verdict.reset();
    input.url = "https://example.com/";
    expect(checkWeb(l, input, verdict)).toBe(false);
    expect(verdict.code).toBe(Code.POLICY_ERROR);
  });
  test("long and hostile inputs never trap", () => {
    expect(run(GITHUB, "https://github.com/" + "a".repeat(9000))).toBe(Code.INVALID_URL);
    expect(run(GITHUB, "https://" + "a.".repeat(200) + "github.com/")).toBe(Code.INVALID_URL);
    expect(run(GITHUB, "https://[" + ":".repeat(50) + "]/")).toBe(Code.INVALID_URL);
    expect(run(GITHUB, "https://[")).toBe(Code.INVALID_URL);
    expect(run(GITHUB, "h")).toBe(Code.INVALID_URL);
    expect(run(GITHUB, "https://%")).toBe(Code.INVALID_URL);
    expect(run(GITHUB, "https://%f")).toBe(Code.INVALID_URL);
    expect(run(GITHUB, "https://%ff/")).toBe(Code.INVALID_URL);
    expect(run(GITHUB, "https://\uD800.com/")).toBe(Code.INVALID_URL);
  });
});

describe("checkWeb: memory", () => {
  test("steady state: memory does not grow across calls", () => {
    const l = limits(["github.com"], ["gist.github.com"], ["GET"]);
    const urls: StaticArray<string> = [
      "https://api.github.com/x", "https://evil.com/", "http://0x7f.1/", "https://gist.github.com/",
      "https://github.com@evil.com/", "http://[::ffff:127.0.0.1]/", "https://github.com/" + "a".repeat(2000),
    ];
    for (let i = 0; i < 200; i++) run(l, urls[i % urls.length], "GET");
    const before = memory.size();
    for (let i = 0; i < 3000; i++) run(l, urls[i % urls.length], i % 3 == 0 ? "POST" : "GET");
    expect(memory.size()).toBe(before);
  });
});
