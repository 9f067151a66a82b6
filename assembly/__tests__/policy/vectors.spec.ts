// A representative subset of test/vectors/urls.jsonl and paths.jsonl, run
// straight through checkWeb / checkFile (the full files are replayed through
// the API and the CLI by test/vectors.test.ts). Limits mirror the passports in
// test/vectors/policies/; rows are [policy, input, extra, expected code].
import { WebLimits, WebInput, checkWeb } from "../../policy/capabilities/web/web";
import { FileLimits, FileInput, checkFile } from "../../policy/capabilities/file/file";
import { Verdict } from "../../policy/verdict";

const verdict = new Verdict();
const webInput = new WebInput();
const fileInput = new FileInput();

function web(allowed: Array<string> | null, blocked: Array<string>, methods: Array<string> | null, allowPrivate: bool): WebLimits {
  const l = new WebLimits();
  l.allowedDomains = allowed;
  l.blockedDomains = blocked;
  l.allowedMethods = methods;
  l.allowPrivate = allowPrivate;
  expect(l.compile()).toBe("");
  return l;
}

function files(allowed: Array<string> | null, blocked: Array<string>, patterns: Array<string>, exts: Array<string> | null, builtin: bool, mb: f64): FileLimits {
  const l = new FileLimits();
  l.allowedPaths = allowed;
  l.blockedPaths = blocked;
  l.blockedPatterns = patterns;
  l.allowedExtensions = exts;
  l.builtinChecks = builtin;
  l.maxFileSizeMb = mb;
  expect(l.compile()).toBe("");
  return l;
}

const WEB_ANY = web(["*"], ["pastebin.com", "*.ngrok.io", "1.2.3.4"], null, false);
const WEB_BROWSER = web(["example.com"], [], null, false);
const WEB_EMPTY = web([], [], null, false);
const WEB_GITHUB = web(["github.com", "*.githubusercontent.com"], ["gist.github.com"], ["GET", "HEAD"], false);
const WEB_IPS = web(["8.8.8.8", "[2606:4700:4700::1111]", "example.com"], [], null, false);
const WEB_MISSING = web(null, [], null, false);
const WEB_PRIVATE = web(["*"], [], null, true);
const FILES_ANY_R = files(["*"], [], [], null, true, NaN);
const FILES_BLOCKED_R = files(["/workspace", "/etc"], ["/workspace/private", "/etc/ssl"], ["*.log", "node_modules", "build/**/*.map"], null, true, NaN);
const FILES_EMPTY_R = files([], [], [], null, true, NaN);
const FILES_GLOBS_R = files(["/workspace/src/**/*.ts", "/tmp/*.txt", "~/notes/**"], [], [], null, true, NaN);
const FILES_MISSING_R = files(null, [], [], null, true, NaN);
const FILES_NOBUILTIN_R = files(["*"], [], [], null, false, NaN);
const FILES_WORKSPACE_R = files(["/workspace"], [], [], null, true, NaN);
const FILES_WORKSPACE_W = files(["/workspace"], [], [], null, true, NaN);
const FILES_WRITE_W = files(["/workspace"], [], [], ["md", ".txt", "TS"], true, 0.001);

function runWeb(l: WebLimits, url: string, method: string): string {
  verdict.reset();
  webInput.url = url;
  webInput.method = method;
  return checkWeb(l, webInput, verdict) ? "oap.allowed" : verdict.code;
}

