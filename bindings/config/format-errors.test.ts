import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { formatSchemaErrors, formatSchemaIssue, type SchemaErrorLike, type SchemaIssue } from "./format-errors.ts";
import { jsonSyntax } from "./json-syntax.ts";
import { locatePointer, yamlSyntax } from "./yaml-syntax.ts";
import {
  validateConfig,
  validateDecision,
  validatePassport,
  validateRequest,
  type Validator,
} from "./generated/validators.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const fixtures = join(root, "test/fixtures/config");
const read = (path: string) => readFileSync(path, "utf8");
const syntaxFor = (file: string) => (/\.json$/i.test(file) ? jsonSyntax : yamlSyntax);
/** Formats with the syntax a loader would use for `file`. */
const format = (errors: readonly SchemaErrorLike[] | null | undefined, source: string, file: string) =>
  formatSchemaErrors(errors, source, file, syntaxFor(file));

/** Parses `source` (JSON or YAML), validates it and returns the formatted issues. */
function check(validate: Validator, source: string, file: string): SchemaIssue[] {
  const json = file.endsWith(".json");
  const data = json ? JSON.parse(source) : parse(source);
  const ok = validate(data);
  const issues = format(validate.errors, source, file);
  expect(ok).toBe(issues.length === 0);
  return issues;
}
const lines = (issues: SchemaIssue[]) => issues.map(formatSchemaIssue);
const fixture = (validate: Validator, name: string) => check(validate, read(join(fixtures, name)), name);

describe("examples", () => {
  it("examples/passport.json is a valid passport", () => {
    expect(check(validatePassport, read(join(root, "examples/passport.json")), "passport.json")).toEqual([]);
  });

  it("examples/guardrails.yaml is a valid config, also with its passport inlined", () => {
    const source = read(join(root, "examples/guardrails.yaml"));
    expect(check(validateConfig, source, "guardrails.yaml")).toEqual([]);
    const config = parse(source);
    expect(config.guardrails.passport).toBe("./passport.json");
    expect(config.guardrails.provider.use).toBe("portcullis:PassportProvider");
    config.guardrails.passport = JSON.parse(read(join(root, "examples/passport.json")));
    expect(validateConfig(config)).toBe(true);
  });
});

describe("good samples", () => {
  it.each(["good-allowlist.yaml", "good-composite.yaml", "good-inline-passport.json"])("%s validates", (name) => {
    expect(fixture(validateConfig, name)).toEqual([]);
  });

  it("returns no issues when there are no errors", () => {
    expect(format(null, "", "x.yaml")).toEqual([]);
    expect(format(undefined, "", "x.json")).toEqual([]);
    expect(format([], "a: 1", "x.yaml")).toEqual([]);
  });
});

