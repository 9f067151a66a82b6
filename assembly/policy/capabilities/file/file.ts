// data.file.read / data.file.write path rules (OAP 1.0 packs data.file.read.v1, data.file.write.v1).
//
// Order: path present and canonicalisable → built-in sensitive files →
// blocked_paths / blocked_patterns → allowed_paths → allowed_extensions →
// max_file_size_mb (writes); the first failure decides.
//
// Where we are deliberately stricter than APort (oap.md §3.5 items 5 and 6):
//   - Paths are canonicalised lexically (util/path.ts) before any match, and
//     allowed_paths match whole segments: `/workspace` never admits
//     `/workspace-secrets` or `/workspace/../etc`.
//   - A missing or empty allowed_paths allows nothing (APort: everything).
//     `"*"` or `"/**"` allows anywhere (the sensitive list still applies).
//   - The path is also judged a second way, as a tool that decodes it would
//     see it: percent-escapes decoded, `\` and Unicode look-alike slashes and
//     dots (fullwidth `／＼．`, `∕ ⁄ ⧸ ∖`, `․ ﹒`) read as `/` and `.`, and the
//     case-folding look-alikes K (U+212A) and ſ (U+017F) as `k` and `s`. On a
//     POSIX file system those are literal characters, but Windows best-fit
//     mapping, URL-decoding tools and case-insensitive volumes turn
//     `..%2f..%2fetc` or `..＼..＼etc` into a traversal. Both readings must pass.
//   - blocked_paths / blocked_patterns and the sensitive list compare ASCII
//     case-insensitively (macOS and Windows volumes do) and a blocked
//     directory blocks everything below it; allowed_paths compare exactly.
//   - URL-like paths (`file:///etc/passwd`), Windows drive and UNC paths, and
//     control characters are invalid (`oap.invalid_context`).
// Lexical only: symlinks inside an allowed directory are not resolved (the
// core has no file system); the bindings may realpath before asking.

import { Verdict, Code } from "../../verdict";
import { ByteBuffer, Bytes, toLowerAscii, utf8 } from "../../../util/bytes";
import { canonicalizePath, canonicalizePathInto } from "../../../util/path";
import { MatchKind, PathMatcher, entryProblem, pathMatcher, patternMatcher, matchesPath, matchesSplit, pathWithinFolded } from "./file-match";
import { Scan, ScanPrefix, scanPath, scanPrefix, scanResumed, segFirsts, segLengths } from "./file-scan";
import { Sensitive, sensitiveRule, describeSensitive, sensitiveStart, sensitiveLength } from "./file-sensitive";
import { alternatePath } from "./file-alternate";
import { quote } from "../web/web";

export class FileLimits {
  /** null or [] = nothing allowed; "*" or "/**" = anywhere; directories or anchored globs. */
  allowedPaths: Array<string> | null = null;
  /** Directories or anchored globs; a match on the path or any ancestor blocks. */
  blockedPaths: Array<string> = [];
  /** Globs: without '/' against every segment; with '/' against the path (relative = at any depth). */
  blockedPatterns: Array<string> = [];
  /** null = any; lowercased, with or without the leading dot; "*" = any. */
  allowedExtensions: Array<string> | null = null;
  /** NaN = no limit; compared with the bytes to be written (1 MB = 1,048,576 bytes). */
  maxFileSizeMb: f64 = NaN;
  /** The built-in sensitive-file list (file-sensitive.ts). */
  builtinChecks: bool = true;

  // Compiled state (internal; filled by compile() and per workspace/home).
  _compiled: bool = false;
  _compileError: string = "";
  _extensions: Array<string> = [];
  _anyExtension: bool = false;
  _base: string = "\0";
  _home: string = "\0";
  _allow: Array<PathMatcher> = [];
  _block: Array<PathMatcher> = [];
  /** The canonical workspace root's UTF-8 bytes (empty when there is none). */
  _rootBytes: Bytes = new StaticArray<u8>(0);
  /** The workspace root's scan: a path below it is scanned from the '/' after it (file-scan.ts). */
  _rootScan: ScanPrefix = new ScanPrefix();
  /**
   * The blocked entries that are literal names without '/' (`.env`): one bit per length and first byte, as
   * scanPath sets them per segment. A path with no segment of such a length or first byte is matched only
   * against `_blockRest`, the other entries in their order.
   */
  _litLengths: u64 = 0;
  _litFirsts: u64 = 0;
  _blockRest: Array<PathMatcher> = [];