describe("URL vectors (subset)", () => {
  test("github root", () => {
    expect(runWeb(WEB_GITHUB, "https://github.com/", "")).toBe("oap.allowed");
  });
  test("host case is ignored", () => {
    expect(runWeb(WEB_GITHUB, "https://GitHub.COM/", "")).toBe("oap.allowed");
  });
  test("subdomains-only entry admits a subdomain", () => {
    expect(runWeb(WEB_GITHUB, "https://raw.githubusercontent.com/o/r/main/README.md", "")).toBe("oap.allowed");
  });
  test("empty port", () => {
    expect(runWeb(WEB_GITHUB, "https://github.com:/", "")).toBe("oap.allowed");
  });
  test("fully percent-encoded host", () => {
    expect(runWeb(WEB_GITHUB, "https://%67%69%74%68%75%62.com/", "")).toBe("oap.allowed");
  });
  test("method is case-insensitive", () => {
    expect(runWeb(WEB_GITHUB, "https://github.com/", "get")).toBe("oap.allowed");
  });
  test("allowed name in the query", () => {
    expect(runWeb(WEB_GITHUB, "https://evil.com/?github.com", "")).toBe("oap.domain_not_allowed");
  });
  test("question mark before at sign", () => {
    expect(runWeb(WEB_GITHUB, "https://evil.com?@github.com", "")).toBe("oap.domain_not_allowed");
  });
  test("suffix look-alike", () => {
    expect(runWeb(WEB_GITHUB, "https://github.comevil.com/", "")).toBe("oap.domain_not_allowed");
  });
  test("subdomains-only entry does not admit the apex", () => {
    expect(runWeb(WEB_GITHUB, "https://githubusercontent.com/", "")).toBe("oap.domain_not_allowed");
  });
  test("public IPv6 literal is not a listed domain", () => {
    expect(runWeb(WEB_GITHUB, "http://[2606:4700:4700::1111]/", "")).toBe("oap.domain_not_allowed");
  });
  test("userinfo: port-looking password", () => {
    expect(runWeb(WEB_GITHUB, "https://github.com:443@evil.com/", "")).toBe("oap.invalid_url");
  });
  test("backslash before at sign", () => {
    expect(runWeb(WEB_GITHUB, "https://evil.com\\@github.com/", "")).toBe("oap.invalid_url");
  });
  test("mixed slash and backslash", () => {
    expect(runWeb(WEB_GITHUB, "https:/\\github.com/", "")).toBe("oap.invalid_url");
  });
  test("triple slash", () => {
    expect(runWeb(WEB_GITHUB, "https:///github.com/", "")).toBe("oap.invalid_url");
  });
  test("empty URL", () => {
    expect(runWeb(WEB_GITHUB, "", "")).toBe("oap.invalid_url");
  });
  test("javascript scheme", () => {
    expect(runWeb(WEB_GITHUB, "javascript:alert(document.domain)//github.com", "")).toBe("oap.invalid_url");
  });
  test("websocket scheme", () => {
    expect(runWeb(WEB_GITHUB, "wss://github.com/", "")).toBe("oap.invalid_url");
  });
  test("fullwidth letters (IDNA maps them to ASCII)", () => {
    expect(runWeb(WEB_GITHUB, "https://\uff47\uff49\uff54\uff48\uff55\uff42.com/", "")).toBe("oap.invalid_url");
  });
  test("percent-encoded soft hyphen", () => {
    expect(runWeb(WEB_GITHUB, "https://git%C2%ADhub.com/", "")).toBe("oap.invalid_url");
  });
  test("encoded backslash in the host", () => {
    expect(runWeb(WEB_GITHUB, "https://evil.com%5c.github.com/", "")).toBe("oap.invalid_url");
  });
  test("semicolon in the host", () => {
    expect(runWeb(WEB_GITHUB, "https://evil.com;.github.com/", "")).toBe("oap.invalid_url");
  });
  test("leading dot", () => {
    expect(runWeb(WEB_GITHUB, "https://.github.com/", "")).toBe("oap.invalid_url");
  });
  test("tab inside the host", () => {
    expect(runWeb(WEB_GITHUB, "https://git\thub.com/", "")).toBe("oap.invalid_url");
  });
  test("space in the path", () => {
    expect(runWeb(WEB_GITHUB, "https://github.com/a b", "")).toBe("oap.invalid_url");
  });
  test("non-numeric port", () => {
    expect(runWeb(WEB_GITHUB, "https://github.com:80abc/", "")).toBe("oap.invalid_url");
  });
  test("five-part IPv4", () => {
    expect(runWeb(WEB_GITHUB, "http://1.2.3.4.5/", "")).toBe("oap.invalid_url");
  });
  test("invalid octal digit", () => {
    expect(runWeb(WEB_GITHUB, "http://09.0.0.1/", "")).toBe("oap.invalid_url");
  });
  test("IPv6 zone id", () => {
    expect(runWeb(WEB_GITHUB, "http://[fe80::1%25eth0]/", "")).toBe("oap.invalid_url");
  });
  test("unbracketed IPv6", () => {
    expect(runWeb(WEB_GITHUB, "http://::1/", "")).toBe("oap.invalid_url");
  });
  test("blocked subdomain, case and trailing dot", () => {
    expect(runWeb(WEB_GITHUB, "https://GIST.github.com./x", "")).toBe("oap.domain_blocked");
  });
  test("DELETE not in allowed_methods", () => {
    expect(runWeb(WEB_GITHUB, "https://api.github.com/repos/o/r", "DELETE")).toBe("oap.method_not_allowed");
  });
  test("private: localhost, upper case with port", () => {
    expect(runWeb(WEB_ANY, "http://LOCALHOST:8080/", "")).toBe("oap.private_ip_blocked");
  });
  test("private: loopback dotted", () => {
    expect(runWeb(WEB_ANY, "http://127.0.0.1/", "")).toBe("oap.private_ip_blocked");
  });
  test("private: loopback hex", () => {
    expect(runWeb(WEB_ANY, "http://0x7f000001/", "")).toBe("oap.private_ip_blocked");
  });
  test("private: loopback octal whole", () => {
    expect(runWeb(WEB_ANY, "http://017700000001/", "")).toBe("oap.private_ip_blocked");
  });
  test("private: loopback mixed hex short", () => {
    expect(runWeb(WEB_ANY, "http://0x7f.1/", "")).toBe("oap.private_ip_blocked");
  });
  test("private: loopback percent-encoded", () => {
    expect(runWeb(WEB_ANY, "http://%31%32%37.0.0.1/", "")).toBe("oap.private_ip_blocked");
  });
  test("private: 10/8", () => {
    expect(runWeb(WEB_ANY, "http://10.0.0.1/", "")).toBe("oap.private_ip_blocked");
  });
  test("private: 172.16/12 upper end", () => {
    expect(runWeb(WEB_ANY, "http://172.31.255.254/", "")).toBe("oap.private_ip_blocked");
  });
  test("private: 192.168/16 octal", () => {
    expect(runWeb(WEB_ANY, "http://0300.0250.0.1/", "")).toBe("oap.private_ip_blocked");
  });
  test("private: metadata decimal", () => {
    expect(runWeb(WEB_ANY, "http://2852039166/", "")).toBe("oap.private_ip_blocked");
  });
  test("private: metadata short form", () => {
    expect(runWeb(WEB_ANY, "http://169.254.43518/", "")).toBe("oap.private_ip_blocked");
  });
  test("private: Alibaba metadata 100.100.100.200", () => {
    expect(runWeb(WEB_ANY, "http://100.100.100.200/", "")).toBe("oap.private_ip_blocked");
  });
  test("private: multicast SSDP", () => {
    expect(runWeb(WEB_ANY, "http://239.255.255.250:1900/", "")).toBe("oap.private_ip_blocked");
  });
  test("private: broadcast decimal", () => {
    expect(runWeb(WEB_ANY, "http://4294967295/", "")).toBe("oap.private_ip_blocked");
  });
  test("private: IPv6 unspecified", () => {
    expect(runWeb(WEB_ANY, "http://[::]/", "")).toBe("oap.private_ip_blocked");
  });
  test("private: v4-mapped metadata", () => {
    expect(runWeb(WEB_ANY, "http://[::ffff:169.254.169.254]/", "")).toBe("oap.private_ip_blocked");
  });
  test("private: NAT64 loopback", () => {
    expect(runWeb(WEB_ANY, "http://[64:ff9b::127.0.0.1]/", "")).toBe("oap.private_ip_blocked");
  });
  test("private: 6to4 192.168", () => {
    expect(runWeb(WEB_ANY, "http://[2002:c0a8:101::1]/", "")).toBe("oap.private_ip_blocked");
  });
  test("private: unique local fc00::/7", () => {
    expect(runWeb(WEB_ANY, "http://[fc00::1]/", "")).toBe("oap.private_ip_blocked");
  });
  test("private: IPv6 multicast", () => {
    expect(runWeb(WEB_ANY, "http://[ff02::1]/", "")).toBe("oap.private_ip_blocked");
  });
  test("private: GCP metadata name", () => {
    expect(runWeb(WEB_ANY, "http://metadata.google.internal/computeMetadata/v1/", "")).toBe("oap.private_ip_blocked");
  });
  test("private: mDNS .local", () => {
    expect(runWeb(WEB_ANY, "http://printer.local/", "")).toBe("oap.private_ip_blocked");
  });
  test("private: .home.arpa", () => {
    expect(runWeb(WEB_ANY, "http://router.home.arpa/", "")).toBe("oap.private_ip_blocked");
  });
  test("private: localtest.me resolves to 127.0.0.1", () => {
    expect(runWeb(WEB_ANY, "http://app.localtest.me/", "")).toBe("oap.private_ip_blocked");
  });
  test("allow: public IPv6", () => {
    expect(runWeb(WEB_ANY, "http://[2606:4700:4700::1111]/", "")).toBe("oap.allowed");
  });
  test("allow: 172.32 is outside 172.16/12", () => {
    expect(runWeb(WEB_ANY, "http://172.32.0.1/", "")).toBe("oap.allowed");
  });
  test("allow: localhost as a label of a public name", () => {
    expect(runWeb(WEB_ANY, "https://localhost.example.com/", "")).toBe("oap.allowed");
  });
  test("allow: any public domain", () => {
    expect(runWeb(WEB_ANY, "https://example.com/", "")).toBe("oap.allowed");
  });
  test("blocked: blocked subdomains-only entry", () => {
    expect(runWeb(WEB_ANY, "https://abc123.ngrok.io/", "")).toBe("oap.domain_blocked");
  });
  test("blocked: blocked IPv4 inside v4-mapped IPv6", () => {
    expect(runWeb(WEB_ANY, "http://[::ffff:1.2.3.4]/", "")).toBe("oap.domain_blocked");
  });
  test("empty allowed_domains: private still private", () => {
    expect(runWeb(WEB_EMPTY, "http://127.0.0.1/", "")).toBe("oap.private_ip_blocked");
  });
  test("allow_private_destinations: localhost", () => {
    expect(runWeb(WEB_PRIVATE, "http://localhost:3000/", "")).toBe("oap.allowed");
  });
  test("allow_private_destinations: metadata IP still denied", () => {
    expect(runWeb(WEB_PRIVATE, "http://169.254.169.254/", "")).toBe("oap.private_ip_blocked");
  });
  test("allow_private_destinations: AWS IPv6 metadata still denied", () => {
    expect(runWeb(WEB_PRIVATE, "http://[fd00:ec2::254]/", "")).toBe("oap.private_ip_blocked");
  });
  test("IP entry: decimal form", () => {
    expect(runWeb(WEB_IPS, "http://134744072/", "")).toBe("oap.allowed");
  });
  test("IP entry: IPv6 uncompressed", () => {
    expect(runWeb(WEB_IPS, "http://[2606:4700:4700:0:0:0:0:1111]/", "")).toBe("oap.allowed");
  });
  test("IP entry: no subdomain semantics for IPs", () => {
    expect(runWeb(WEB_IPS, "https://8.8.8.8.example.com/", "")).toBe("oap.allowed");
  });
  test("browser: navigate to look-alike", () => {
    expect(runWeb(WEB_BROWSER, "https://docs.example.com.evil.net/", "")).toBe("oap.domain_not_allowed");
  });
});

