// The passport schema and the core agree on every limits block: each key the
// schema documents loads in the core, and a key the schema does not know is
// refused by both (the schema for editors and `validate`, the core for
// anyone who hands it a passport directly).
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { Evaluator } from "../bindings/core/index.ts";
import { validatePassport } from "../bindings/config/generated/validators.js";

const wasm = readFileSync(new URL("../build/policy.wasm", import.meta.url));
const schema = JSON.parse(readFileSync(new URL("../schemas/passport.schema.json", import.meta.url), "utf8"));
const base = JSON.parse(readFileSync(new URL("./vectors/policies/core-passport.json", import.meta.url), "utf8"));
const evaluator = Evaluator.createSync(wasm);

type Schema = { $ref?: string; type?: string; enum?: unknown[]; const?: unknown; properties?: Record<string, Schema> };

/** A value the schema accepts for one limit key. */
function sample(key: string, prop: Schema): unknown {
  const ref = prop.$ref?.replace("#/$defs/", "");
  if (ref === "stringList") return key === "allowed_tool_prefixes" || key === "blocked_tools" ? ["read"] : ["*"];
  if (ref === "recipients") return ["*"];
  if (ref === "currencyLimits") return { USD: { max_per_tx: 100, daily_cap: 1000 } };
  if (ref === "count") return 10;
  if (ref === "approvalRequired") return true;
  if (ref === "enforcement") return "shadow";
  if (prop.const !== undefined) return prop.const;
  if (prop.enum) return prop.enum[0];
  if (prop.type === "number") return 30;
  if (prop.type === "boolean") return key === "builtin_checks" || key === "require_listed_builtins";
  throw new Error(`no sample for ${key}`);
}

function load(limits: Record<string, unknown>): string | null {
  try {
    evaluator.load(JSON.stringify({ type: "passport", passport: { ...base, limits } })).free();
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

const blocks = Object.entries(schema.properties.limits.properties as Record<string, Schema>).filter(([, s]) => s.$ref?.endsWith("Limits"));

describe("every limits block in the schema", () => {
  it("covers the enforced capabilities under their ids and pack ids", () => {
    const keys = blocks.map(([k]) => k);
    for (const k of ["mcp.tool.execute", "messaging.send", "messaging.message.send", "finance.payment.refund", "payments.charge", "finance.payment.charge.v1", "data.export", "web.fetch.v1"]) {
      expect(keys).toContain(k);
    }
  });

  for (const [capability, ref] of blocks) {
    const def = schema.$defs[ref.$ref!.replace("#/$defs/", "")] as Schema;
    it(`${capability}: every documented key loads in the core`, () => {
      const block = Object.fromEntries(Object.entries(def.properties!).map(([k, p]) => [k, sample(k, p)]));
      const passport = { ...base, limits: { [capability]: block } };
      expect(validatePassport(passport), JSON.stringify(validatePassport.errors)).toBe(true);
      expect(load({ [capability]: block })).toBeNull();
    });
    it(`${capability}: an undocumented key is refused by both`, () => {
      const limits = { [capability]: { not_a_limit: 1 } };
      expect(validatePassport({ ...base, limits })).toBe(false);
      expect(load(limits)).toMatch(/unknown key 'not_a_limit'/);
    });
  }

  it("the flat messaging keys load too", () => {
    const limits = { msgs_per_min: 2, msgs_per_day: 20, allowed_recipients: ["a"], approval_required: true };
    expect(validatePassport({ ...base, limits })).toBe(true);
    expect(load(limits)).toBeNull();
  });
});
