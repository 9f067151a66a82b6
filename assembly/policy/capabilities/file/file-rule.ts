// data.file.read / data.file.write: the limits block -> FileLimits, and every
// path the request names (single paths, path lists, globs, patch headers) ->
// one FileInput each, all of which must pass. Matching and canonicalisation
// live in ../file.ts and ../../util/path.ts.

import { ByteBuffer } from "../../../util/bytes";
import { FileLimits, FileInput, checkFile } from "./file";
import { RequestView } from "../../request";
import { JsonType } from "../../../json/reader";
import { MAX_GLOB_ALTERNATIVES, MAX_GLOB_LENGTH, globAlternatives, hasGlobSyntax, isOnlyStars, literalGlob } from "./tool-glob";
import { UNNAMED, globReachBlock, reachRule, reachSegment, reachWhat } from "./file-glob-reach";
import { globMayHitBlocked, treeHit } from "../command";
import { canonicalizePath } from "../../../util/path";
import { patchFiles } from "./file-patch";
import { Verdict, Code } from "../../verdict";
import { CapabilityRule, RuleContext } from "../rule";
import { trace } from "../../trace";
import { LimitsReader } from "../limits-reader";

export const FILE_KEYS: StaticArray<string> = [
  "allowed_paths", "blocked_paths", "blocked_patterns", "allowed_extensions", "max_file_size_mb", "builtin_checks",
  "approval_required", "enforcement",
];
// Where file tools take their paths (the README's tool catalog lists them by agent).
// Every key present is read, whatever the tool: a name collision
// (`read_file` is DeerFlow's, Gemini CLI's and Cline's) gets the union, and a
// path key the tool's own schema lacks is checked all the same. Keys outside
// these lists are not read: no catalogued tool takes a path from them.

/** One path each; when several are present they must agree (a tool reads one of them). */
const PATH_KEYS: StaticArray<string> = ["path", "file_path", "filePath", "absolute_path", "notebook_path", "image_path", "dir_path"];
/**
 * A working directory, as command tools take one. No catalogued file tool does, but a host that resolves a
 * relative path against it would read elsewhere than the workspace root: relative paths are then refused.
 */
const CWD_KEYS: StaticArray<string> = ["cwd", "workdir", "directory"];
/** Two different paths of one call, each checked (the MCP filesystem server's move_file: source, destination). */
const OWN_PATH_KEYS: StaticArray<string> = ["source", "destination"];
/** Arrays of paths (DeerFlow present_files, Gemini read_many_files): every element is checked. */
const LIST_KEYS: StaticArray<string> = ["filepaths", "paths"];
/** File globs taken relative to the path (Claude Code Grep `glob`, Gemini `include`, Cline `file_pattern`). */
const GLOB_KEYS: StaticArray<string> = ["glob", "include", "file_pattern"];
/** Where a patch is carried (Codex apply_patch). */
const PATCH_KEYS: StaticArray<string> = ["input", "patch"];

/** Listing and search tools default to the workspace root when no path is given. */
function defaultsToWorkspace(tool: string): bool {
  return tool == "ls" || tool == "glob" || tool == "grep" || tool == "LS" || tool == "Glob" || tool == "Grep" ||
    tool == "list_directory" || tool == "search_file_content" || tool == "list_files" || tool == "search_files" ||
    tool == "read_many_files";
}

/**
 * Tools whose `pattern` is a file glob: Claude Code's Glob, Gemini CLI's glob, and the MCP filesystem server's
 * search_files (also as `mcp__<server>__search_files`; Cline's search_files takes `file_pattern`). For the other
 * search tools `pattern` is a regex over content, not a path.
 */
function patternIsGlob(tool: string): bool {
  return tool == "Glob" || tool == "glob" || tool == "search_files" || tool.endsWith("__search_files");
}

/** Tools whose path names a directory to list or search: the extension rule does not apply to it. */
function pathIsDirectory(tool: string): bool {
  return defaultsToWorkspace(tool) && tool != "read_many_files";
}

