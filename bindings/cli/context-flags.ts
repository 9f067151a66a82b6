/**
 * @module
 * `--workspace-root`, `--cwd` and `--home` for `eval` and `check`: where the
 * judged agent runs, given once on the command line instead of in every
 * request's `context`. The flags win: they become the policy's
 * workspace_root/home, and a request whose context names a different one is
 * denied rather than trusted, so a request line cannot move the base of its
 * own relative paths (or `~`) somewhere the operator did not say.
 */

import { resolve } from "node:path";
import type { Decision } from "../core/decision.ts";
import { UsageError } from "./usage-error.ts";

export interface ContextFlags {
  workspace_root?: string;
  home?: string;
}

export const CONTEXT_OPTIONS = {
  "workspace-root": { type: "string" },
  cwd: { type: "string" },
  home: { type: "string" },
} as const;

/** The flags as absolute paths (relative ones against the shell's directory, as any CLI path). */
export function contextFlags(verb: string, values: { "workspace-root"?: string; cwd?: string; home?: string }): ContextFlags {
  const dir = (flag: string, value: string | undefined): string | undefined => {
    if (value === undefined) return undefined;
    if (value === "" || value.includes("\u0000")) throw new UsageError(`--${flag} needs a directory`, verb);
    return resolve(value);
  };
  const root = dir("workspace-root", values["workspace-root"]);
  const cwd = dir("cwd", values.cwd);
  // The core resolves relative paths, and runs commands that name no tool_input.cwd, in one directory.
  if (root !== undefined && cwd !== undefined && root !== cwd) {
    throw new UsageError(`--cwd '${cwd}' and --workspace-root '${root}' differ: the core resolves against one directory, give one of them`, verb);
  }
  const flags: ContextFlags = {};
  const base = root ?? cwd;
  if (base !== undefined) flags.workspace_root = base;
  const home = dir("home", values.home);
  if (home !== undefined) flags.home = home;
  return flags;
}

export const hasFlags = (flags: ContextFlags) => flags.workspace_root !== undefined || flags.home !== undefined;

/**
 * A deny when `request` (parsed) has a context naming another workspace_root or home than the flags; null when
 * it agrees or leaves them out (null counts as left out, as in the core).
 */
export function contextConflict(request: unknown, flags: ContextFlags): Decision | null {
  if (request === null || typeof request !== "object" || Array.isArray(request)) return null;
  const context = (request as { context?: unknown }).context;
  if (context === undefined || context === null || typeof context !== "object" || Array.isArray(context)) return null;
  for (const [key, flag] of [["workspace_root", "--workspace-root/--cwd"], ["home", "--home"]] as const) {
    const wanted = flags[key];
    const given = (context as Record<string, unknown>)[key];
    if (wanted === undefined || given === undefined || given === null || given === wanted) continue;
    return {
      decision: "deny",
      allow: false,
      reasons: [{ code: "oap.invalid_context", message: `request.context.${key} ${JSON.stringify(given)} differs from ${flag} '${wanted}', which a request cannot override` }],
    };
  }
  return null;
}