describe("config errors (YAML)", () => {
  it("names file, line:column, path and the accepted provider names, with a suggestion", () => {
    const issues = fixture(validateConfig, "bad-provider-use.yaml");
    expect(issues).toEqual([
      {
        file: "bad-provider-use.yaml",
        line: 7,
        column: 5,
        path: "/guardrails/provider/use",
        message:
          'expected one of portcullis:PassportProvider, portcullis:AllowlistProvider, portcullis:CompositeProvider, deerflow.guardrails.builtin:AllowlistProvider, deerflow.guardrails:AllowlistProvider, src.guardrails.builtin:AllowlistProvider, aport_guardrails.providers.generic:OAPGuardrailProvider, aport_guardrails.providers:OAPGuardrailProvider or a custom provider like "./my-provider.js:MyProvider", got "portcullis:Passport" (did you mean "portcullis:PassportProvider"?)',
      },
    ]);
    expect(formatSchemaIssue(issues[0]!)).toMatch(/^bad-provider-use\.yaml:7:5 \/guardrails\/provider\/use: expected one of portcullis:PassportProvider, /);
  });

  it("reports wrong types, YAML pitfalls, unknown and missing keys, empty lists", () => {
    expect(lines(fixture(validateConfig, "bad-types.yaml"))).toEqual([
      'bad-types.yaml:2:3 /guardrails/enabled: expected a boolean, got "yes" (YAML 1.2 booleans are true and false)',
      "bad-types.yaml:3:3 /guardrails/fail_closed: expected a boolean, got null (an empty value in YAML is null)",
      'bad-types.yaml:4:3 /guardrails/passport: expected a passport file like "./passport.json" or an object (OAP 1.0 agent passport), got 42',
      'bad-types.yaml:8:7 /guardrails/provider/config: unknown key "allowed_tool" (did you mean "allowed_tools"?)',
      'bad-types.yaml:9:7 /guardrails/provider/config/denied_tools: expected an array, got "bash"',
      'bad-types.yaml:10:3 /guardrails/audit: missing required property "path"',
      "bad-types.yaml:13:3 /safety_finish_reason/detectors: expected at least 1 item, got none",
    ]);
  });

  it("checks built-in provider configs inside a CompositeProvider; custom provider paths must look like ./file.js:Export", () => {
    expect(lines(fixture(validateConfig, "bad-composite.yaml"))).toEqual([
      'bad-composite.yaml:12:15 /guardrails/provider/config/providers/1/config/tool_map/run_tests: expected a capability id like "system.command.execute", got "System.Command.Execute"',
      'bad-composite.yaml:13:13 /guardrails/provider/config/providers/1/config: unknown key "workspace" (did you mean "workspace_root"?)',
      'bad-composite.yaml:14:11 /guardrails/provider/config/providers/2/use: expected one of portcullis:PassportProvider, portcullis:AllowlistProvider, portcullis:CompositeProvider, deerflow.guardrails.builtin:AllowlistProvider, deerflow.guardrails:AllowlistProvider, src.guardrails.builtin:AllowlistProvider, aport_guardrails.providers.generic:OAPGuardrailProvider, aport_guardrails.providers:OAPGuardrailProvider or a custom provider like "./my-provider.js:MyProvider", got "my-provider:MyProvider"',
    ]);
  });

  it("an inline passport is reported against the passport schema, not as 'expected a string'", () => {
    expect(lines(fixture(validateConfig, "bad-inline-passport.yaml"))).toEqual([
      'bad-inline-passport.yaml:2:3 /guardrails/passport: missing required property "version"',
      'bad-inline-passport.yaml:14:9 /guardrails/passport/limits/data.file.read: unknown key "allowed_path" (did you mean "allowed_paths"?)',
    ]);
  });

  it("unknown top-level sections get a suggestion; a missing guardrails section is reported at the root", () => {
    expect(lines(fixture(validateConfig, "bad-toplevel.yaml"))).toEqual([
      'bad-toplevel.yaml:1:1 (root): missing required property "guardrails"',
      'bad-toplevel.yaml:1:1 (root): unknown key "guardrail" (did you mean "guardrails"?)',
      'bad-toplevel.yaml:3:1 (root): unknown key "safety_finish_reasons" (did you mean "safety_finish_reason"?)',
    ]);
  });

  it("points into YAML anchors and aliases", () => {
    const source = ["defaults: &d", "  allowed_tools: [bash]", "  denied_tool: [task]", "guardrails:", "  provider:", "    use: portcullis:AllowlistProvider", "    config: *d", ""].join("\n");
    const data = parse(source);
    delete data.defaults;
    expect(validateConfig(data)).toBe(false);
    expect(lines(format(validateConfig.errors, source, "aliases.yaml"))).toEqual([
      'aliases.yaml:3:3 /guardrails/provider/config: unknown key "denied_tool" (did you mean "denied_tools"?)',
    ]);
  });
});

describe("config errors (JSON)", () => {
  it("CompositeProvider needs config.providers; an empty passport path is rejected", () => {
    expect(lines(fixture(validateConfig, "bad-composite-missing.json"))).toEqual([
      'bad-composite-missing.json:3:5 /guardrails/provider: missing required property "config"',
      'bad-composite-missing.json:4:5 /guardrails/passport: expected a non-empty string or an object (OAP 1.0 agent passport), got ""',
    ]);
  });
});