export class FileRule extends CapabilityRule {
  limits: FileLimits = new FileLimits();
  private input: FileInput = new FileInput();
  private content: ByteBuffer = new ByteBuffer(64);
  /** A working directory the request names other than the workspace root (CWD_KEYS), or "". */
  private otherCwd: string = "";

  constructor(public write: bool) {
    super();
  }

  static compile(read: LimitsReader, write: bool): FileRule {
    const rule = new FileRule(write);
    const limits = rule.limits;
    limits.allowedPaths = read.strings("allowed_paths");
    limits.blockedPaths = read.stringsOr("blocked_paths", []);
    limits.blockedPatterns = read.stringsOr("blocked_patterns", []);
    limits.allowedExtensions = read.strings("allowed_extensions");
    limits.maxFileSizeMb = read.positiveNumber("max_file_size_mb");
    limits.builtinChecks = read.bool("builtin_checks", true);
    const problem = limits.compile();
    if (problem.length > 0) read.errors.add(read.path, problem);
    return rule;
  }

  check(request: RequestView, context: RuleContext, verdict: Verdict): bool {
    const tool = request.toolNameString();
    // Every spelling of the path must agree: a tool may read any of them.
    let path: string | null = null;
    for (let i = 0; i < PATH_KEYS.length; i++) {
      const p = request.inputString(PATH_KEYS[i], verdict);
      if (request.failed) return false;
      if (p == null) continue;
      if (path != null && path != p) return verdict.deny(Code.INVALID_CONTEXT, "tool_input carries two different paths");
      path = p;
    }
    const input = this.input;
    input.workspaceRoot = context.workspaceRoot;
    input.home = context.home;
    this.otherCwd = "";
    for (let i = 0; i < CWD_KEYS.length; i++) {
      const d = request.inputString(CWD_KEYS[i], verdict);
      if (request.failed) return false;
      if (d == null) continue;
      const dir = canonicalizePath(d, context.workspaceRoot, context.home);
      if (dir === null || dir != canonicalizePath(context.workspaceRoot, "/", "/")) this.otherCwd = d;
    }
    input.writeBytes = NaN;
    if (this.write) {
      const has = request.inputBytes("content", this.content, verdict);
      if (has < 0) return false;
      if (has > 0) input.writeBytes = <f64>this.content.length;
    }
    let checked = 0;
    const base = path != null ? path : ".";
    if (path != null) {
      if (!this.checkOne(path, pathIsDirectory(tool), verdict)) return false;
      checked++;
    }

    for (let k = 0; k < OWN_PATH_KEYS.length; k++) {
      const p = request.inputString(OWN_PATH_KEYS[k], verdict);
      if (request.failed) return false;
      if (p == null) continue;
      if (!this.checkOne(p, false, verdict)) return false;
      checked++;
    }
    for (let k = 0; k < LIST_KEYS.length; k++) {
      const n = this.checkList(request, LIST_KEYS[k], "", verdict);
      if (n < 0) return false;
      checked += n;
    }
    if (patternIsGlob(tool)) {
      const pattern = request.inputString("pattern", verdict);
      if (request.failed) return false;
      if (pattern != null) {
        if (!this.checkGlob(base, pattern, verdict)) return false;
        checked++;
      }
    }
    for (let k = 0; k < GLOB_KEYS.length; k++) {
      const n = this.checkList(request, GLOB_KEYS[k], base, verdict);
      if (n < 0) return false;
      checked += n;
    }
    if (tool == "apply_patch") {
      const n = this.checkPatch(request, verdict);
      if (n < 0) return false;
      checked += n;
    }
    if (checked == 0) {
      if (!defaultsToWorkspace(tool)) return verdict.deny(Code.INVALID_CONTEXT, "tool_input.path is missing (also read: " + PATH_KEYS.join(", ") + ", " + LIST_KEYS.join(", ") + ")");
      return this.checkOne(".", true, verdict);
    }
    return true;
  }

