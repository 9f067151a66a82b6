// The file checks' allocation-free paths against the code they replace, over adversarial and random paths:
// - sensitiveRule (names read in place, compared lower-casing each byte, rules gated by first byte and
//   extension) against the rule as it was: each segment copied lower-cased, then every list compared;
// - blocking matchers on the path as it is (file-match.ts folds each byte, and reads the path split into
//   segments once for the patterns without '/') against the same matchers on a lower-cased copy of the path.
// Both must give the same rule and the same segment, the same match, on every input.
import { Sensitive, sensitiveRule, sensitiveStart, sensitiveLength } from "../../policy/capabilities/file/file-sensitive";
import { FileLimits } from "../../policy/capabilities/file/file";
import { PathMatcher, matchesPath, matchesSplit, splitSegments } from "../../policy/capabilities/file/file-match";
import { matchGlob } from "../../policy/capabilities/file/file-glob";
import { ByteBuffer, toLowerAscii } from "../../util/bytes";
import { pathWithinBytes } from "../../util/path";
import { XorShift } from "../xorshift";

// ---- the replaced code, kept here as the reference ----

const SECRET_DIRS: StaticArray<string> = [".ssh", ".aws", ".gnupg", ".kube", ".azure"];
const SECRET_FILES: StaticArray<string> = [
  ".netrc", "_netrc", ".npmrc", ".pypirc", ".pgpass", ".htpasswd", ".vault-token",
];
const SSH_KEYS: StaticArray<string> = ["id_rsa", "id_dsa", "id_ecdsa", "id_ed25519"];
const KEY_SUFFIXES: StaticArray<string> = [
  ".pem", ".key", ".p12", ".pfx", ".ppk", ".jks", ".keystore", ".kdbx",
];
const ETC_SECRETS: StaticArray<string> = ["shadow", "gshadow", "sudoers", "sudoers.d", "master.passwd"];
// Committed templates of an environment file, holding placeholders, not secrets.
const ENV_TEMPLATES: StaticArray<string> = [".env.example", ".env.sample", ".env.template", ".env.dist"];
// Source code whose name mentions credentials or passwords (`src/aws/credentials.ts`,
// `password-reset.tsx`) is code, not a secret store. Data and config formats
// (`credentials.json`, `.csv`, `.yaml`, `.xml`, no extension) stay sensitive.
const SOURCE_SUFFIXES: StaticArray<string> = [
  ".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs", ".py", ".go", ".rs", ".java", ".kt", ".rb",
  ".php", ".cs", ".swift", ".c", ".h", ".cc", ".cpp", ".hpp", ".scala", ".dart", ".vue", ".svelte",
];

const seg = new ByteBuffer(64);

let refStart: i32 = 0;
let refLength: i32 = 0;

function eq(s: string): bool {
  if (seg.length != s.length) return false;
  for (let i = 0; i < seg.length; i++) {
    if (<u32>load<u8>(seg.ptr + <usize>i) != <u32>s.charCodeAt(i)) return false;
  }
  return true;
}

function startsWith(s: string): bool {
  if (seg.length < s.length) return false;
  for (let i = 0; i < s.length; i++) {
    if (<u32>load<u8>(seg.ptr + <usize>i) != <u32>s.charCodeAt(i)) return false;
  }
  return true;
}

function endsWith(s: string): bool {
  const off = seg.length - s.length;
  if (off < 0) return false;
  for (let i = 0; i < s.length; i++) {
    if (<u32>load<u8>(seg.ptr + <usize>(off + i)) != <u32>s.charCodeAt(i)) return false;
  }
  return true;
}

function contains(s: string): bool {
  const last = seg.length - s.length;
  for (let at = 0; at <= last; at++) {
    let ok = true;
    for (let i = 0; i < s.length; i++) {
      if (<u32>load<u8>(seg.ptr + <usize>(at + i)) != <u32>s.charCodeAt(i)) {
        ok = false;
        break;
      }
    }
    if (ok) return true;
  }
  return false;
}

function anyEq(list: StaticArray<string>): bool {
  for (let i = 0; i < list.length; i++) if (eq(unchecked(list[i]))) return true; // i < length
  return false;
}

