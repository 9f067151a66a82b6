// The built-in sensitive-file list (on unless a policy sets
// builtin_checks: false). APort's later evaluator denies the same names
// (`.env*`, `.aws`, `.ssh`, `.gnupg`, `.kube`,
// `*credentials*`, `id_rsa`…, `*.pem`, `*.key`, `*password*`); we add the
// other usual homes of secrets (.netrc, .npmrc, .pypirc, .pgpass, .docker,
// gcloud and gh CLI tokens, PKCS#12/Java/PuTTY/KeePass stores, /etc/shadow,
// /proc/*/environ).
//
// Every segment of the canonical path is tested, so a sensitive directory
// covers what is under it. Comparison is ASCII case-insensitive (macOS and
// Windows file systems are), and a segment is first cut at ':' (an NTFS
// alternate data stream, `.env::$DATA`) and stripped of trailing dots and
// spaces (which Windows drops: `.env.` and `id_rsa ` open the same files).

import { ByteBuffer, toLowerAscii } from "../../../util/bytes";

export const enum Sensitive {
  None = 0,
  Env = 1,
  SecretDir = 2,
  SecretFile = 3,
  DockerConfig = 4,
  CloudCli = 5,
  Credentials = 6,
  Password = 7,
  SshKey = 8,
  KeyFile = 9,
  SystemSecret = 10,
  ProcEnviron = 11,
}

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

/** Byte offset and length (in the path) of the segment that matched. */
export let sensitiveStart: i32 = 0;
export let sensitiveLength: i32 = 0;

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
export function sensitiveRule(ptr: usize, len: i32, from: i32 = 0): Sensitive {
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
    sensitiveStart = start;
    sensitiveLength = i - start;
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

/** The rule as users read it, for messages. */
export function describeSensitive(rule: Sensitive): string {
  switch (rule) {
    case Sensitive.Env: return "'.env*' (environment files; '.env.example', '.env.sample', '.env.template', '.env.dist' are fine)";
    case Sensitive.SecretDir: return "'.ssh', '.aws', '.gnupg', '.kube', '.azure' (credential directories)";
    case Sensitive.SecretFile: return "'.netrc', '.npmrc', '.pypirc', '.pgpass', '.htpasswd', '.vault-token' (credential files)";
    case Sensitive.DockerConfig: return "'.docker/config.json' (registry credentials)";
    case Sensitive.CloudCli: return "'.config/gcloud', '.config/gh' (CLI tokens)";
    case Sensitive.Credentials: return "'*credentials*' (source files such as 'credentials.ts' are fine)";
    case Sensitive.Password: return "'*password*' (source files such as 'password-reset.tsx' are fine)";
    case Sensitive.SshKey: return "'id_rsa', 'id_dsa', 'id_ecdsa', 'id_ed25519' (SSH private keys; '.pub' is fine)";
    case Sensitive.KeyFile: return "'*.pem', '*.key', '*.p12', '*.pfx', '*.ppk', '*.jks', '*.keystore', '*.kdbx' (keys and key stores)";
    case Sensitive.SystemSecret: return "'/etc/shadow', '/etc/gshadow', '/etc/sudoers' (system secrets)";
    case Sensitive.ProcEnviron: return "'/proc/*/environ' (process environment)";
    default: return "none";
  }
}
