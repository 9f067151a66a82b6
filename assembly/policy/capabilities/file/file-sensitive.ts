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

import { toLowerAscii } from "../../../util/bytes";

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

/** Byte offset and length (in the path) of the segment that matched. */
export let sensitiveStart: i32 = 0;
export let sensitiveLength: i32 = 0;

// Segments are read in place, never copied: every comparison lower-cases the
// path's byte (ASCII only) against a lower-case name, and each rule is tried
// only where its first byte or the segment's extension can match.

// @ts-ignore: decorator
@inline function lowerAt(p: usize, i: i32): u32 {
  return toLowerAscii(<u32>load<u8>(p + <usize>i));
}

/** Does `s` (lower case) occur in (p, n) at byte `at`, ignoring ASCII case? The caller checks it fits. */
function foldAt(p: usize, at: i32, s: string): bool {
  for (let i = 0, k = s.length; i < k; i++) {
    if (lowerAt(p, at + i) != <u32>s.charCodeAt(i)) return false;
  }
  return true;
}

function foldEq(p: usize, n: i32, s: string): bool {
  return n == s.length && foldAt(p, 0, s);
}

function anyFoldEq(p: usize, n: i32, list: StaticArray<string>): bool {
  for (let i = 0; i < list.length; i++) if (foldEq(p, n, unchecked(list[i]))) return true; // i < length
  return false;
}

/**
 * The length of the name a segment (p, len) stands for: cut at a ':' after its
 * first byte (an alternate data stream), trailing dots and spaces stripped.
 */
function nameLength(p: usize, len: i32): i32 {
  let n = len;
  for (let i = 1; i < len; i++) {
    if (load<u8>(p + <usize>i) == 0x3a) {
      n = i;
      break;
    }
  }
  while (n > 0) {
    const c = load<u8>(p + <usize>(n - 1));
    if (c != 0x2e && c != 0x20) break;
    n--;
  }
  return n;
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
    const p = ptr + <usize>start;
    const n = nameLength(p, i - start);
    const tested = start >= from;
    if (n == 0) {
      index++;
      continue;
    }
    if (tested) {
      const rule = segmentRule(p, n, prevDocker, prevConfig);
      if (rule != Sensitive.None) return rule;
      if (index == 1 && firstIsEtc && anyFoldEq(p, n, ETC_SECRETS)) return Sensitive.SystemSecret;
      if (index == 2 && firstIsProc && foldEq(p, n, "environ")) return Sensitive.ProcEnviron;
    }
    if (index == 0) {
      firstIsEtc = foldEq(p, n, "etc");
      firstIsProc = foldEq(p, n, "proc");
    }
    const dot = lowerAt(p, 0) == 0x2e;
    prevDocker = dot && foldEq(p, n, ".docker");
    prevConfig = dot && foldEq(p, n, ".config");
    index++;
  }
  return Sensitive.None;
}