  /** Validate the entries. Returns "" or an error naming the entry. */
  compile(): string {
    this._compiled = true;
    this._base = "\0"; // force re-resolution
    this._extensions = [];
    this._anyExtension = false;
    this._compileError = "";
    const allowed = this.allowedPaths;
    if (allowed !== null) {
      for (let i = 0; i < allowed.length; i++) {
        const e = entryProblem(allowed[i]);
        if (e.length > 0) return this._fail("allowed_paths", i, allowed[i], e);
      }
    }
    for (let i = 0; i < this.blockedPaths.length; i++) {
      const e = entryProblem(this.blockedPaths[i]);
      if (e.length > 0) return this._fail("blocked_paths", i, this.blockedPaths[i], e);
    }
    for (let i = 0; i < this.blockedPatterns.length; i++) {
      const e = entryProblem(this.blockedPatterns[i]);
      if (e.length > 0) return this._fail("blocked_patterns", i, this.blockedPatterns[i], e);
    }
    const exts = this.allowedExtensions;
    if (exts !== null) {
      for (let i = 0; i < exts.length; i++) {
        const x = exts[i];
        if (x == "*") {
          this._anyExtension = true;
          continue;
        }
        const bare = x.startsWith(".") ? x.substring(1) : x;
        if (bare.length == 0 || bare.indexOf("/") >= 0 || bare.indexOf("\\") >= 0 || bare.indexOf("*") >= 0) {
          return this._fail("allowed_extensions", i, x, "is not a file extension such as 'md' or '.tar.gz'");
        }
        this._extensions.push("." + bare.toLowerCase());
      }
    }
    const mb = this.maxFileSizeMb;
    if (!isNaN(mb) && (mb < 0 || !isFinite(mb))) {
      this._compileError = "max_file_size_mb must be a finite number >= 0";
      return this._compileError;
    }
    return "";
  }

  _fail(key: string, index: i32, entry: string, problem: string): string {
    this._compileError = key + "[" + index.toString() + "] " + quote(entry) + " " + problem;
    return this._compileError;
  }

  /** Resolve relative and `~` entries for this workspace root and home (cached). */
  _resolve(base: string, home: string): void {
    if (base == this._base && home == this._home) return;
    this._base = base;
    this._home = home;
    this._allow = [];
    this._block = [];
    const root = base.startsWith("/") ? canonicalizePath(base, "/", "/") : null;
    this._rootBytes = utf8(root !== null ? root : "");
    this._rootScan = scanPrefix(this._rootBytes);
    const allowed = this.allowedPaths;
    if (allowed !== null) {
      const rootBytes = this._rootBytes, rootLen = rootBytes.length;
      for (let i = 0; i < allowed.length; i++) {
        const m = pathMatcher(allowed[i], base, home, false, "allowed_paths", i);
        // The root's own entry (`/workspace`, or `.`): the scan resumed after the root says whether a path is in it.
        m.sameAsRoot = m.kind == MatchKind.Dir && rootLen > 1 && m.dir.length == rootLen &&
          memory.compare(changetype<usize>(m.dir), changetype<usize>(rootBytes), <usize>rootLen) == 0;
        this._allow.push(m);
      }
    }
    for (let i = 0; i < this.blockedPaths.length; i++) {
      this._block.push(pathMatcher(this.blockedPaths[i], base, home, true, "blocked_paths", i));
    }
    for (let i = 0; i < this.blockedPatterns.length; i++) {
      this._block.push(patternMatcher(this.blockedPatterns[i], home, i));
    }
    this._litLengths = 0;
    this._litFirsts = 0;
    this._blockRest = [];
    for (let i = 0; i < this._block.length; i++) {
      const m = this._block[i];
      const g = m.glob;
      if (m.kind == MatchKind.SegmentGlob && g !== null && g.litPrefix == g.length) {
        // matchesSplit's own gate for a literal name; an empty one matches no segment.
        if (g.length > 0) {
          this._litLengths |= <u64>1 << <u64>(g.length < 63 ? g.length : 63);
          this._litFirsts |= <u64>1 << <u64>((<u32>g.bytes[0] | 0x20) & 63);
        }
      } else this._blockRest.push(m);
    }
  }
}