function runFile(l: FileLimits, path: string, write: bool, bytes: f64, root: string, home: string): string {
  verdict.reset();
  fileInput.path = path;
  fileInput.workspaceRoot = root;
  fileInput.home = home;
  fileInput.writeBytes = bytes;
  return checkFile(l, fileInput, write, verdict) ? "oap.allowed" : verdict.code;
}

describe("path vectors (subset)", () => {
  test("absolute file in the workspace", () => {
    expect(runFile(FILES_WORKSPACE_R, "/workspace/README.md", false, NaN, "/workspace", "/home/agent")).toBe("oap.allowed");
  });
  test("dot segments inside the workspace", () => {
    expect(runFile(FILES_WORKSPACE_R, "./src/../README.md", false, NaN, "/workspace", "/home/agent")).toBe("oap.allowed");
  });
  test("trailing slash", () => {
    expect(runFile(FILES_WORKSPACE_R, "/workspace/src/", false, NaN, "/workspace", "/home/agent")).toBe("oap.allowed");
  });
  test("backslash as a literal character", () => {
    expect(runFile(FILES_WORKSPACE_R, "/workspace/a\\b.txt", false, NaN, "/workspace", "/home/agent")).toBe("oap.allowed");
  });
  test("segment starting with two dots is a name", () => {
    expect(runFile(FILES_WORKSPACE_R, "/workspace/src/..hidden", false, NaN, "/workspace", "/home/agent")).toBe("oap.allowed");
  });
  test("file_path key", () => {
    expect(runFile(FILES_WORKSPACE_R, "/workspace/x.ts", false, NaN, "/workspace", "/home/agent")).toBe("oap.allowed");
  });
  test("relative traversal", () => {
    expect(runFile(FILES_WORKSPACE_R, "../etc/hosts", false, NaN, "/workspace", "/home/agent")).toBe("oap.path_not_allowed");
  });
  test("sibling prefix directory", () => {
    expect(runFile(FILES_WORKSPACE_R, "/workspace-secrets/key.txt", false, NaN, "/workspace", "/home/agent")).toBe("oap.path_not_allowed");
  });
  test("traversal into a sibling prefix", () => {
    expect(runFile(FILES_WORKSPACE_R, "/workspace/../workspace-secrets/a.txt", false, NaN, "/workspace", "/home/agent")).toBe("oap.path_not_allowed");
  });
  test("case differs (allow lists compare exactly)", () => {
    expect(runFile(FILES_WORKSPACE_R, "/Workspace/a", false, NaN, "/workspace", "/home/agent")).toBe("oap.path_not_allowed");
  });
  test("upper-case percent-encoding", () => {
    expect(runFile(FILES_WORKSPACE_R, "/workspace/%2E%2E%2F%2E%2E%2Fetc%2Fhosts", false, NaN, "/workspace", "/home/agent")).toBe("oap.path_not_allowed");
  });
  test("backslash traversal, relative", () => {
    expect(runFile(FILES_WORKSPACE_R, "..\\..\\etc\\hosts", false, NaN, "/workspace", "/home/agent")).toBe("oap.path_not_allowed");
  });
  test("fullwidth reverse solidus traversal", () => {
    expect(runFile(FILES_WORKSPACE_R, "/workspace/..\uff3c..\uff3cetc\uff3chosts", false, NaN, "/workspace", "/home/agent")).toBe("oap.path_not_allowed");
  });
  test("fraction slash traversal", () => {
    expect(runFile(FILES_WORKSPACE_R, "/workspace/..\u2044..\u2044etc/hosts", false, NaN, "/workspace", "/home/agent")).toBe("oap.path_not_allowed");
  });
  test("overlong UTF-8 slash", () => {
    expect(runFile(FILES_WORKSPACE_R, "/workspace/..%c0%af..%c0%afetc/hosts", false, NaN, "/workspace", "/home/agent")).toBe("oap.path_not_allowed");
  });
  test("$HOME read as ~ by expanding tools", () => {
    expect(runFile(FILES_WORKSPACE_R, "$HOME/.bashrc", false, NaN, "/workspace", "/home/agent")).toBe("oap.path_not_allowed");
  });
  test("write outside the workspace", () => {
    expect(runFile(FILES_WORKSPACE_W, "/etc/cron.d/job", true, 17, "/workspace", "/home/agent")).toBe("oap.path_not_allowed");
  });
  test("NUL byte", () => {
    expect(runFile(FILES_WORKSPACE_R, "/workspace/a\u0000b", false, NaN, "/workspace", "/home/agent")).toBe("oap.invalid_context");
  });
  test("file URL", () => {
    expect(runFile(FILES_WORKSPACE_R, "file:///etc/passwd", false, NaN, "/workspace", "/home/agent")).toBe("oap.invalid_context");
  });
  test("Windows drive path", () => {
    expect(runFile(FILES_WORKSPACE_R, "C:\\Windows\\win.ini", false, NaN, "/workspace", "/home/agent")).toBe("oap.invalid_context");
  });
  test("Windows drive-relative path", () => {
    expect(runFile(FILES_WORKSPACE_R, "c:secret.txt", false, NaN, "/workspace", "/home/agent")).toBe("oap.invalid_context");
  });
  test("relative path without a workspace root", () => {
    expect(runFile(FILES_WORKSPACE_R, "src/a.ts", false, NaN, "", "")).toBe("oap.invalid_context");
  });
  test("sensitive: .env.local", () => {
    expect(runFile(FILES_ANY_R, "/workspace/.env.local", false, NaN, "/workspace", "/home/agent")).toBe("oap.path_blocked");
  });
  test("sensitive: .ENV upper case", () => {
    expect(runFile(FILES_ANY_R, "/workspace/.ENV", false, NaN, "/workspace", "/home/agent")).toBe("oap.path_blocked");
  });
  test("sensitive: .env alternate data stream", () => {
    expect(runFile(FILES_ANY_R, "/workspace/.env::$DATA", false, NaN, "/workspace", "/home/agent")).toBe("oap.path_blocked");
  });
  test("sensitive: .ssh directory itself", () => {
    expect(runFile(FILES_ANY_R, "/root/.ssh", false, NaN, "/workspace", "/home/agent")).toBe("oap.path_blocked");
  });
  test("sensitive: .aws/credentials", () => {
    expect(runFile(FILES_ANY_R, "/home/agent/.aws/credentials", false, NaN, "/workspace", "/home/agent")).toBe("oap.path_blocked");
  });
  test("sensitive: .kube/config", () => {
    expect(runFile(FILES_ANY_R, "/home/agent/.kube/config", false, NaN, "/workspace", "/home/agent")).toBe("oap.path_blocked");
  });
  test("sensitive: .npmrc", () => {
    expect(runFile(FILES_ANY_R, "/home/agent/.npmrc", false, NaN, "/workspace", "/home/agent")).toBe("oap.path_blocked");
  });
  test("sensitive: gcloud credentials", () => {
    expect(runFile(FILES_ANY_R, "/home/agent/.config/gcloud/application_default_credentials.json", false, NaN, "/workspace", "/home/agent")).toBe("oap.path_blocked");
  });
  test("sensitive: *password*", () => {
    expect(runFile(FILES_ANY_R, "/workspace/passwords.txt", false, NaN, "/workspace", "/home/agent")).toBe("oap.path_blocked");
  });
  test("sensitive: id_dsa", () => {
    expect(runFile(FILES_ANY_R, "/workspace/deploy/id_dsa", false, NaN, "/workspace", "/home/agent")).toBe("oap.path_blocked");
  });
  test("sensitive: id_rsa backup copy", () => {
    expect(runFile(FILES_ANY_R, "/workspace/deploy/id_rsa.bak", false, NaN, "/workspace", "/home/agent")).toBe("oap.path_blocked");
  });
  test("sensitive: *.key", () => {
    expect(runFile(FILES_ANY_R, "/workspace/tls/server.key", false, NaN, "/workspace", "/home/agent")).toBe("oap.path_blocked");
  });
  test("sensitive: *.pfx", () => {
    expect(runFile(FILES_ANY_R, "/workspace/tls/cert.pfx", false, NaN, "/workspace", "/home/agent")).toBe("oap.path_blocked");
  });
  test("sensitive: /proc/1/environ", () => {
    expect(runFile(FILES_ANY_R, "/proc/1/environ", false, NaN, "/workspace", "/home/agent")).toBe("oap.path_blocked");
  });
  test("sensitive: Kelvin sign folds to k (.kube)", () => {
    expect(runFile(FILES_ANY_R, "/home/agent/.\u212aube/config", false, NaN, "/workspace", "/home/agent")).toBe("oap.path_blocked");
  });
  test("not sensitive: public key is fine", () => {
    expect(runFile(FILES_ANY_R, "/workspace/deploy/id_ed25519.pub", false, NaN, "/workspace", "/home/agent")).toBe("oap.allowed");
  });
  test("not sensitive: config.json outside .docker", () => {
    expect(runFile(FILES_ANY_R, "/workspace/config.json", false, NaN, "/workspace", "/home/agent")).toBe("oap.allowed");
  });
  test("not sensitive: a document about ssh", () => {
    expect(runFile(FILES_ANY_R, "/workspace/docs/ssh.md", false, NaN, "/workspace", "/home/agent")).toBe("oap.allowed");
  });
  test("sensitive: $HOME read as ~ by expanding tools", () => {
    expect(runFile(FILES_ANY_R, "$HOME/.ssh/config", false, NaN, "/workspace", "/home/agent")).toBe("oap.path_blocked");
  });
  test("empty allowed_paths allows nothing", () => {
    expect(runFile(FILES_EMPTY_R, "/workspace/README.md", false, NaN, "/workspace", "/home/agent")).toBe("oap.path_not_allowed");
  });
  test("glob: ** matches many levels", () => {
    expect(runFile(FILES_GLOBS_R, "/workspace/src/a/b/c.ts", false, NaN, "/workspace", "/home/agent")).toBe("oap.allowed");
  });
  test("glob: traversal out of the glob directory", () => {
    expect(runFile(FILES_GLOBS_R, "/workspace/src/../secrets/a.ts", false, NaN, "/workspace", "/home/agent")).toBe("oap.path_not_allowed");
  });
  test("glob: globs are anchored (APort's includes() would allow)", () => {
    expect(runFile(FILES_GLOBS_R, "/home/x/tmp/a.txt", false, NaN, "/workspace", "/home/agent")).toBe("oap.path_not_allowed");
  });
  test("glob: ~/notes/** resolved against home", () => {
    expect(runFile(FILES_GLOBS_R, "/home/agent/notes/a/b.md", false, NaN, "/workspace", "/home/agent")).toBe("oap.allowed");
  });
  test("blocked: blocked directory", () => {
    expect(runFile(FILES_BLOCKED_R, "/workspace/private/a.txt", false, NaN, "/workspace", "/home/agent")).toBe("oap.path_blocked");
  });
  test("blocked: name sharing the blocked prefix", () => {
    expect(runFile(FILES_BLOCKED_R, "/workspace/privateer.txt", false, NaN, "/workspace", "/home/agent")).toBe("oap.allowed");
  });
  test("blocked: blocked path under an allowed root", () => {
    expect(runFile(FILES_BLOCKED_R, "/etc/ssl/certs/ca.crt", false, NaN, "/workspace", "/home/agent")).toBe("oap.path_blocked");
  });
  test("blocked: blocked pattern is case-insensitive", () => {
    expect(runFile(FILES_BLOCKED_R, "/workspace/logs/app.LOG", false, NaN, "/workspace", "/home/agent")).toBe("oap.path_blocked");
  });
  test("blocked: path pattern needs its directory", () => {
    expect(runFile(FILES_BLOCKED_R, "/workspace/app/dist/b.map", false, NaN, "/workspace", "/home/agent")).toBe("oap.allowed");
  });
  test("write: allowed extension, upper case", () => {
    expect(runFile(FILES_WRITE_W, "/workspace/NOTES.MD", true, 2, "/workspace", "/home/agent")).toBe("oap.allowed");
  });
  test("write: shell script", () => {
    expect(runFile(FILES_WRITE_W, "/workspace/run.sh", true, 2, "/workspace", "/home/agent")).toBe("oap.extension_not_allowed");
  });
  test("write: dotfile is not an extension", () => {
    expect(runFile(FILES_WRITE_W, "/workspace/.md", true, 2, "/workspace", "/home/agent")).toBe("oap.extension_not_allowed");
  });
  test("write: content over max_file_size_mb", () => {
    expect(runFile(FILES_WRITE_W, "/workspace/notes.txt", true, 2000, "/workspace", "/home/agent")).toBe("oap.limit_exceeded");
  });
  test("write: sensitive name with an allowed extension", () => {
    expect(runFile(FILES_WRITE_W, "/workspace/.env.md", true, 2, "/workspace", "/home/agent")).toBe("oap.path_blocked");
  });
  test("write: str_replace on a script", () => {
    expect(runFile(FILES_WRITE_W, "/workspace/a.sh", true, NaN, "/workspace", "/home/agent")).toBe("oap.extension_not_allowed");
  });
});