  private checkOne(path: string, directory: bool, verdict: Verdict): bool {
    if (this.otherCwd.length > 0 && !path.startsWith("/") && !path.startsWith("~")) {
      return verdict.deny(Code.INVALID_CONTEXT, "path " + quoteText(path) + " is relative, and tool_input names the working directory " +
        quoteText(this.otherCwd) + ", not the workspace root: give an absolute path");
    }
    this.input.path = path;
    this.input.directory = directory;
    if (!checkFile(this.limits, this.input, this.write, verdict)) return false;
    if (trace.on) trace.note(trace.qualify(verdict.rule) + " allows " + path);
    return true;
  }

  /**
   * A glob is judged as the paths it can reach, read as globbing libraries read it (tool-glob.ts): each brace
   * alternative, with escapes and one-byte classes read. For each: its fixed leading directory (everything
   * before the first segment with `*`, `?` or a class), its full text read as a path (so a sensitive name
   * written in it, `**\/.ssh/*`, still matches), and every name a wildcard segment could expand to
   * (file-glob-reach.ts). `..` in or after a wildcard segment could climb anywhere (`**` matches zero or more
   * segments): refused.
   */
  private checkGlob(base: string, original: string, verdict: Verdict): bool {
    // Expanded before it is joined: an alternative may be absolute (`{/etc,src}/x` under the path).
    const alternatives = globAlternatives(original);
    if (alternatives === null) {
      return verdict.deny(Code.PATH_NOT_ALLOWED, "glob " + quoteText(original.length > 200 ? original.substring(0, 200) + "…" : original) +
        " cannot be judged: globbing libraries read its braces differently (a range, a group of one, unbalanced braces, " +
        "',' '|' or a brace in a class), or it has more than " + MAX_GLOB_ALTERNATIVES.toString() + " alternatives or " +
        MAX_GLOB_LENGTH.toString() + " characters; name the paths");
    }
    for (let i = 0; i < alternatives.length; i++) {
      if (!this.checkGlobReading(joinGlob(base, literalGlob(alternatives[i])), original, verdict)) return false;
    }
    return true;
  }

  private checkGlobReading(joined: string, original: string, verdict: Verdict): bool {
    let fixedEnd = joined.length;
    let wild = false;
    let segStart = 0;
    for (let i = 0; i <= joined.length; i++) {
      const c = i < joined.length ? joined.charCodeAt(i) : 0x2f;
      if (c == 0x2f) {
        const seg = joined.substring(segStart, i);
        if (wild && seg.includes("..")) {
          return verdict.deny(Code.PATH_NOT_ALLOWED, "glob " + quoteText(original) + " climbs with '..' after a wildcard, so it can reach any directory");
        }
        segStart = i + 1;
      } else if (!wild && (c == 0x2a || c == 0x3f || c == 0x5b)) {
        wild = true;
        fixedEnd = segStart;
      }
    }
    if (!wild) return this.checkOne(joined, false, verdict);
    let fixed = joined.substring(0, fixedEnd);
    if (fixed.length == 0) fixed = ".";
    else if (fixed.length > 1 && fixed.endsWith("/")) fixed = fixed.substring(0, fixed.length - 1);
    if (!this.checkOne(fixed, true, verdict)) return false;
    if (!this.checkOne(joined, true, verdict)) return false;
    // checkOne canonicalised the same text, so this does not fail.
    const input = this.input;
    const canonical = canonicalizePath(joined, input.workspaceRoot, input.home);
    if (canonical === null) return verdict.deny(Code.INVALID_CONTEXT, "glob " + quoteText(original) + " cannot be canonicalised");
    // A wildcard segment that may be a blocked place (`priv*/*` with /workspace/private blocked). A segment of
    // only stars names none (`**/*.ts` beside a blocked `.env`), as for names (file-glob-reach.ts).
    globPathBuf.reset();
    globPathBuf.appendString(unnamedStars(canonical));
    if (globMayHitBlocked(this.limits, globPathBuf, false)) {
      return verdict.deny(Code.PATH_BLOCKED, "glob " + quoteText(original) + " may match " + treeHit.label + " (as " +
        quoteText(canonical) + ")", treeHit.rule);
    }
    if (globReachBlock(this.limits, canonical)) {
      return verdict.deny(Code.PATH_BLOCKED, "glob " + quoteText(original) + " could name a file that " + reachWhat +
        " blocks: its segment " + quoteText(reachSegment) + " (in " + quoteText(canonical) + ")", reachRule);
    }
    return true;
  }