/** Load segment (ptr, len) into `seg`: lowercase, cut at ':', trailing dots/spaces stripped. */
function loadSegment(ptr: usize, len: i32): void {
  seg.reset();
  for (let i = 0; i < len; i++) {
    const c = toLowerAscii(<u32>load<u8>(ptr + <usize>i));
    if (c == 0x3a && i > 0) break;
    seg.push(<u8>c);
  }
  let n = seg.length;
  while (n > 0) {
    const c = load<u8>(seg.ptr + <usize>(n - 1));
    if (c != 0x2e && c != 0x20) break;
    n--;
  }
  seg.length = n;
}

/**
 * The first built-in rule the canonical absolute path (ptr, len) breaks, or
 * Sensitive.None. Sets sensitiveStart / sensitiveLength to the segment.
 * Segments that start before byte `from` (the workspace root, which the
 * operator chose, e.g. `/src/password-service`) are not tested themselves.
 */
function refSensitiveRule(ptr: usize, len: i32, from: i32 = 0): Sensitive {
  let index = 0;
  let firstIsEtc = false;
  let firstIsProc = false;
  let prevDocker = false;
  let prevConfig = false;
  let i = 0;
  while (i < len) {
    while (i < len && load<u8>(ptr + <usize>i) == 0x2f) i++;
    const start = i;
    while (i < len && load<u8>(ptr + <usize>i) != 0x2f) i++;
    if (i == start) break;
    refStart = start;
    refLength = i - start;
    loadSegment(ptr + <usize>start, i - start);
    const tested = start >= from;
    if (seg.length == 0) {
      index++;
      continue;
    }
    if (tested) {
      const rule = segmentRule(prevDocker, prevConfig);
      if (rule != Sensitive.None) return rule;
    }
    if (tested && index == 1 && firstIsEtc && anyEq(ETC_SECRETS)) return Sensitive.SystemSecret;
    if (tested && index == 2 && firstIsProc && eq("environ")) return Sensitive.ProcEnviron;
    if (index == 0) {
      firstIsEtc = eq("etc");
      firstIsProc = eq("proc");
    }
    prevDocker = eq(".docker");
    prevConfig = eq(".config");
    index++;
  }
  return Sensitive.None;
}

/** The name rules for the segment loaded in `seg`. */
function segmentRule(prevDocker: bool, prevConfig: bool): Sensitive {
  if (startsWith(".env") && !anyEq(ENV_TEMPLATES)) return Sensitive.Env;
  if (anyEq(SECRET_DIRS)) return Sensitive.SecretDir;
  if (anyEq(SECRET_FILES)) return Sensitive.SecretFile;
  if (prevDocker && eq("config.json")) return Sensitive.DockerConfig;
  if (prevConfig && (eq("gcloud") || eq("gh"))) return Sensitive.CloudCli;
  if (contains("credentials") && !isSource()) return Sensitive.Credentials;
  if (contains("password") && !isSource()) return Sensitive.Password;
  for (let k = 0; k < SSH_KEYS.length; k++) {
    if (startsWith(unchecked(SSH_KEYS[k])) && !endsWith(".pub")) return Sensitive.SshKey; // k < length
  }
  for (let k = 0; k < KEY_SUFFIXES.length; k++) {
    if (endsWith(unchecked(KEY_SUFFIXES[k]))) return Sensitive.KeyFile; // k < length
  }
  return Sensitive.None;
}

function isSource(): bool {
  for (let k = 0; k < SOURCE_SUFFIXES.length; k++) {
    if (endsWith(unchecked(SOURCE_SUFFIXES[k]))) return true; // k < length
  }
  return false;
}

