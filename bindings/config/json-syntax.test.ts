import { describe, expect, it } from "vitest";
import { jsonSyntax } from "./json-syntax.ts";
import { yamlSyntax } from "./yaml-syntax.ts";
import { ConfigError, parseDocumentText, parseText } from "./parse-config.ts";
import { loadSchemaValidators } from "./schema-validators.ts";

const problems = (source: string) => {
  const parsed = jsonSyntax.parse(source);
  return "problems" in parsed ? parsed.problems : [];
};

describe("jsonSyntax.parse", () => {
  it("agrees with JSON.parse on what is JSON", () => {
    const valid = [
      "{}", "[]", "0", "-0.5e+10", '"\\u00e9\\n\\/"', "null", " \n\t{\"a\" : [1, {\"b\": true}, null] }\r\n",
      '"\\ud800"', '{"__proto__": {"x": 1}}', '["\u2028"]', "[1E5, 2e-3, 0.0]",
    ];
    for (const text of valid) expect(jsonSyntax.parse(text), text).toEqual({ value: JSON.parse(text) });
    const invalid = [
      "", " ", "{,}", "[1,]", '{"a":1,}', "{'a': 1}", "{a: 1}", "// c\n{}", "01", "1.", ".5", "+1", "NaN", "Infinity",
      "tru", "truex", '"\t"', '"\\x41"', '"\\u12g4"', '"abc', "[1 2]", '{"a" 1}', "{} {}", "\u00a0{}", "0x10",
    ];
    for (const text of invalid) {
      expect(() => JSON.parse(text), `JSON.parse accepts ${JSON.stringify(text)}`).toThrow();
      expect(problems(text).length, `accepted ${JSON.stringify(text)}`).toBe(1);
    }
  });

  it("refuses duplicate keys, also when an escape spells the same key", () => {
    // JSON.parse would keep the last "status": a passport could read as suspended and act as active.
    const source = '{\n  "status": "suspended",\n  "st\\u0061tus": "active"\n}';
    expect(problems(source)).toEqual([{ line: 3, column: 3, message: 'duplicate key "status"' }]);
    expect(problems('{"a": {"b": 1, "b": 2}}')).toEqual([{ line: 1, column: 16, message: 'duplicate key "b"' }]);
    expect(problems('[{"a": 1}, {"a": 2}]')).toEqual([]); // the same key in sibling objects is fine
  });

  it("accepts a byte-order mark and reports positions as line:column", () => {
    expect(jsonSyntax.parse('\uFEFF{"a": 1}')).toEqual({ value: { a: 1 } });
    expect(problems('{\n  "a": 1\n  "b": 2\n}')).toEqual([{ line: 3, column: 3, message: "expected ',' or '}'" }]);
  });

  it("refuses absurd nesting with a problem, not a stack overflow", () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    expect(problems(deep)[0]!.message).toMatch(/nested deeper than/);
    expect(jsonSyntax.parse("[".repeat(200) + "]".repeat(200))).toHaveProperty("value");
  });

  it("parses a megabyte of config", () => {
    const big = JSON.stringify({ items: Array.from({ length: 20_000 }, (_, i) => ({ id: i, name: `tool_${i}`, on: i % 2 === 0 })) });
    expect(big.length).toBeGreaterThan(500_000);
    expect(jsonSyntax.parse(big)).toEqual({ value: JSON.parse(big) });
  });
});

describe("jsonSyntax locator", () => {
  const source = '{\n  "guardrails": {\n    "provider": {"use": "x", "config": {"tools": ["a", "b"]}}\n  }\n}';
  const locator = jsonSyntax.locator(source);

  it("finds members at their key and items at their start, like the YAML locator does for JSON", () => {
    const yaml = yamlSyntax.locator(source);
    for (const path of [[], ["guardrails"], ["guardrails", "provider", "use"], ["guardrails", "provider", "config", "tools", "1"], ["guardrails", "nope", "x"]]) {
      expect(locator.locate(path), path.join("/")).toEqual(yaml.locate(path));
    }
    expect(locator.locate(["guardrails", "provider"], "config")).toEqual({ line: 3, column: 30 });
    expect(yaml.locate(["guardrails", "provider"], "config")).toEqual({ line: 3, column: 30 });
  });

  it("gives values by path", () => {
    expect(locator.valueAt(["guardrails", "provider", "config", "tools"])).toEqual(["a", "b"]);
    expect(locator.valueAt(["guardrails", "provider", "use", "deeper"])).toBeUndefined();
  });
});

describe("parse-config with a syntax", () => {
  it("names the file and suggests portcullis/yaml when YAML text meets the JSON syntax", () => {
    const error = (() => {
      try {
        parseText("guardrails:\n  enabled: true\n", "guardrails.yaml");
      } catch (e) {
        return e as ConfigError;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.message).toMatch(/^guardrails\.yaml:1:1 \(root\): syntax error: .*yamlSyntax.*portcullis\/yaml/);
  });

  it("validates JSON and YAML the same way, errors located in each", async () => {
    await loadSchemaValidators();
    const json = '{"guardrails": {"enabled": "yes", "provider": {"use": "portcullis:AllowlistProvider"}}}';
    const yaml = "guardrails:\n  enabled: yes\n  provider:\n    use: portcullis:AllowlistProvider\n";
    expect(() => parseDocumentText(json, "c.json")).toThrow('c.json:1:17 /guardrails/enabled: expected a boolean, got "yes"');
    expect(() => parseDocumentText(yaml, "c.yaml", yamlSyntax)).toThrow(/^c\.yaml:2:3 \/guardrails\/enabled: expected a boolean, got "yes" \(YAML 1\.2/);
  });
});
