// The analysis side: the built core (dist/index.js, release wasm) judging each script as a bash tool call under
// a passport that allows the harmless probe and the builtins the generators use, and nothing else.
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

/** The probe the passport does not allow; the allowed probe with a blocked pattern, and the argument it blocks. */
export const FORBIDDEN = "evil";
export const BLOCKED_PROGRAM = "tool";
export const BLOCKED_ARG = "--force";

export const ALLOWED_COMMANDS = [
  "probe",
  BLOCKED_PROGRAM,
  // Builtins the generated scripts use. `source`/`.` are left out: allowing them allows running any file.
  "echo", "printf", "true", "false", "test", "[", ":", "eval", "read", "export", "local", "set", "shift", "alias",
  "unset", "declare", "typeset", "let", "shopt", "return", "exit", "command", "builtin", "exec", "readonly", "trap",
  "mapfile", "readarray", "getopts", "type", "hash", "unalias", "wait",
];

export const PASSPORT = {
  passport_id: "7c1e4a52-0b7e-4d0a-9a11-00000000d1ff",
  kind: "template",
  spec_version: "oap/1.0",
  owner_id: "org_differential",
  owner_type: "org",
  assurance_level: "L1",
  status: "active",
  capabilities: [{ id: "system.command.execute" }],
  limits: {
    "system.command.execute": { allowed_commands: ALLOWED_COMMANDS, blocked_patterns: [`${BLOCKED_PROGRAM} ${BLOCKED_ARG}`] },
  },
  regions: ["US"],
  created_at: "2026-01-01T00:00:00Z",
  updated_at: "2026-01-01T00:00:00Z",
  version: "1.0.0",
};

/** The bundle judged: this tree's build, or another build's dist/index.js named by PORTCULLIS_DIFF_DIST. */
const dist = process.env.PORTCULLIS_DIFF_DIST ?? fileURLToPath(new URL("../../dist/index.js", import.meta.url));

/** A judge(script) → decision ("allow" | "deny" | "ask") backed by the built bundle. */
export async function createJudge() {
  if (!existsSync(dist)) throw new Error(`${dist} is missing: run \`npm run build\` first`);
  const { PassportProvider } = await import(pathToFileURL(dist).href);
  const provider = await PassportProvider.create({ passport: PASSPORT, workspace_root: "/workspace" });
  return (script) => {
    const d = provider.evaluateSync({ tool_name: "bash", tool_input: { command: script } });
    return { decision: d.decision, code: d.reasons?.[0]?.code ?? "" };
  };
}

/**
 * What bash did that the passport forbids, or null: running `evil`, or `tool` with the blocked argument (unless
 * `blocked` is false: then only `evil` counts, to look past blocked-pattern findings for other classes).
 */
export function forbiddenRun(runs, { blocked = true } = {}) {
  for (const r of runs) {
    if (r.name === FORBIDDEN) return `ran ${FORBIDDEN} ${JSON.stringify(r.argv)}`;
    if (blocked && r.name === BLOCKED_PROGRAM && r.argv.includes(BLOCKED_ARG)) return `ran ${BLOCKED_PROGRAM} ${JSON.stringify(r.argv)}`;
  }
  return null;
}
