// Replays every shared vector (test/vectors/*.jsonl with a `request` or
// `raw` line) through the public API and through the CLI (`portcullis eval`
// on the built bundle, release wasm), and checks both against the expected
// decision — and that the two paths agree byte for byte. A vector's `usage`
// (the counters rate limits and caps are judged by) reaches the API as a
// StaticUsageStore and the CLI as `--usage`; never through the request.
import { describe, expect, it, beforeAll } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expandSpellings } from "./vector-spellings.mjs";
import { loadGuard } from "../bindings/node.ts";
import { withDigest } from "../bindings/middleware/index.ts";
import type { Decision } from "../bindings/core/decision.ts";
import { validateDecision, validateRequest } from "../bindings/config/generated/validators.js";
import { StaticUsageStore } from "../bindings/usage/static-store.ts";
import { isUsageLimited } from "../bindings/usage/charges.ts";
import { judge } from "../bindings/middleware/index.ts";
import type { UsageSnapshot } from "../bindings/usage/types.ts";

interface Vector {
  name: string;
  policy: string;
  now?: string;
  request?: Record<string, unknown>;
  raw?: string;
  /** Accepted by the core although the request schema requires more (DeerFlow compatibility). */
  lenient?: boolean;
  /** Usage counters for this call (absent: none used yet). */
  usage?: Partial<UsageSnapshot>;
  expect: { decision: string; code?: string; message?: string; policy_id?: string; obligations?: unknown[] };
  file: string;
}

const dir = fileURLToPath(new URL("./vectors/", import.meta.url));
const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const DEFAULT_NOW = "2026-11-22T00:00:00Z";

function loadVectors(): Vector[] {
  const out: Vector[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".jsonl")).sort()) {
    const lines = readFileSync(dir + file, "utf8").split("\n").filter((l) => l.trim());
    const parsed = lines.flatMap((l) => expandSpellings(JSON.parse(l)));
    if (!parsed.every((v) => v && ("request" in v || "raw" in v) && v.policy)) continue;
    for (const v of parsed) out.push({ ...v, file });
  }
  return out;
}

const vectors = loadVectors();
const line = (v: Vector) => (v.raw !== undefined ? v.raw : JSON.stringify(v.request));
const groupKey = (v: Vector) => `${v.policy}\u0000${v.now ?? DEFAULT_NOW}\u0000${JSON.stringify(v.usage ?? null)}`;

function check(v: Vector, d: Decision) {
  const where = `${v.file}: ${v.name}`;
  expect(d.decision, where).toBe(v.expect.decision);
  expect(d.allow, where).toBe(v.expect.decision === "allow");
  if (v.expect.code) expect(d.reasons[0].code, where).toBe(v.expect.code);
  if (v.expect.message) expect(d.reasons[0].message, where).toBe(v.expect.message);
  if (v.expect.policy_id) expect(d.policy_id, where).toBe(v.expect.policy_id);
  if (v.expect.obligations) expect(d.metadata?.obligations, where).toEqual(v.expect.obligations);
  // Every decision names the rule that decided: a pointer into the policy or a built-in check.
  expect(d.rule, `${where}: rule`).toMatch(/^(builtin:[a-z_]+|\/[^\s]*)$/);
  // Every decision honours the published schema (schemas/decision.schema.json).
  expect(validateDecision(d), `${where}: ${JSON.stringify(validateDecision.errors)}`).toBe(true);
}

describe("shared vectors", () => {
  it("has vectors to replay", () => {
    expect(vectors.length).toBeGreaterThan(30);
  });

  it("uses requests that match the request schema (except the deliberately malformed ones)", () => {
    for (const v of vectors) {
      if (v.request && v.expect.code !== "oap.invalid_context" && !v.lenient) expect(validateRequest(v.request), `${v.file}: ${v.name}`).toBe(true);
    }
  });

  const cliResults = new Map<Vector, Decision>();
  beforeAll(() => {
    const groups = new Map<string, Vector[]>();
    for (const v of vectors) groups.set(groupKey(v), [...(groups.get(groupKey(v)) ?? []), v]);
    for (const group of groups.values()) {
      const { policy, now, usage } = group[0];
      const args = [cli, "eval", "--policy", dir + "policies/" + policy, "--now", now ?? DEFAULT_NOW];
      if (usage) args.push("--usage", JSON.stringify(usage));
      const run = spawnSync(process.execPath, args, {
        input: group.map(line).join("\n") + "\n",
        encoding: "utf8",
        maxBuffer: 64 << 20,
      });
      if (run.status !== 0) throw new Error(`portcullis eval failed for ${policy}: ${run.stderr}`);
      const outputs = run.stdout.split("\n").filter(Boolean);
      if (outputs.length !== group.length) throw new Error(`expected ${group.length} decisions for ${policy}, got ${outputs.length}`);
      group.forEach((v, i) => cliResults.set(v, JSON.parse(outputs[i])));
    }
  });

  for (const v of vectors) {
    it(`${v.file}: ${v.name}`, async () => {
      const usage = new StaticUsageStore(v.usage ?? {});
      const { guard } = await loadGuard(dir + "policies/" + v.policy, { clock: () => Date.parse(v.now ?? DEFAULT_NOW), usage });
      const provider = guard.provider as { evaluateJsonSync?: (json: string) => Decision };
      // A raw line goes to the provider as bytes, as the CLI sends it; the guard names its policy's digest on both paths.
      const api = v.raw !== undefined && provider.evaluateJsonSync
        ? withDigest(provider.evaluateJsonSync(v.raw), guard.options.policyDigest)
        : await guard.evaluate(v.request as never);
      check(v, api);
      // A usage-limited allow or ask carries exactly its one charge, bound to the store it was read from.
      if (isUsageLimited(api)) {
        expect(api.decision, v.name).not.toBe("deny");
        const { charges } = await judge((v.request ?? JSON.parse(v.raw!)) as never, { provider: guard.provider }, { usage: "release" });
        expect(charges.length, v.name).toBe(1);
        expect(charges[0].store).toBe(usage);
      }
      const viaCli = cliResults.get(v)!;
      check(v, viaCli);
      expect(JSON.stringify(viaCli)).toBe(JSON.stringify(api));
    });
  }
});
