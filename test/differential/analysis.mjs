// The analysis side: the built core (dist/index.js, release wasm) judging each script as a bash tool call under
// a passport that allows the harmless probe and the builtins the generators use, and nothing else.
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

/** The probe the passport does not allow, and the argv its blocked pattern forbids. */
export const FORBIDDEN = "evil";
export const BLOCKED_ARG = "--force";

export const ALLOWED_COMMANDS = [
  "probe",
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
    "system.command.execute": { allowed_commands: ALLOWED_COMMANDS, blocked_patterns: [`probe ${BLOCKED_ARG}`] },
  },
  regions: ["US"],
  created_at: "2026-01-01T00:00:00Z",
  updated_at: "2026-01-01T00:00:00Z",
  version: "1.0.0",
};

const dist = fileURLToPath(new URL("../../dist/index.js", import.meta.url));

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

/** What bash did that the passport forbids, or null: running `evil`, or `probe` with the blocked argument. */
export function forbiddenRun(runs) {
  for (const r of runs) {
    if (r.name === FORBIDDEN) return `ran ${FORBIDDEN} ${JSON.stringify(r.argv)}`;
    if (r.name === "probe" && r.argv.includes(BLOCKED_ARG)) return `ran probe ${JSON.stringify(r.argv)}`;
  }
  return null;
}
