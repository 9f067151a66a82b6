// The reference for file-root-allow.spec.ts: file.ts checkCanonical as it was before an allowed directory that
// is the workspace root was answered by the scan's resume (and the sensitive rules' start taken from it):
// here both compare the path with the root's bytes (pathWithinBytes).

import { Verdict, Code } from "../../policy/verdict";
import { ByteBuffer } from "../../util/bytes";
import { pathWithinBytes } from "../../util/path";
import { FileLimits, extensionOf, firstBlock, hasExtension, listText, subject } from "../../policy/capabilities/file/file";
import { matchesPath } from "../../policy/capabilities/file/file-match";
import { Scan, scanPath } from "../../policy/capabilities/file/file-scan";
import { Sensitive, sensitiveRule, describeSensitive, sensitiveStart, sensitiveLength } from "../../policy/capabilities/file/file-sensitive";
import { quote } from "../../policy/capabilities/web/web";

export function checkCanonicalBefore(limits: FileLimits, original: string, pathBuf: ByteBuffer, reading: string, directory: bool, verdict: Verdict,
  admitting: bool = false): bool {
  // One pass finds the segments (for the patterns without '/'), the bytes, and whether a built-in rule may apply.
  const scan = scanPath(pathBuf, limits._rootScan);
  if (admitting && (scan & Scan.FOREIGN) != 0) return false;
  if (limits.builtinChecks && (scan & Scan.SENSITIVE) != 0) {
    // The workspace root's own names are the operator's choice, not the model's.
    const root = limits._rootBytes;
    const from = root.length > 1 && pathWithinBytes(pathBuf.ptr, pathBuf.length, changetype<usize>(root), root.length) ? root.length : 0;
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
    if (matchesPath(allow[i], pathBuf, false)) {
      admitted = true;
      verdict.rule = allow[i].rule;
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
