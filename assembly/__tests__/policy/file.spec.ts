import { FileLimits, FileInput, checkFile } from "../../policy/capabilities/file/file";
import { Verdict, Code } from "../../policy/verdict";

const verdict = new Verdict();
const input = new FileInput();

function limits(allowed: Array<string> | null, blocked: Array<string> = [], patterns: Array<string> = [], exts: Array<string> | null = null, builtin: bool = true, mb: f64 = NaN): FileLimits {
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

/** "allow" or the deny code. */
function run(l: FileLimits, path: string, write: bool = false, bytes: f64 = NaN, root: string = "/workspace", home: string = "/home/u"): string {
  verdict.reset();
  input.path = path;
  input.workspaceRoot = root;
  input.home = home;
  input.writeBytes = bytes;
  if (checkFile(l, input, write, verdict)) {
    expect(verdict.denied).toBe(false);
    return "allow";
  }
  expect(verdict.denied).toBe(true);
  expect(verdict.message.length).toBeGreaterThan(0);
  return verdict.code;
}

const WS = limits(["/workspace"]);
const ANY = limits(["*"]);

describe("checkFile: canonicalisation and allowed_paths", () => {
  test("inside the workspace", () => {
    expect(run(WS, "/workspace/src/main.ts")).toBe("allow");
    expect(run(WS, "/workspace")).toBe("allow");
    expect(run(WS, "src/main.ts")).toBe("allow");
    expect(run(WS, "./src/../README.md")).toBe("allow");
    expect(run(WS, "/workspace//a///b/")).toBe("allow");
    expect(run(WS, ".")).toBe("allow");
  });
  test("traversal and sibling prefixes", () => {
    expect(run(WS, "/workspace/../etc/passwd")).toBe(Code.PATH_NOT_ALLOWED);
    expect(run(WS, "../etc/passwd")).toBe(Code.PATH_NOT_ALLOWED);
    expect(run(WS, "src/../../etc/passwd")).toBe(Code.PATH_NOT_ALLOWED);
    expect(run(WS, "/workspace-secrets/a")).toBe(Code.PATH_NOT_ALLOWED);
    expect(run(WS, "/workspace2")).toBe(Code.PATH_NOT_ALLOWED);
    expect(run(WS, "/work")).toBe(Code.PATH_NOT_ALLOWED);
    expect(run(WS, "../workspace-secrets/a")).toBe(Code.PATH_NOT_ALLOWED);
    expect(run(WS, "/Workspace/a")).toBe(Code.PATH_NOT_ALLOWED);
    expect(run(WS, "~/notes.txt")).toBe(Code.PATH_NOT_ALLOWED);
  });
  test("missing or empty allowed_paths allows nothing; * and /** allow anywhere", () => {
    expect(run(limits(null), "/workspace/a")).toBe(Code.PATH_NOT_ALLOWED);
    expect(run(limits([]), "/workspace/a")).toBe(Code.PATH_NOT_ALLOWED);
    expect(run(limits(["*"]), "/etc/hosts")).toBe("allow");
    expect(run(limits(["/**"]), "/etc/hosts")).toBe("allow");
    expect(run(limits(["/"]), "/etc/hosts")).toBe("allow");
  });
  test("relative and ~ entries resolve against the request", () => {
    const l = limits(["src", "~/notes"]);
    expect(run(l, "/workspace/src/a.ts")).toBe("allow");
    expect(run(l, "/workspace/srcx")).toBe(Code.PATH_NOT_ALLOWED);
    expect(run(l, "~/notes/todo.md")).toBe("allow");
    expect(run(l, "/home/u/notes/todo.md")).toBe("allow");
    expect(run(l, "/other/src/a.ts", false, NaN, "/other")).toBe("allow");
    expect(run(l, "/workspace/src/a.ts", false, NaN, "/other")).toBe(Code.PATH_NOT_ALLOWED);
  });
  test("anchored globs", () => {
    const l = limits(["/workspace/src/**/*.ts", "/tmp/*.txt", "/data/?/x", "/srv/**"]);
    expect(run(l, "/workspace/src/a.ts")).toBe("allow");
    expect(run(l, "/workspace/src/a/b/c.ts")).toBe("allow");
    expect(run(l, "/workspace/src/a.js")).toBe(Code.PATH_NOT_ALLOWED);
    expect(run(l, "/workspace/srcx/a.ts")).toBe(Code.PATH_NOT_ALLOWED);
    expect(run(l, "/tmp/a.txt")).toBe("allow");
    expect(run(l, "/tmp/a/b.txt")).toBe(Code.PATH_NOT_ALLOWED);
    expect(run(l, "/home/x/tmp/a.txt")).toBe(Code.PATH_NOT_ALLOWED);
    expect(run(l, "/data/1/x")).toBe("allow");
    expect(run(l, "/data/12/x")).toBe(Code.PATH_NOT_ALLOWED);
    expect(run(l, "/srv")).toBe("allow");
    expect(run(l, "/srv/a/b")).toBe("allow");
    expect(run(l, "/srvx")).toBe(Code.PATH_NOT_ALLOWED);
  });
});

describe("checkFile: invalid input", () => {
  test("missing, NUL, control, URLs, Windows, unresolvable", () => {
    expect(run(WS, "")).toBe(Code.INVALID_CONTEXT);
    expect(run(WS, "/workspace/a\0.txt")).toBe(Code.INVALID_CONTEXT);
    expect(run(WS, "/workspace/a\n.txt")).toBe(Code.INVALID_CONTEXT);
    expect(run(WS, "file:///etc/passwd")).toBe(Code.INVALID_CONTEXT);
    expect(run(WS, "FILE:/etc/passwd")).toBe(Code.INVALID_CONTEXT);
    expect(run(WS, "s3://bucket/key")).toBe(Code.INVALID_CONTEXT);
    expect(run(WS, "C:\\Windows\\win.ini")).toBe(Code.INVALID_CONTEXT);
    expect(run(WS, "c:/x")).toBe(Code.INVALID_CONTEXT);
    expect(run(WS, "\\\\server\\share\\x")).toBe(Code.INVALID_CONTEXT);
    expect(run(WS, "src/a", false, NaN, "")).toBe(Code.INVALID_CONTEXT);
    expect(run(WS, "~/a", false, NaN, "/workspace", "")).toBe(Code.INVALID_CONTEXT);
    expect(run(WS, "~root/.ssh/id_rsa")).toBe(Code.INVALID_CONTEXT);
    expect(run(WS, "/workspace/" + String.fromCharCode(0xd800))).toBe(Code.INVALID_CONTEXT);
    expect(run(WS, "/workspace/a:b.txt")).toBe("allow");
  });
});

describe("checkFile: sensitive files", () => {
  test("the built-in list", () => {
    expect(run(ANY, "/workspace/.env")).toBe(Code.PATH_BLOCKED);
    expect(run(ANY, "/workspace/.env.local")).toBe(Code.PATH_BLOCKED);
    expect(run(ANY, "/workspace/.envrc")).toBe(Code.PATH_BLOCKED);
    expect(run(ANY, "/workspace/.ENV")).toBe(Code.PATH_BLOCKED);
    expect(run(ANY, "/workspace/.env.")).toBe(Code.PATH_BLOCKED);
    expect(run(ANY, "/workspace/.env::$DATA")).toBe(Code.PATH_BLOCKED);
    expect(run(ANY, "~/.ssh/id_rsa")).toBe(Code.PATH_BLOCKED);
    expect(run(ANY, "~/.ssh")).toBe(Code.PATH_BLOCKED);
    expect(run(ANY, "/home/u/.aws/credentials")).toBe(Code.PATH_BLOCKED);
    expect(run(ANY, "/root/.gnupg/secring.gpg")).toBe(Code.PATH_BLOCKED);
    expect(run(ANY, "/home/u/.kube/config")).toBe(Code.PATH_BLOCKED);
    expect(run(ANY, "/home/u/.docker/config.json")).toBe(Code.PATH_BLOCKED);
    expect(run(ANY, "/workspace/config.json")).toBe("allow");
    expect(run(ANY, "/home/u/.netrc")).toBe(Code.PATH_BLOCKED);
    expect(run(ANY, "/home/u/.npmrc")).toBe(Code.PATH_BLOCKED);
    expect(run(ANY, "/home/u/.pgpass")).toBe(Code.PATH_BLOCKED);
    expect(run(ANY, "/workspace/gcp-credentials.json")).toBe(Code.PATH_BLOCKED);
    expect(run(ANY, "/workspace/passwords.txt")).toBe(Code.PATH_BLOCKED);
    expect(run(ANY, "/workspace/keys/id_ed25519")).toBe(Code.PATH_BLOCKED);
    expect(run(ANY, "/workspace/keys/id_ed25519.pub")).toBe("allow");
    expect(run(ANY, "/workspace/keys/id_rsa.bak")).toBe(Code.PATH_BLOCKED);
    expect(run(ANY, "/workspace/tls/server.pem")).toBe(Code.PATH_BLOCKED);
    expect(run(ANY, "/workspace/tls/server.KEY")).toBe(Code.PATH_BLOCKED);
    expect(run(ANY, "/workspace/cert.p12")).toBe(Code.PATH_BLOCKED);
    expect(run(ANY, "/workspace/cert.pfx")).toBe(Code.PATH_BLOCKED);
    expect(run(ANY, "/etc/shadow")).toBe(Code.PATH_BLOCKED);
    expect(run(ANY, "/proc/self/environ")).toBe(Code.PATH_BLOCKED);
    expect(run(ANY, "/proc/self/status")).toBe("allow");
    expect(run(ANY, "/home/u/.config/gcloud/application_default_credentials.json")).toBe(Code.PATH_BLOCKED);
    expect(run(ANY, "/workspace/src/environment.ts")).toBe("allow");
    expect(run(ANY, "/workspace/keyboard.ts")).toBe("allow");
  });
  test("builtin_checks: false turns the list off", () => {
    const off = limits(["*"], [], [], null, false);
    expect(run(off, "/workspace/.env")).toBe("allow");
  });
  test("the message names the segment and the rule", () => {
    run(ANY, "/workspace/a/../.ssh/id_rsa");
    expect(verdict.message).toBe("path '/workspace/a/../.ssh/id_rsa' resolves to '/workspace/.ssh/id_rsa': '.ssh' matches the built-in sensitive-file rule '.ssh', '.aws', '.gnupg', '.kube', '.azure' (credential directories) (builtin_checks)");
  });
});

describe("checkFile: decoding-tool reading", () => {
  test("encoded and look-alike separators cannot traverse", () => {
    expect(run(WS, "/workspace/..%2f..%2fetc%2fpasswd")).toBe(Code.PATH_NOT_ALLOWED);
    expect(run(WS, "/workspace/%2e%2e/etc/passwd")).toBe(Code.PATH_NOT_ALLOWED);
    expect(run(WS, "/workspace/%252e%252e/etc/passwd")).toBe(Code.PATH_NOT_ALLOWED);
    expect(run(WS, "..\\..\\etc\\passwd")).toBe(Code.PATH_NOT_ALLOWED);
    expect(run(WS, "/workspace/..\uFF0F..\uFF0Fetc")).toBe(Code.PATH_NOT_ALLOWED);
    expect(run(WS, "/workspace/..\uFF3C..\uFF3Cetc")).toBe(Code.PATH_NOT_ALLOWED);
    expect(run(WS, "/workspace/\uFF0E\uFF0E/\uFF0E\uFF0E/etc")).toBe(Code.PATH_NOT_ALLOWED);
    expect(run(WS, "/workspace/..\u2215..\u2215etc")).toBe(Code.PATH_NOT_ALLOWED);
    expect(run(WS, "/workspace/\u2025/x")).toBe(Code.PATH_NOT_ALLOWED);
    expect(run(WS, "/workspace/%c0%ae%c0%ae/%c0%ae%c0%ae/etc")).toBe(Code.PATH_NOT_ALLOWED);
    expect(run(WS, "/workspace/a%00.txt")).toBe(Code.INVALID_CONTEXT);
  });
  test("encoded sensitive names are still sensitive", () => {
    expect(run(ANY, "/workspace/%2eenv")).toBe(Code.PATH_BLOCKED);
    expect(run(ANY, "/home/u/%2Essh/id_rsa")).toBe(Code.PATH_BLOCKED);
    expect(run(ANY, "/home/u/.\u212Aube/config")).toBe(Code.PATH_BLOCKED);
    expect(run(ANY, "/home/u/.\u017F\u017Fh/x")).toBe(Code.PATH_BLOCKED);
    expect(run(ANY, "/workspace/\uFF0Eenv")).toBe(Code.PATH_BLOCKED);
  });
  test("harmless escapes stay allowed", () => {
    expect(run(WS, "/workspace/my%20file.txt")).toBe("allow");
    expect(run(WS, "/workspace/a\\b.txt")).toBe("allow");
    expect(run(WS, "/workspace/100%.txt")).toBe("allow");
    expect(run(WS, "/workspace/ｆｕｌｌ.txt")).toBe("allow");
  });
});

describe("checkFile: blocked paths and patterns", () => {
  test("blocked_paths are directories or globs, case-insensitive, with descendants", () => {
    const l = limits(["*"], ["/etc", "secrets", "/var/log/*.log"]);
    expect(run(l, "/etc/hosts")).toBe(Code.PATH_BLOCKED);
    expect(run(l, "/ETC/hosts")).toBe(Code.PATH_BLOCKED);
    expect(run(l, "/etcetera/x")).toBe("allow");
    expect(run(l, "/workspace/secrets/a")).toBe(Code.PATH_BLOCKED);
    expect(run(l, "secrets/../secrets/a")).toBe(Code.PATH_BLOCKED);
    expect(run(l, "/workspace/secretsx")).toBe("allow");
    expect(run(l, "/var/log/app.log")).toBe(Code.PATH_BLOCKED);
    expect(run(l, "/var/log/app.log/inner")).toBe(Code.PATH_BLOCKED);
    expect(run(l, "/var/log/a/app.log")).toBe("allow");
  });
  test("blocked_patterns match any segment or a path at any depth", () => {
    const l = limits(["*"], [], ["*.log", "node_modules", "build/*.map", "/opt/**/cache"]);
    expect(run(l, "/workspace/debug.log")).toBe(Code.PATH_BLOCKED);
    expect(run(l, "/workspace/DEBUG.LOG")).toBe(Code.PATH_BLOCKED);
    expect(run(l, "/workspace/node_modules/x/index.js")).toBe(Code.PATH_BLOCKED);
    expect(run(l, "/workspace/app/build/a.map")).toBe(Code.PATH_BLOCKED);
    expect(run(l, "/workspace/app/build/sub/a.map")).toBe("allow");
    expect(run(l, "/opt/cache")).toBe(Code.PATH_BLOCKED);
    expect(run(l, "/opt/a/b/cache/x")).toBe(Code.PATH_BLOCKED);
    expect(run(l, "/workspace/logs.txt")).toBe("allow");
  });
  test("blocked wins over allowed", () => {
    const l = limits(["/workspace"], ["/workspace/private"]);
    expect(run(l, "/workspace/private/a")).toBe(Code.PATH_BLOCKED);
    expect(run(l, "/workspace/public/a")).toBe("allow");
  });
});

describe("checkFile: extensions and size", () => {
  test("allowed_extensions, with or without a dot, case-insensitive", () => {
    const l = limits(["/workspace"], [], [], ["md", ".TXT", "tar.gz"]);
    expect(run(l, "/workspace/a.md")).toBe("allow");
    expect(run(l, "/workspace/A.MD")).toBe("allow");
    expect(run(l, "/workspace/a.txt")).toBe("allow");
    expect(run(l, "/workspace/a.tar.gz")).toBe("allow");
    expect(run(l, "/workspace/a.gz")).toBe(Code.EXTENSION_NOT_ALLOWED);
    expect(run(l, "/workspace/a.sh")).toBe(Code.EXTENSION_NOT_ALLOWED);
    expect(run(l, "/workspace/a.md.sh")).toBe(Code.EXTENSION_NOT_ALLOWED);
    expect(run(l, "/workspace/Makefile")).toBe(Code.EXTENSION_NOT_ALLOWED);
    expect(run(l, "/workspace/.md")).toBe(Code.EXTENSION_NOT_ALLOWED);
    expect(run(l, "/workspace/a.md/")).toBe("allow");
    expect(run(l, "/workspace/x.md\\..\\y.sh")).toBe(Code.EXTENSION_NOT_ALLOWED);
    run(l, "/workspace/a.sh");
    expect(verdict.message).toBe("path '/workspace/a.sh' has extension '.sh', which is not in allowed_extensions [md, .TXT, tar.gz]");
  });
  test("max_file_size_mb applies to writes", () => {
    const l = limits(["/workspace"], [], [], null, true, 1);
    expect(run(l, "/workspace/a", true, 1048576)).toBe("allow");
    expect(run(l, "/workspace/a", true, 1048577)).toBe(Code.LIMIT_EXCEEDED);
    expect(run(l, "/workspace/a", false, 5e6)).toBe("allow");
    expect(run(l, "/workspace/a", true, NaN)).toBe("allow");
    const zero = limits(["/workspace"], [], [], null, true, 0);
    expect(run(zero, "/workspace/a", true, 1)).toBe(Code.LIMIT_EXCEEDED);
    expect(run(zero, "/workspace/a", true, 0)).toBe("allow");
  });
});

describe("FileLimits.compile", () => {
  test("errors name the entry", () => {
    const l = new FileLimits();
    l.allowedPaths = ["/workspace", ""];
    expect(l.compile()).toBe("allowed_paths[1] '' is empty");
    l.allowedPaths = ["/workspace/**/../x/*"];
    expect(l.compile().length).toBeGreaterThan(0);
    l.allowedPaths = ["~bob/x"];
    expect(l.compile().length).toBeGreaterThan(0);
    l.allowedPaths = ["/w"];
    l.allowedExtensions = ["."];
    expect(l.compile()).toBe("allowed_extensions[0] '.' is not a file extension such as 'md' or '.tar.gz'");
    l.allowedExtensions = null;
    l.maxFileSizeMb = -1;
    expect(l.compile().length).toBeGreaterThan(0);
    verdict.reset();
    input.path = "/w/a";
    expect(checkFile(l, input, false, verdict)).toBe(false);
    expect(verdict.code).toBe(Code.POLICY_ERROR);
  });
});

describe("checkFile: memory", () => {
  test("steady state: memory does not grow across calls", () => {
    const l = limits(["/workspace", "/srv/**/*.md"], ["/workspace/private"], ["*.log"], ["md", "ts"]);
    const paths: StaticArray<string> = [
      "/workspace/a.md", "../etc/passwd", "/workspace/.env", "/workspace/..%2f..%2fetc", "/srv/a/b/c.md",
      "/workspace/private/x.md", "/workspace/x.log", "src/" + "a/".repeat(500) + "b.ts",
    ];
    for (let i = 0; i < 200; i++) run(l, paths[i % paths.length], true, 10);
    const before = memory.size();
    for (let i = 0; i < 3000; i++) run(l, paths[i % paths.length], i % 2 == 0, 10, i % 5 == 0 ? "/other" : "/workspace");
    expect(memory.size()).toBe(before);
  });
});

describe("checkFile: more decoding-tool readings", () => {
  test("$HOME is read as ~ and Windows drive-relative paths are refused", () => {
    expect(run(WS, "$HOME/.bashrc")).toBe(Code.PATH_NOT_ALLOWED);
    expect(run(WS, "${HOME}/notes")).toBe(Code.PATH_NOT_ALLOWED);
    expect(run(ANY, "$HOME/.ssh/config")).toBe(Code.PATH_BLOCKED);
    expect(run(WS, "/workspace/$HOME/x")).toBe("allow");
    expect(run(WS, "/workspace/Foo$Bar.class")).toBe("allow");
    expect(run(WS, "c:secret.txt")).toBe(Code.INVALID_CONTEXT);
  });
});

describe("checkFile: the workspace root's own names", () => {
  test("are not sensitive, but names below it and outside it are", () => {
    const root = "/srv/password-service";
    expect(run(ANY, "/srv/password-service/src/a.ts", false, NaN, root)).toBe("allow");
    expect(run(ANY, "src/a.ts", false, NaN, root)).toBe("allow");
    expect(run(ANY, ".env", false, NaN, root)).toBe(Code.PATH_BLOCKED);
    expect(run(ANY, "/srv/password-service/db_password", false, NaN, root)).toBe(Code.PATH_BLOCKED);
    expect(run(ANY, "/srv/password-service-2/a.ts", false, NaN, root)).toBe(Code.PATH_BLOCKED);
    expect(run(ANY, "/home/u/.docker/config.json", false, NaN, "/home/u/.docker")).toBe(Code.PATH_BLOCKED);
    expect(run(ANY, "/etc/shadow", false, NaN, "/etc")).toBe(Code.PATH_BLOCKED);
    expect(run(ANY, "/home/u/.ssh/id_rsa", false, NaN, "/home/u/.ssh")).toBe(Code.PATH_BLOCKED);
  });
});