  /** A string or array of strings at `key`: each a path (base "") or a glob under `base`; how many, -1 on deny. */
  private checkList(request: RequestView, key: string, base: string, verdict: Verdict): i32 {
    const pos = request.inputPos(key, verdict);
    if (request.failed) return -1;
    if (pos < 0) return 0;
    const json = request.json;
    const bad = "tool_input." + key + " must be " + (base.length > 0 ? "a string or " : "") + "an array of strings";
    if (json.typeAt(pos) == JsonType.String && base.length > 0) {
      const g = json.readString(pos)!;
      return this.checkGlob(base, g, verdict) ? 1 : -1;
    }
    if (json.typeAt(pos) != JsonType.Array) {
      verdict.deny(Code.INVALID_CONTEXT, bad);
      return -1;
    }
    let n = 0;
    let e = json.firstElement(pos);
    while (e >= 0) {
      const item = json.readString(e);
      if (item == null) {
        verdict.deny(Code.INVALID_CONTEXT, bad + " (element " + n.toString() + " is not)");
        return -1;
      }
      const ok = base.length > 0 || hasGlobSyntax(item) ? this.checkGlob(base.length > 0 ? base : ".", item, verdict)
        : this.checkOne(item, false, verdict);
      if (!ok) return -1;
      n++;
      e = json.nextElement(e);
    }
    return n;
  }

  /** Codex apply_patch: every file the patch adds, updates, deletes or moves to, each judged as a write. */
  private checkPatch(request: RequestView, verdict: Verdict): i32 {
    let text: string | null = null;
    for (let k = 0; k < PATCH_KEYS.length; k++) {
      const t = request.inputString(PATCH_KEYS[k], verdict);
      if (request.failed) return -1;
      if (t == null) continue;
      if (text != null && text != t) {
        verdict.deny(Code.INVALID_CONTEXT, "tool_input carries two different patches");
        return -1;
      }
      text = t;
    }
    if (text == null) {
      verdict.deny(Code.INVALID_CONTEXT, "tool_input.input (the patch) is missing");
      return -1;
    }
    const files = patchFiles(text);
    if (files == null) {
      verdict.deny(Code.INVALID_CONTEXT, "the patch has a file header with no path, or a '***' line that is not a known header");
      return -1;
    }
    if (files.length == 0) {
      verdict.deny(Code.INVALID_CONTEXT, "the patch names no file (expected '*** Add File: ', '*** Update File: ', '*** Delete File: ' or '*** Move to: ' lines)");
      return -1;
    }
    for (let i = 0; i < files.length; i++) {
      if (!this.checkOne(files[i], false, verdict)) return -1;
    }
    return files.length;
  }
}

const globPathBuf = new ByteBuffer(256);

/** The glob path with each segment of only stars as a byte no entry spells (file-glob-reach.ts UNNAMED). */
function unnamedStars(glob: string): string {
  const segments = glob.split("/");
  for (let i = 0; i < segments.length; i++) if (isOnlyStars(segments[i])) segments[i] = UNNAMED;
  return segments.join("/");
}

function quoteText(s: string): string {
  return "'" + s + "'";
}

/** `pattern` under `base`, as the tool resolves it: absolute and `~` patterns stand alone. */
function joinGlob(base: string, pattern: string): string {
  if (pattern.startsWith("/") || pattern.startsWith("~")) return pattern;
  if (base == "." || base.length == 0) return pattern;
  return base.endsWith("/") ? base + pattern : base + "/" + pattern;
}