/** The matcher as it was: blocking matchers saw a lower-cased copy of the path (MatchKind: 1 Any, 2 Dir, 3 Glob, 4 SegmentGlob). */
const lowered = new ByteBuffer(256);
function refMatchesPath(m: PathMatcher, path: ByteBuffer, blocking: bool): bool {
  let buf = path;
  if (blocking) {
    lowered.reset();
    lowered.append(path.ptr, path.length);
    for (let i = 0; i < lowered.length; i++) {
      const q = lowered.ptr + <usize>i;
      store<u8>(q, <u8>toLowerAscii(<u32>load<u8>(q)));
    }
    buf = lowered;
  }
  const kind = <i32>m.kind;
  if (kind == 1) return true;
  if (kind == 2) return pathWithinBytes(buf.ptr, buf.length, changetype<usize>(m.dir), m.dir.length);
  if (kind == 3) return matchGlob(m.glob!, buf.ptr, buf.length, blocking, blocking);
  if (kind == 4) {
    const p = buf.ptr;
    const n = buf.length;
    let i = 0;
    while (i < n) {
      while (i < n && load<u8>(p + <usize>i) == 0x2f) i++;
      const start = i;
      while (i < n && load<u8>(p + <usize>i) != 0x2f) i++;
      if (i > start && matchGlob(m.glob!, p + <usize>start, i - start, true, false)) return true;
    }
    return false;
  }
  return false;
}

// ---- inputs ----

// Names each rule is about, their near misses, look-alikes that must not fold to ASCII (fullwidth letters,
// the Kelvin sign, long s, dotless i), data-stream suffixes, trailing dots and spaces, and plain names.
const PIECES: StaticArray<string> = [
  ".env", ".ENV", ".env.local", ".Env.Example", ".env.sample", ".env.template", ".env.dist", ".env.distx", ".en", ".envrc",
  ".env.", ".env ", ".env::$DATA", ".env:x", ":env", ":", "::", ".", "..", "...", " ", ". .",
  ".ssh", ".SSH", ".aws", ".gnupg", ".kube", ".azure", ".azur", ".sshx", "ssh",
  ".netrc", "_netrc", "_NETRC", ".npmrc", ".pypirc", ".pgpass", ".htpasswd", ".vault-token", "_npmrc",
  ".docker", ".DOCKER", "config.json", "CONFIG.JSON", "config.jso", ".config", "gcloud", "GH", "gh ", "g",
  "etc", "ETC", "proc", "PROC", "self", "1", "environ", "ENVIRON", "environ.", "shadow", "gshadow", "sudoers", "sudoers.d",
  "master.passwd", "passwd", "group",
  "credentials", "aws-credentials.json", "my-Credentials.ts", "credentials.TS", "credential", "credentialsx.py", "x.credentials",
  "password", "Password-reset.tsx", "passwords.csv", "passwor", "pass", "password.rs.bak", "db_password",
  "id_rsa", "ID_RSA", "id_rsa.pub", "id_rsa.PUB", "id_rsa.pub.bak", "id_dsa", "id_ecdsa", "id_ed25519", "id_ed25519.pub ", "id_rs", "idx_rsa",
  "x.pem", "a.KEY", "b.p12", "c.pfx", "d.ppk", "e.jks", "store.keystore", "db.kdbx", ".pem", ".key", "x.pem.", "x.pem:s", "x.pe", "x.keys",
  ".ts", ".pub", "a.b.c", "src", "components", "index.ts", "README.md", "workspace", "home", "agent", "node_modules",
  "\uFF0Eenv", ".\uFF45nv", "\u212Aube", ".\u212Aube", ".\u017Fsh", "\u0131d_rsa", "pass\u0301word", "caf\u00E9",
];
const SOUP = "aceEnvpP._-: /CcrsdilwoDTtkyPM";

function randomCase(s: string, rng: XorShift): string {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out += String.fromCharCode((rng.next() & 3) == 0 && c >= 0x61 && c <= 0x7a ? c - 0x20 : c);
  }
  return out;
}

function randomSegment(rng: XorShift): string {
  const r = rng.next() % 10;
  if (r < 6) return randomCase(PIECES[rng.next() % <u32>PIECES.length], rng);
  if (r < 8) {
    let s = "";
    for (let k = 0, n = <i32>(rng.next() % 16); k < n; k++) s += SOUP.charAt(<i32>(rng.next() % <u32>SOUP.length));
    return s;
  }
  if (r < 9) return PIECES[rng.next() % <u32>PIECES.length] + PIECES[rng.next() % <u32>PIECES.length];
  // Very long segments, some ending in a rule's name.
  return "a".repeat(<i32>(rng.next() % 300)) + PIECES[rng.next() % <u32>PIECES.length];
}