export class FileInput {
  path: string = "";
  workspaceRoot: string = "";
  home: string = "";
  /** Byte length of the content to write; NaN for reads (or unknown). */
  writeBytes: f64 = NaN;
  /** The path names a directory to list or search (or a glob's fixed directory): allowed_extensions does not apply. */
  directory: bool = false;
}

// Reused per call: the canonical path and its decoding-tool reading.
const canonicalBuf = new ByteBuffer(256);
const alternateBuf = new ByteBuffer(256);

/** The basename's extension from its last '.', or "" (a leading dot is not one). */
export function extensionOf(canonical: string): string {
  const slash = canonical.lastIndexOf("/");
  const dot = canonical.lastIndexOf(".");
  return dot > slash + 1 ? canonical.substring(dot) : "";
}

export function hasExtension(lower: string, ext: string): bool {
  const slash = lower.lastIndexOf("/");
  return lower.endsWith(ext) && lower.length - ext.length > slash + 1;
}

/** "path 'x'" or "path 'x' (resolved to 'y')", plus how it was read. */
export function subject(original: string, canonical: string, reading: string): string {
  let s = "path " + quote(original);
  if (canonical != original) s += " resolves to " + quote(canonical);
  return s + reading;
}

export function listText(list: Array<string>): string {
  let s = "[";
  const n = list.length < 20 ? list.length : 20;
  for (let i = 0; i < n; i++) s += (i > 0 ? ", " : "") + list[i];
  return s + (list.length > n ? ", …]" : "]");
}

/** The first blocked entry that matches the path in `pathBuf`, which scanPath scanned last; null when none does. */
export function firstBlock(limits: FileLimits, pathBuf: ByteBuffer): PathMatcher | null {
  // No segment has a literal entry's length or first byte: only the other entries can match.
  const block = (segLengths & limits._litLengths) == 0 || (segFirsts & limits._litFirsts) == 0 ? limits._blockRest : limits._block;
  for (let i = 0, n = block.length; i < n; i++) {
    const m = unchecked(block[i]); // i < length
    // A blocked directory (the usual blocked_paths entry) is matched here, not two calls down (matchesPath).
    if (m.kind == MatchKind.Dir ? pathWithinFolded(pathBuf.ptr, pathBuf.length, changetype<usize>(m.dir), m.dir.length) : matchesSplit(m, pathBuf, true)) {
      return m;
    }
  }
  return null;
}

/**
 * Rules for one reading of the path, whose canonical UTF-8 bytes are in `pathBuf` (decoded only for messages).
 * `admitting` (admitsCanonical): a path with a byte a decoding tool may read otherwise is not judged here.
 */
