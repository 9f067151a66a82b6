// The schema validators load on demand: before they are loaded, synchronous parsing refuses (it never passes a
// document unvalidated); loadGuardFromText loads them itself.
import { describe, expect, it, vi } from "vitest";

const invalid = '{"guardrails": {"enabled": "yes", "provider": {"use": "portcullis:AllowlistProvider"}}}';

async function fresh() {
  vi.resetModules(); // a new process: nothing loaded yet
  return {
    parse: await import("./parse-config.ts"),
    schemas: await import("./schema-validators.ts"),
    text: await import("./guard-from-text.ts"),
  };
}

describe("schema validators on demand", () => {
  it("synchronous parsing refuses until they are loaded, then validates", async () => {
    const { parse, schemas } = await fresh();
    expect(schemas.loadedSchemaValidators()).toBeNull();
    expect(() => parse.parseDocumentText('{"guardrails": {}}', "c.json")).toThrow(/c\.json:1:1 \(root\): the schema validators are not loaded yet: `await loadSchemaValidators\(\)` first/);
    expect(() => parse.parsePassportText('{"spec_version": "oap/1.0"}', "p.json")).toThrow(parse.ConfigError);
    await schemas.loadSchemaValidators();
    expect(() => parse.parseDocumentText(invalid, "c.json")).toThrow('c.json:1:17 /guardrails/enabled: expected a boolean, got "yes"');
  });

  it("loadGuardFromText loads them and validates", async () => {
    const { text, schemas } = await fresh();
    await expect(text.loadGuardFromText(invalid, { file: "c.json" })).rejects.toThrow('c.json:1:17 /guardrails/enabled: expected a boolean, got "yes"');
    expect(schemas.loadedSchemaValidators()).not.toBeNull();
  });

  it("provided validators are used as they are", async () => {
    const { parse, schemas } = await fresh();
    const real = await import("./schema/index.ts");
    const refuseAll = Object.assign(() => false, { errors: [{ keyword: "type", instancePath: "", schemaPath: "#/type", params: { type: "object" }, data: 1 }] });
    schemas.provideSchemaValidators({ ...real, validateConfig: refuseAll });
    expect(() => parse.parseDocumentText('{"guardrails": {}}', "c.json")).toThrow(/c\.json:1:1 \(root\): expected an object/);
  });
});