// Where the rules that look at a segment's place (and its neighbour) apply.
const PREFIXES: StaticArray<string> = ["/", "/workspace/", "/home/u/", "/etc/", "/proc/1/", "/proc/", "/x/.docker/", "/h/.config/", "/a/:/", "/a/./"];

function randomPath(rng: XorShift): string {
  let s = (rng.next() & 7) == 0 ? "" : (rng.next() & 1) == 0 ? "/" : randomCase(PREFIXES[rng.next() % <u32>PREFIXES.length], rng);
  for (let k = 0, n = 1 + <i32>(rng.next() % 6); k < n; k++) {
    if (k > 0) s += (rng.next() & 7) == 0 ? "//" : "/";
    s += randomSegment(rng);
  }
  if ((rng.next() & 7) == 0) s += "/";
  return s;
}

const buf = new ByteBuffer(256);

function fill(path: string): void {
  buf.reset();
  buf.appendString(path);
}

/** Same rule and segment from both, for `from` at `from`; returns the rule. */
function agreeSensitive(path: string, from: i32): Sensitive {
  fill(path);
  const want = refSensitiveRule(buf.ptr, buf.length, from);
  const got = sensitiveRule(buf.ptr, buf.length, from);
  if (got != want || sensitiveStart != refStart || sensitiveLength != refLength) {
    // Named in the failure: the path and both answers.
    expect(path + " from " + from.toString() + ": " + (<i32>got).toString() + " at " + sensitiveStart.toString() + "+" +
      sensitiveLength.toString()).toBe(path + " from " + from.toString() + ": " + (<i32>want).toString() + " at " +
      refStart.toString() + "+" + refLength.toString());
  }
  return want;
}

describe("sensitiveRule: names read in place", () => {
  test("every listed piece, alone and under the usual prefixes, in every case pattern", () => {
    const rng = new XorShift(0x5eed01);
    const prefixes = PREFIXES;
    for (let i = 0; i < PIECES.length; i++) {
      for (let j = 0; j < prefixes.length; j++) {
        for (let k = 0; k < 4; k++) {
          const piece = k == 0 ? PIECES[i] : k == 1 ? PIECES[i].toUpperCase() : randomCase(PIECES[i], rng);
          agreeSensitive(prefixes[j] + piece, 0);
          agreeSensitive(prefixes[j] + piece + "/x", 0);
          agreeSensitive(prefixes[j] + piece, prefixes[j].length - 1);
        }
      }
    }
  });
  test("random paths: same rule and segment for every start offset class", () => {
    const rng = new XorShift(0x5eed02);
    const seen = new Set<i32>();
    for (let i = 0; i < 4000; i++) {
      const path = randomPath(rng);
      const n = String.UTF8.byteLength(path);
      seen.add(<i32>agreeSensitive(path, 0));
      agreeSensitive(path, <i32>(rng.next() % <u32>(n + 2)));
    }
    // The inputs reach every rule, so the comparison above is not vacuous.
    for (let r = 0; r <= <i32>Sensitive.ProcEnviron; r++) expect(seen.has(r)).toBe(true);
  });
  test("the rules still decide as documented", () => {
    expect(agreeSensitive("/w/.ENV.local", 0)).toBe(Sensitive.Env);
    expect(agreeSensitive("/w/.env.Example", 0)).toBe(Sensitive.None);
    expect(agreeSensitive("/w/.env::$DATA", 0)).toBe(Sensitive.Env);
    expect(agreeSensitive("/w/ID_RSA ", 0)).toBe(Sensitive.SshKey);
    expect(agreeSensitive("/w/id_rsa.Pub", 0)).toBe(Sensitive.None);
    expect(agreeSensitive("/w/my-credentials.json", 0)).toBe(Sensitive.Credentials);
    expect(agreeSensitive("/w/Password-Reset.TSX", 0)).toBe(Sensitive.None);
    expect(agreeSensitive("/w/x.PEM.", 0)).toBe(Sensitive.KeyFile);
    expect(agreeSensitive("/ETC/Shadow", 0)).toBe(Sensitive.SystemSecret);
    expect(agreeSensitive("/proc/self/environ", 0)).toBe(Sensitive.ProcEnviron);
    expect(agreeSensitive("/h/.Docker/config.json", 0)).toBe(Sensitive.DockerConfig);
    expect(agreeSensitive("/h/.config/GH", 0)).toBe(Sensitive.CloudCli);
    expect(agreeSensitive("/w/.\u212Aube", 0)).toBe(Sensitive.None);
  });
});