export function checkCanonical(limits: FileLimits, original: string, pathBuf: ByteBuffer, reading: string, directory: bool, verdict: Verdict,
  admitting: bool = false): bool {
  // One pass finds the segments (for the patterns without '/'), the bytes, and whether a built-in rule may apply.
  const scan = scanPath(pathBuf, limits._rootScan);
  // The scan resumed after the workspace root's: the path is the root or below it (pathWithinBytes, found there).
  const inRoot = scanResumed;
  if (admitting && (scan & Scan.FOREIGN) != 0) return false;
  if (limits.builtinChecks && (scan & Scan.SENSITIVE) != 0) {
    // The workspace root's own names are the operator's choice, not the model's.
    const from = inRoot ? limits._rootBytes.length : 0;
    const rule = sensitiveRule(pathBuf.ptr, pathBuf.length, from);
    if (rule != Sensitive.None) {
      const segment = String.UTF8.decodeUnsafe(pathBuf.ptr + <usize>sensitiveStart, <usize>sensitiveLength, false);
      return verdict.deny(
        Code.PATH_BLOCKED,
        subject(original, pathBuf.toString(), reading) + ": " + quote(segment) + " matches the built-in sensitive-file rule " +
          describeSensitive(rule) + " (builtin_checks)",
        "builtin:sensitive_file",
      );
    }
  }

  const m = firstBlock(limits, pathBuf);
  if (m !== null) return verdict.deny(Code.PATH_BLOCKED, subject(original, pathBuf.toString(), reading) + " matches " + m.label, m.rule);

  const allowedPaths = limits.allowedPaths;
  if (allowedPaths === null || allowedPaths.length == 0) {
    return verdict.deny(
      Code.PATH_NOT_ALLOWED,
      subject(original, pathBuf.toString(), reading) + " is not allowed: allowed_paths is " +
        (allowedPaths === null ? "missing" : "empty") + ", so no path is allowed",
    );
  }
  const allow = limits._allow;
  let admitted = false;
  for (let i = 0; i < allow.length; i++) {
    const m = allow[i];
    if (m.sameAsRoot ? inRoot : matchesPath(m, pathBuf, false)) {
      admitted = true;
      verdict.rule = m.rule;
      break;
    }
  }
  if (!admitted) {
    return verdict.deny(
      Code.PATH_NOT_ALLOWED,
      subject(original, pathBuf.toString(), reading) + " is not within allowed_paths " + listText(allowedPaths),
    );
  }

  const exts = limits.allowedExtensions;
  if (exts !== null && !limits._anyExtension && !directory) {
    const canonical = pathBuf.toString();
    const lower = canonical.toLowerCase();
    let ok = false;
    for (let i = 0; i < limits._extensions.length; i++) {
      if (hasExtension(lower, limits._extensions[i])) {
        ok = true;
        break;
      }
    }
    if (!ok) {
      const ext = extensionOf(canonical);
      return verdict.deny(
        Code.EXTENSION_NOT_ALLOWED,
        subject(original, canonical, reading) + " has " + (ext.length > 0 ? "extension " + quote(ext) : "no extension") +
          ", which is not in allowed_extensions " + listText(exts),
      );
    }
  }
  return true;
}

/** `file:` in any ASCII case (no letter outside ASCII lower-cases to one of `file`). */
function startsWithFileScheme(path: string): bool {
  if (path.length < 5) return false;
  for (let i = 0; i < 5; i++) if (toLowerAscii(<u32>path.charCodeAt(i)) != <u32>"file:".charCodeAt(i)) return false;
  return true;
}

/** A drive (`C:`) or UNC (`\\server`) path, or a URL (`file:`, `scheme://`). */
function foreignForm(path: string): string {
  const n = path.length;
  const c0 = n > 0 ? <u32>path.charCodeAt(0) : 0;
  const isLetter = (c0 | 0x20) - 0x61 < 26;
  // `C:\x`, `C:/x` and the drive-relative `C:x` all leave the workspace on Windows.
  if (isLetter && n >= 2 && path.charCodeAt(1) == 0x3a) {
    return "a Windows drive path (Windows paths are not supported)";
  }
  if (path.startsWith("\\\\")) return "a Windows UNC path (Windows paths are not supported)";
  if (startsWithFileScheme(path)) return "a file: URL, not a path";
  if (isLetter) {
    let i = 1;
    while (i < n) {
      const c = <u32>path.charCodeAt(i);
      if (!((c | 0x20) - 0x61 < 26 || c - 0x30 < 10 || c == 0x2b || c == 0x2d || c == 0x2e)) break;
      i++;
    }
    if (i + 2 < n && path.charCodeAt(i) == 0x3a && path.charCodeAt(i + 1) == 0x2f && path.charCodeAt(i + 2) == 0x2f) {
      return "a URL, not a path";
    }
  }
  return "";
}

function canonicalFailure(path: string): string {
  if (path.startsWith("~")) {
    return path.length > 1 && path.charCodeAt(1) != 0x2f
      ? "'~user' and '~+' cannot be expanded"
      : "'~' cannot be expanded: the request context has no absolute home";
  }
  if (!path.startsWith("/")) return "a relative path needs an absolute workspace_root in the request context";
  return "it contains a NUL byte or an unpaired surrogate";
}

/**
 * checkFile's answer for a path already canonical and absolute, given as UTF-8 bytes, without making a string:
 * true only when checkFile would allow it (a read, or a write with no size to judge). False means "ask checkFile":
 * a deny (checkFile writes its message) or bytes whose decoding-tool reading may differ (`%`, `\`, non-ASCII,
 * control characters), which only checkFile judges.
 */