/** The name rules for the name (p, n), n > 0, in the order they are listed above. */
function segmentRule(p: usize, n: i32, prevDocker: bool, prevConfig: bool): Sensitive {
  const c0 = lowerAt(p, 0);
  if (c0 == 0x2e) {
    // '.env*' (not a template), then the dot-named directories and files.
    if (n >= 4 && lowerAt(p, 1) == 0x65 && lowerAt(p, 2) == 0x6e && lowerAt(p, 3) == 0x76 && !anyFoldEq(p, n, ENV_TEMPLATES)) {
      return Sensitive.Env;
    }
    if (anyFoldEq(p, n, SECRET_DIRS)) return Sensitive.SecretDir;
    if (anyFoldEq(p, n, SECRET_FILES)) return Sensitive.SecretFile;
  } else if (c0 == 0x5f && anyFoldEq(p, n, SECRET_FILES)) return Sensitive.SecretFile; // _netrc
  if (prevDocker && foldEq(p, n, "config.json")) return Sensitive.DockerConfig;
  if (prevConfig && (foldEq(p, n, "gcloud") || foldEq(p, n, "gh"))) return Sensitive.CloudCli;
  // One pass finds 'credentials', 'password' and the last '.' (every suffix listed has only its leading dot,
  // so "ends with it" is "the extension from the last '.' is it").
  let credentials = false;
  let password = false;
  let lastDot = -1;
  for (let i = 0; i < n; i++) {
    const c = lowerAt(p, i);
    if (c == 0x2e) lastDot = i;
    else if (c == 0x63) { if (!credentials && i + 11 <= n && foldAt(p, i, "credentials")) credentials = true; }
    else if (c == 0x70) { if (!password && i + 8 <= n && foldAt(p, i, "password")) password = true; }
  }
  const ep = p + <usize>(lastDot < 0 ? n : lastDot);
  const en = lastDot < 0 ? 0 : n - lastDot;
  if ((credentials || password) && !anyFoldEq(ep, en, SOURCE_SUFFIXES)) {
    return credentials ? Sensitive.Credentials : Sensitive.Password;
  }
  if (c0 == 0x69 && !foldEq(ep, en, ".pub")) {
    for (let k = 0; k < SSH_KEYS.length; k++) {
      const key = unchecked(SSH_KEYS[k]); // k < length
      if (n >= key.length && foldAt(p, 0, key)) return Sensitive.SshKey;
    }
  }
  if (en > 0 && anyFoldEq(ep, en, KEY_SUFFIXES)) return Sensitive.KeyFile;
  return Sensitive.None;
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

/**
 * The name rules as globs (lower case), for a wildcard segment of a file tool's glob (file-glob-reach.ts reads
 * each as the names it stands for). `.env*` also covers the templates: a glob that reaches `.env.example` reaches
 * `.env.local`.
 */
let nameGlobs: Array<string> | null = null;
let nameGlobRules: Array<Sensitive> = [];

export function sensitiveNameGlobs(): Array<string> {
  let globs = nameGlobs;
  if (globs !== null) return globs;
  globs = [".env*"];
  const rules: Array<Sensitive> = [Sensitive.Env];
  for (let i = 0; i < SECRET_DIRS.length; i++) { globs.push(SECRET_DIRS[i]); rules.push(Sensitive.SecretDir); }
  for (let i = 0; i < SECRET_FILES.length; i++) { globs.push(SECRET_FILES[i]); rules.push(Sensitive.SecretFile); }
  globs.push("*credentials*"); rules.push(Sensitive.Credentials);
  globs.push("*password*"); rules.push(Sensitive.Password);
  for (let i = 0; i < SSH_KEYS.length; i++) { globs.push(SSH_KEYS[i] + "*"); rules.push(Sensitive.SshKey); }
  for (let i = 0; i < KEY_SUFFIXES.length; i++) { globs.push("*" + KEY_SUFFIXES[i]); rules.push(Sensitive.KeyFile); }
  nameGlobs = globs;
  nameGlobRules = rules;
  return globs;
}

/** The rule of sensitiveNameGlobs()[i]. */
export function sensitiveNameRule(i: i32): Sensitive {
  return nameGlobRules[i];
}

/**
 * Does a glob segment (p, n) end, after its last wildcard or class, in what a rule makes an exception for — a
 * source-file suffix for `*credentials*` and `*password*`, `.pub` for a key, a template's suffix for `.env*`?
 * Then every name it matches is an exception too (`**\/*password*.ts`, `*.env.example`).
 */
export function exceptedByEnding(rule: Sensitive, p: usize, n: i32): bool {
  let tail = n;
  while (tail > 0) {
    const c = load<u8>(p + <usize>(tail - 1));
    if (c == 0x2a || c == 0x3f || c == 0x5d) break;
    tail--;
  }
  const ep = p + <usize>tail, en = n - tail;
  if (rule == Sensitive.Credentials || rule == Sensitive.Password) return endsWithAny(ep, en, SOURCE_SUFFIXES);
  if (rule == Sensitive.SshKey) return endsWithFolded(ep, en, ".pub");
  if (rule == Sensitive.Env) {
    for (let i = 0; i < ENV_TEMPLATES.length; i++) {
      const t = unchecked(ENV_TEMPLATES[i]); // i < length
      if (endsWithFolded(ep, en, t.substring(4))) return true; // ".example" of ".env.example"
    }
  }
  return false;
}

function endsWithFolded(p: usize, n: i32, s: string): bool {
  return n >= s.length && foldAt(p, n - s.length, s);
}

function endsWithAny(p: usize, n: i32, list: StaticArray<string>): bool {
  for (let i = 0; i < list.length; i++) if (endsWithFolded(p, n, unchecked(list[i]))) return true; // i < length
  return false;
}
