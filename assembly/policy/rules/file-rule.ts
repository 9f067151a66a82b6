// data.file.read / data.file.write: the limits block -> FileLimits, and the
// request's path (path | file_path | filePath) -> FileInput. Matching and
// canonicalisation live in ../file.ts and ../../util/path.ts.

import { ByteBuffer } from "../../util/bytes";
import { FileLimits, FileInput, checkFile } from "../file";
import { RequestView } from "../request";
import { Verdict, Code } from "../verdict";
import { CapabilityRule, RuleContext } from "./rule";
import { LimitsReader } from "./limits-reader";

export const FILE_KEYS: StaticArray<string> = [
  "allowed_paths", "blocked_paths", "blocked_patterns", "allowed_extensions", "max_file_size_mb", "builtin_checks",
  "approval_required",
];
const PATH_KEYS: StaticArray<string> = ["path", "file_path", "filePath"];

/** Listing and search tools default to the workspace root when no path is given. */
function defaultsToWorkspace(tool: string): bool {
  return tool == "ls" || tool == "glob" || tool == "grep" || tool == "LS" || tool == "Glob" || tool == "Grep";
}

export class FileRule extends CapabilityRule {
  limits: FileLimits = new FileLimits();
  private input: FileInput = new FileInput();
  private content: ByteBuffer = new ByteBuffer(64);

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
    // Every spelling of the path must agree: a tool may read any of them.
    let path: string | null = null;
    for (let i = 0; i < PATH_KEYS.length; i++) {
      const p = request.inputString(PATH_KEYS[i], verdict);
      if (request.failed) return false;
      if (p == null) continue;
      if (path != null && path != p) return verdict.deny(Code.INVALID_CONTEXT, "tool_input carries two different paths");
      path = p;
    }
    if (path == null) {
      if (!defaultsToWorkspace(request.toolNameString())) return verdict.deny(Code.INVALID_CONTEXT, "tool_input.path is missing");
      path = ".";
    }
    const input = this.input;
    input.path = path;
    input.workspaceRoot = context.workspaceRoot;
    input.home = context.home;
    input.writeBytes = NaN;
    if (this.write) {
      const has = request.inputBytes("content", this.content, verdict);
      if (has < 0) return false;
      if (has > 0) input.writeBytes = <f64>this.content.length;
    }
    return checkFile(this.limits, input, this.write, verdict);
  }
}