export function admitsCanonical(limits: FileLimits, path: ByteBuffer, root: string, home: string, directory: bool, verdict: Verdict): bool {
  if (!limits._compiled) limits.compile();
  if (limits._compileError.length > 0 || path.length == 0 || <u32>load<u8>(path.ptr) != 0x2f) return false;
  limits._resolve(root, home);
  return checkCanonical(limits, "", path, "", directory, verdict, true);
}

/**
 * What admitsCanonical does first on every call, done once by a caller that judges many paths in one place
 * (command-scopes.ts, once per decision and limits): compile the limits and resolve their entries for this root
 * and home. False when the limits are invalid: admitsCanonical refuses every path then.
 */
export function prepareLimits(limits: FileLimits, root: string, home: string): bool {
  if (!limits._compiled) limits.compile();
  if (limits._compileError.length > 0) return false;
  limits._resolve(root, home);
  return true;
}

/**
 * admitsCanonical for limits prepareLimits made ready (it answered true) for the same root and home, with no
 * _resolve for another root or home since: the same answer without the compile and resolve checks.
 */
// @ts-ignore: decorator
@inline export function admitsPrepared(limits: FileLimits, path: ByteBuffer, directory: bool, verdict: Verdict): bool {
  if (path.length == 0 || <u32>load<u8>(path.ptr) != 0x2f) return false;
  return checkCanonical(limits, "", path, "", directory, verdict, true);
}

/** True = allowed; otherwise `verdict` holds the deny. */
export function checkFile(limits: FileLimits, input: FileInput, write: bool, verdict: Verdict): bool {
  if (!limits._compiled) limits.compile();
  if (limits._compileError.length > 0) {
    return verdict.deny(Code.POLICY_ERROR, "file limits are invalid: " + limits._compileError);
  }
  const path = input.path;
  if (path.length == 0) return verdict.deny(Code.INVALID_CONTEXT, "tool_input.path is missing or empty");
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    if (c == 0) return verdict.deny(Code.INVALID_CONTEXT, "path " + quote(path) + " contains a NUL byte");
    if (c < 0x20 || c == 0x7f) return verdict.deny(Code.INVALID_CONTEXT, "path " + quote(path) + " contains a control character");
  }
  const foreign = foreignForm(path);
  if (foreign.length > 0) return verdict.deny(Code.INVALID_CONTEXT, "path " + quote(path) + " is " + foreign);

  const root = input.workspaceRoot;
  const home = input.home;
  const canonical = canonicalBuf;
  if (!canonicalizePathInto(canonical, path, root, home)) {
    return verdict.deny(Code.INVALID_CONTEXT, "path " + quote(path) + " cannot be canonicalised: " + canonicalFailure(path));
  }
  limits._resolve(root, home);
  if (!checkCanonical(limits, path, canonical, "", input.directory, verdict)) return false;

  const alt = alternatePath(path);
  if (alt !== null) {
    const altCanonical = alternateBuf;
    if (!canonicalizePathInto(altCanonical, alt, root, home)) {
      return verdict.deny(Code.INVALID_CONTEXT, "path " + quote(path) + " decodes to " + quote(alt) + ", which cannot be canonicalised");
    }
    if (altCanonical.length != canonical.length || memory.compare(altCanonical.ptr, canonical.ptr, <usize>canonical.length) != 0) {
      const reading = " when percent-escapes, '\\' and look-alike characters are read as a decoding tool would";
      if (!checkCanonical(limits, path, altCanonical, reading, input.directory, verdict)) return false;
    }
  }

  const mb = limits.maxFileSizeMb;
  if (write && !isNaN(input.writeBytes) && !isNaN(mb)) {
    const max = mb * 1048576.0;
    if (input.writeBytes > max) {
      return verdict.deny(
        Code.LIMIT_EXCEEDED,
        "write to " + quote(path) + " is " + (<i64>input.writeBytes).toString() + " bytes, over max_file_size_mb " +
          mb.toString() + " (" + (<i64>max).toString() + " bytes)",
      );
    }
  }
  return true;
}