describe("passport errors", () => {
  it("a misspelled key in an enforced limits block is an error with a suggestion", () => {
    expect(fixture(validatePassport, "bad-passport-typo.json")).toEqual([
      {
        file: "bad-passport-typo.json",
        line: 12,
        column: 7,
        path: "/limits/system.command.execute",
        message: 'unknown key "alowed_commands" (did you mean "allowed_commands"?)',
      },
    ]);
  });

  it("reports every bad value of a tab-indented JSON passport, in source order", () => {
    expect(lines(fixture(validatePassport, "bad-passport-values.json"))).toEqual([
      'bad-passport-values.json:3:2 /kind: expected one of template, instance, got "agent"',
      'bad-passport-values.json:4:2 /spec_version: expected "oap/1.0", got "oap/2.0"',
      'bad-passport-values.json:6:2 /owner_type: expected one of org, user, got "organization" (did you mean "org"?)',
      'bad-passport-values.json:8:2 /status: expected one of draft, active, suspended, revoked, got "enabled"',
      'bad-passport-values.json:10:5 /capabilities/0/id: expected a capability id like "system.command.execute", got "System.Command"',
      'bad-passport-values.json:11:24 /capabilities/1: unknown key "param" (did you mean "params"?)',
      'bad-passport-values.json:14:18 /limits/web.fetch/allowed_domains: expected an array, got "github.com"',
      'bad-passport-values.json:14:51 /limits/web.fetch/allow_private_destinations: expected a boolean, got "no"',
      "bad-passport-values.json:15:23 /limits/data.file.read/max_file_size_mb: expected a number >= 0, got -1",
      "bad-passport-values.json:16:31 /limits/system.command.execute/max_execution_time: expected a number > 0, got 0",
      'bad-passport-values.json:17:3 /limits: invalid key "Payments": expected a capability id like "system.command.execute"',
      "bad-passport-values.json:18:3 /limits/messaging.send: expected an object, got 10",
      'bad-passport-values.json:20:14 /regions/0: expected a region like "US", got "usa"',
      'bad-passport-values.json:21:2 /created_at: expected an RFC 3339 date-time with time zone, like "2030-01-01T00:00:00Z", got "2026-01-01"',
      'bad-passport-values.json:23:2 /expires_at: expected an RFC 3339 date-time with time zone, like "2030-01-01T00:00:00Z", got "tomorrow"',
      'bad-passport-values.json:24:2 /version: expected a document version like "1.0.0", got "v1"',
      'bad-passport-values.json:25:2 (root): unknown key "colour" (allowed keys: $schema, passport_id, agent_id, kind, template_id, parent_agent_id, spec_version, name, description, owner_id, owner_type, assurance_level, status, did, capabilities, limits, regions, created_at, updated_at, expires_at, never_expires, enforcement, version, metadata, tests)',
    ]);
  });

  it("merges the missing required properties of one object into one issue", () => {
    const source = '{\n  "passport_id": "p",\n  "status": "active"\n}\n';
    expect(lines(check(validatePassport, source, "p.json"))).toEqual([
      'p.json:1:1 (root): missing required properties "kind", "spec_version", "owner_id", "owner_type", "assurance_level", "capabilities", "limits", "regions", "created_at", "updated_at", "version"',
    ]);
  });

  const base = () => JSON.parse(read(join(fixtures, "bad-passport-typo.json"))) as Record<string, any>;
  const valid = () => {
    const p = base();
    p.limits["system.command.execute"] = { allowed_commands: ["git"], max_execution_time: 30 };
    return p;
  };

  it("fixes the OAP schema's open defects: did, expires_at, never_expires, agent_id, template_id, name, description", () => {
    const p = {
      ...valid(),
      passport_id: "ap_test_surgical",
      agent_id: "ap_test_surgical",
      template_id: "tpl_1",
      parent_agent_id: "ap_parent",
      did: "did:web:aport.io:api:agents:ap_test_surgical",
      expires_at: "2030-01-01T00:00:00Z",
      never_expires: false,
      name: "n",
      description: "d",
      metadata: { any: ["thing"] },
    };
    expect(validatePassport(p)).toBe(true);
    expect(validatePassport({ ...p, passport_id: "" })).toBe(false);
    expect(validatePassport({ ...p, did: "web:aport.io" })).toBe(false);
    expect(validatePassport({ ...p, expires_at: "2030-01-01" })).toBe(false);
    expect(validatePassport({ ...p, never_expires: "true" })).toBe(false);
  });

  it("accepts every documented key (and approval_required) in each enforced block, rejects unknown ones", () => {
    const blocks: Record<string, Record<string, unknown>> = {
      "system.command.execute": {
        allowed_commands: ["git"],
        blocked_patterns: ["sudo"],
        max_execution_time: 1.5,
        allowed_working_directories: ["/w"],
        blocked_env_vars: ["LD_PRELOAD"],
        builtin_checks: false,
      },
      "data.file.read": {
        allowed_paths: ["/w"],
        blocked_paths: ["/w/.git"],
        blocked_patterns: [".env"],
        allowed_extensions: [".md"],
        max_file_size_mb: 0,
        builtin_checks: true,
      },
      "web.fetch": {
        allowed_domains: ["github.com"],
        blocked_domains: ["evil.example"],
        allowed_methods: ["GET"],
        allow_private_destinations: false,
      },
    };
    blocks["data.file.write"] = blocks["data.file.read"]!;
    blocks["web.browser"] = blocks["web.fetch"]!;
    for (const [cap, block] of Object.entries(blocks)) {
      const p = valid();
      p.limits = { [cap]: { ...block, approval_required: true } };
      expect(validatePassport(p), cap).toBe(true);
      p.limits = { [cap]: { ...block, approval_requried: true } };
      expect(validatePassport(p), cap).toBe(false);
      expect(validatePassport.errors?.[0]).toMatchObject({ keyword: "additionalProperties", instancePath: `/limits/${cap}` });
    }
  });

  it("loads limits of capabilities portcullis does not enforce, keyed by capability or pack id, and APort's flat keys", () => {
    const p = valid();
    p.limits["finance.payment.refund"] = { currency_limits: { USD: { max_per_tx: 5000 } } };
    p.limits["code.repository.merge.v1"] = { allowed_repos: ["acme/*"] };
    p.limits["msgs_per_min"] = 5; // the APort wizard writes messaging limits flat
    expect(validatePassport(p)).toBe(true);
    p.limits["Not A Key"] = {};
    expect(validatePassport(p)).toBe(false);
  });
});