const BLOCKED_PATHS: StaticArray<string> = ["/Workspace/.git", "/workspace/node_modules", "/", "secrets", "~/.cache", "/w/*.LOG", "/w/**/tmp", "**/Private"];
const BLOCKED_PATTERNS: StaticArray<string> = [".env", "ID_RSA", ".npmrc", ".git-credentials", "*.pem", "*secret*", "a?c", "dir/.env", "/abs/**/x", "~/.ssh/*"];

describe("blocking matchers: the path folded as it is read, not copied", () => {
  test("random and listed paths match the same entries as the lower-cased copy did", () => {
    const limits = new FileLimits();
    limits.allowedPaths = ["/workspace", "/w/*.ts"];
    limits.blockedPaths = BLOCKED_PATHS.slice<Array<string>>(0);
    limits.blockedPatterns = BLOCKED_PATTERNS.slice<Array<string>>(0);
    expect(limits.compile()).toBe("");
    limits._resolve("/workspace", "/home/u");
    const rng = new XorShift(0x5eed03);
    let hits = 0;
    const extra: StaticArray<string> = [
      "/WORKSPACE/.GIT/config", "/workspace/.gitx", "/workspace/Node_Modules/a", "/Workspace/Secrets", "/home/U/.cache/x",
      "/home/u/.CACHE", "/w/A.log", "/w/x/y/TMP/z", "/a/private/b", "/x/.ENV", "/x/.env.local", "/x/id_rsa/y", "/x/Key.PEM",
      "/x/top-SECRET.txt", "/x/abc", "/x/aBc/d", "/q/DIR/.env", "/abs/a/b/X", "/home/u/.ssh/k", "/home/u/.SSH/k/l", "/",
    ];
    for (let i = 0; i < extra.length + 3000; i++) {
      const path = i < extra.length ? extra[i] : randomPath(rng);
      fill(path);
      splitSegments(buf);
      for (let j = 0; j < limits._block.length; j++) {
        const want = refMatchesPath(limits._block[j], buf, true);
        if (want) hits++;
        // file.ts reads the path split once (matchesSplit) as the per-pattern split read it.
        if (matchesPath(limits._block[j], buf, true) != want || matchesSplit(limits._block[j], buf, true) != want) {
          expect(path + " ~ " + limits._block[j].label + ": " + (want ? "no" : "match")).toBe(path + " ~ " + limits._block[j].label + ": " + (want ? "match" : "no"));
        }
      }
      for (let j = 0; j < limits._allow.length; j++) {
        expect(matchesPath(limits._allow[j], buf, false)).toBe(refMatchesPath(limits._allow[j], buf, false));
      }
    }
    expect(hits).toBeGreaterThan(200);
  });
});

describe("segments split once", () => {
  test("a path with more segments than the first split's room: the last one still found", () => {
    const limits = new FileLimits();
    limits.allowedPaths = ["/workspace"];
    limits.blockedPatterns = [".env", "a?c"];
    expect(limits.compile()).toBe("");
    limits._resolve("/workspace", "/home/u");
    for (let depth = 1; depth < 200; depth += 7) {
      for (let last = 0; last < 3; last++) {
        const path = "/x".repeat(depth) + (last == 0 ? "/.ENV" : last == 1 ? "/aXc" : "/.envy");
        fill(path);
        splitSegments(buf);
        for (let j = 0; j < limits._block.length; j++) {
          const want = refMatchesPath(limits._block[j], buf, true);
          expect(matchesSplit(limits._block[j], buf, true)).toBe(want, path);
        }
        expect(matchesSplit(limits._block[0], buf, true)).toBe(last == 0, path);
      }
    }
  });
});
