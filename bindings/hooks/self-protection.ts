/**
 * @module
 * What a hook never lets the agent change without asking, whatever the policy: the agents' settings, hook and
 * MCP files and the shell's startup files (the self-protected list), the policy file the hook reads, and the
 * guard's own code. Judged by place, not by spelling: every project entry is anchored at each directory a
 * project may be rooted at — the event's working directory and each of its parents (an agent that `cd`s into
 * `src/` still writes `../.claude/settings.json`), the agent's workspace roots, the policy file's project — and
 * the core resolves every path a call writes (`../x`, `cd ..; echo > x`, `cp -r dir ..`) before comparing.
 * Commands that write files they do not name (`git apply`, `tar -x`, …) ask too.
 */

import { dirname, join, resolve } from "node:path";
import type { Decision } from "../core/decision.ts";
import { PassportProvider } from "../providers/index.ts";
import { SELF_PROTECTED_HOME, SELF_PROTECTED_PROJECT, UNNAMED_WRITERS } from "../rules/rule-set.ts";
import type { HookCall } from "./adapter.ts";

export interface ProtectedScope {
  /** The policy file the hook reads (an agent that rewrites it rewrites its own rules). */
  policy: string;
  /** Files and directories of the running guard (`<dir>/**` protects a directory). */
  guardCode: string[];
  home: string;
}

/** The one refusal that means "nothing here for this passport": a tool that neither runs commands nor writes files. */
const NOT_JUDGED = "oap.unknown_capability";
const reached = (d: Decision) => d.reasons[0]?.code === "oap.blocked_pattern" || d.reasons[0]?.code === "oap.path_blocked";

/** `/a/b/c` → `/a/b/c`, `/a/b`, `/a`, `/`. */
function selfAndParents(dir: string): string[] {
  const out: string[] = [];
  for (let d = resolve(dir); ; d = dirname(d)) {
    out.push(d);
    if (dirname(d) === d) return out;
  }
}

/** `<root>/.claude/settings.json` → `<root>`: the project a policy file belongs to. */
function projectOf(policy: string): string {
  const dir = dirname(resolve(policy));
  return /\/\.(claude|codex|gemini|cursor)(\/[^/]+)?$/.test(dir) ? dir.replace(/\/\.(claude|codex|gemini|cursor)(\/[^/]+)?$/, "") || "/" : dir;
}

/** The protected places of one call, as absolute or `~/` paths. */
export function protectedPlaces(call: HookCall, scope: ProtectedScope): string[] {
  const roots = new Set<string>([projectOf(scope.policy)]);
  for (const root of call.roots ?? []) for (const d of selfAndParents(root)) roots.add(d);
  if (call.cwd) for (const d of selfAndParents(call.cwd)) roots.add(d);
  const places = new Set<string>([resolve(scope.policy), ...scope.guardCode, ...SELF_PROTECTED_HOME]);
  for (const root of roots) for (const entry of SELF_PROTECTED_PROJECT) places.add(join(root, entry));
  return [...places];
}

function protectionPassport(places: string[]): Record<string, unknown> {
  const limits = {
    "system.command.execute": { allowed_commands: ["*"], blocked_patterns: [...places, ...UNNAMED_WRITERS], builtin_checks: false },
    "data.file.write": { allowed_paths: ["*"], blocked_paths: places, builtin_checks: false },
  };
  return { passport_id: "hook.self-protection", spec_version: "oap/1.0", status: "active", capabilities: Object.keys(limits).map((id) => ({ id })), limits };
}

/**
 * The ask this call gets because it writes (or, for a command, names) a protected place, or null. Reads by the
 * agent's read tools are not asked about; a command naming a protected file is (it may write it any way).
 */
export async function selfProtectionAsk(call: HookCall, scope: ProtectedScope): Promise<Decision | null> {
  const places = protectedPlaces(call, scope);
  const provider = new PassportProvider({ passport: protectionPassport(places), home: scope.home });
  const d = await provider.evaluate(call.request);
  // Any other refusal (a command too costly to analyse, an input it cannot read) could hide a protected place.
  if (d.allow || (d.reasons[0]?.code ?? "") === NOT_JUDGED) return null;
  return {
    decision: "ask",
    allow: false,
    reasons: [{ code: "oap.approval_required", message: `${reached(d) ? d.reasons[0]!.message : `${d.reasons[0]?.message ?? "the call"} (so it may reach a protected place)`}: the agent's own settings, policy, guard or shell startup files are changed only with approval` }],
    policy_id: "hook self-protection",
    metadata: { self_protection: true },
  };
}