describe("request and decision", () => {
  it("request: DeerFlow's shape, extra fields and null ids allowed", () => {
    const req = {
      tool_name: "bash",
      tool_input: { command: "ls" },
      agent_id: "./passport.json",
      thread_id: null,
      run_id: "r1",
      tool_call_id: null,
      is_subagent: false,
      user_id: null,
      user_role: "admin",
      oauth_provider: "github",
      authz_attributes: {},
      timestamp: "",
      context: { workspace_root: "/w", home: "/h", usage: { calls_per_min: 3 }, other: 1 },
    };
    expect(validateRequest(req)).toBe(true);
    const source = '{"tool_name": "bash", "tool_input": "ls", "is_subagent": "yes", "thread_id": 7}';
    expect(lines(check(validateRequest, source, "req.json"))).toEqual([
      'req.json:1:23 /tool_input: expected an object, got "ls"',
      'req.json:1:43 /is_subagent: expected a boolean, got "yes"',
      "req.json:1:65 /thread_id: expected a string or null, got 7",
    ]);
    expect(validateRequest({ tool_input: {} })).toBe(false);
  });

  it("decision: allow is true exactly when decision is allow; at least one reason with an oap.* code", () => {
    const ok = (d: unknown) => validateDecision(d);
    expect(ok({ decision: "allow", allow: true, reasons: [{ code: "oap.allowed", message: "ok" }] })).toBe(true);
    expect(ok({ decision: "ask", allow: false, reasons: [{ code: "oap.approval_required" }], policy_id: "p", metadata: {} })).toBe(true);
    expect(ok({ decision: "deny", allow: false, reasons: [{ code: "oap.blocked_pattern", message: "no" }], decision_id: "x" })).toBe(true);
    expect(ok({ decision: "allow", allow: false, reasons: [{ code: "oap.allowed" }] })).toBe(false);
    expect(ok({ decision: "ask", allow: true, reasons: [{ code: "oap.approval_required" }] })).toBe(false);
    expect(ok({ decision: "deny", allow: false, reasons: [] })).toBe(false);
    expect(ok({ decision: "deny", allow: false, reasons: [{ code: "OAP.Denied" }] })).toBe(false);
    expect(ok({ decision: "maybe", allow: false, reasons: [{ code: "oap.denied" }] })).toBe(false);

    const source = ["decision: deny", "allow: true", "reasons: []", ""].join("\n");
    expect(lines(check(validateDecision, source, "decision.yaml"))).toEqual([
      "decision.yaml:2:1 /allow: expected false, got true (Must be false when decision is deny or ask)",
      "decision.yaml:3:1 /reasons: expected at least 1 item, got none",
    ]);
  });
});

describe("robustness", () => {
  it("works without verbose errors (no data/parentSchema): the value is looked up in the source", () => {
    const source = "guardrails:\n  enabled: maybe\n";
    expect(validateConfig(parse(source))).toBe(false);
    const stripped: SchemaErrorLike[] = validateConfig.errors!.map(({ data: _d, parentSchema: _p, schema: _s, ...rest }) => rest);
    expect(lines(format(stripped, source, "c.yaml"))).toEqual([
      'c.yaml:2:3 /guardrails/enabled: expected a boolean, got "maybe"',
    ]);
  });

  it("never throws on source it cannot parse; falls back to the nearest position", () => {
    const err: SchemaErrorLike = { keyword: "type", instancePath: "/a/b", schemaPath: "#/type", params: { type: "string" }, data: 1 };
    expect(() => format([err], "{ unterminated: [", "broken.yaml")).not.toThrow();
    expect(format([err], "", "empty.json")).toEqual([
      { file: "empty.json", line: 1, column: 1, path: "/a/b", message: "expected a string, got 1" },
    ]);
  });

  it("escaped JSON pointers and duplicate keys (the last one wins, as in JSON.parse)", () => {
    const source = '{\n  "a/b": {"x": 1},\n  "a/b": {"x": "s"}\n}';
    const err: SchemaErrorLike = { keyword: "type", instancePath: "/a~1b/x", schemaPath: "#/type", params: { type: "number" }, data: "s" };
    expect(lines(format([err], source, "dup.json"))).toEqual(['dup.json:3:11 /a~1b/x: expected a number, got "s"']);
  });

  it("locatePointer finds a pointer in YAML and JSON, or its deepest existing ancestor", () => {
    const yaml = "guardrails:\n  provider:\n    use: x\n";
    expect(locatePointer(yaml, "/guardrails/provider/use")).toEqual({ line: 3, column: 5 });
    expect(locatePointer(yaml, "/guardrails/provider/config/x")).toEqual({ line: 2, column: 3 });
    expect(locatePointer('{"a": [1, {"b": 2}]}', "/a/1/b")).toEqual({ line: 1, column: 12 });
    expect(locatePointer("", "/a")).toEqual({ line: 1, column: 1 });
  });

  it("YAML hints only for YAML text", () => {
    const err: SchemaErrorLike = { keyword: "type", instancePath: "/a", schemaPath: "#/type", params: { type: "boolean" }, data: "yes" };
    expect(format([err], "a: yes", "x.yml")[0]!.message).toContain("YAML 1.2");
    expect(format([err], '{"a": "yes"}', "x.json")[0]!.message).toBe('expected a boolean, got "yes"');
  });
});

describe("schemas and generated validators", () => {
  const schemaFiles = ["passport", "guardrails-config", "request", "decision"].map((n) => `${n}.schema.json`);

  it("each schema is draft 2020-12 with $id https://portcullis.dev/schemas/<file>, and every property has a title and a description", () => {
    for (const file of schemaFiles) {
      const schema = JSON.parse(read(join(root, "schemas", file)));
      expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
      expect(schema.$id).toBe(`https://portcullis.dev/schemas/${file}`);
      const missing: string[] = [];
      const resolveRef = (s: any) => (typeof s?.$ref === "string" && s.$ref.startsWith("#/") ? s.$ref.slice(2).split("/").reduce((o: any, k: string) => o?.[k], schema) : undefined);
      const walk = (node: any, at: string) => {
        if (!node || typeof node !== "object") return;
        for (const [k, v] of Object.entries(node)) {
          if (k === "if" || k === "then" || k === "else") continue; // discriminators, not documentation
          if (k === "properties" && v && typeof v === "object") {
            for (const [name, prop] of Object.entries(v as Record<string, any>)) {
              const target = { ...resolveRef(prop), ...prop };
              if (typeof target.title !== "string" || typeof target.description !== "string") missing.push(`${at}/properties/${name}`);
            }
          }
          walk(v, `${at}/${k}`);
        }
      };
      walk(schema, file);
      expect(missing).toEqual([]);
    }
  });

  it("the generated module is self-contained ESM: no require(), no new Function, no eval", () => {
    const code = read(join(root, "bindings/config/generated/validators.js"));
    expect(/\brequire\s*\(/.test(code)).toBe(false);
    expect(/new Function|\beval\s*\(/.test(code)).toBe(false);
    expect(/^import \* as \w+ from "[^"]+\.js";$/m.test(code)).toBe(true);
    for (const name of ["validatePassport", "validateConfig", "validateRequest", "validateDecision"]) {
      expect(code).toContain(`export const ${name} =`);
    }
  });
});
