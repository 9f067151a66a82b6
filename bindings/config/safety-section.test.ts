import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadGuard } from "../node.ts";
import { ConfigError } from "./parse-config.ts";
import { buildSafetyCore, lazySafetyCore } from "./safety-section.ts";
import { locatePointer } from "./yaml-syntax.ts";
import { applySafetyStop, guardStream, safeParseSafetyConfig, SafetyCheckError, type SafetyCore } from "../safety/index.ts";
import { testCore } from "../safety/_test-core.ts";

const dir = mkdtempSync(join(tmpdir(), "portcullis-safety-config-"));
const GUARDRAILS = "guardrails:\n  provider:\n    use: portcullis:AllowlistProvider\n    config: {allowed_tools: [write_file]}\n";
let n = 0;
function config(text: string, name = `c${n++}.yaml`): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}
const turn = (meta: object) => ({ type: "ai", id: "m1", content: "Here is the report:", tool_calls: [{ id: "c1", name: "write_file", args: { path: "a.md", content: "half" } }], response_metadata: meta });

async function issues(text: string) {
  try {
    await loadGuard(config(GUARDRAILS + text));
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).issues.map(({ line, column, path, message }) => ({ line, column, path, message }));
  }
  throw new Error("expected a ConfigError");
}

describe("loadGuard: safety_finish_reason end to end", () => {
  it("the seed's GLM config: file → loadGuard → a 'sensitive' stop is rewritten, the list replaces the defaults", async () => {
    const { guard, safety } = await loadGuard(config(`${GUARDRAILS}safety_finish_reason:
  enabled: true
  detectors:
    - use: deerflow.agents.middlewares.safety_termination_detectors:OpenAICompatibleContentFilterDetector
      config:
        finish_reasons: ["content_filter", "sensitive"]
    - use: deerflow.agents.middlewares.safety_termination_detectors:AnthropicRefusalDetector
    - use: deerflow.agents.middlewares.safety_termination_detectors:GeminiSafetyDetector
`));
    const r = applySafetyStop(turn({ finish_reason: "sensitive" }), { core: safety });
    expect(r.terminated).toBe(true);
    expect(r.message).toMatchObject({ tool_calls: [], additional_kwargs: { safety_termination: { detector: "openai_compatible_content_filter", reason_value: "sensitive" } } });
    expect(applySafetyStop(turn({ stop_reason: "refusal" }), { core: safety }).terminated).toBe(true);
    // Bedrock is a default but not in this list.
    expect(applySafetyStop(turn({ stopReason: "guardrail_intervened" }), { core: safety }).terminated).toBe(false);
    // The guard itself is unaffected.
    expect((await guard.evaluate({ tool_name: "write_file", tool_input: {} })).decision).toBe("allow");
  });

  it("no section: enabled with the built-in detectors", async () => {
    const { safety } = await loadGuard(config(GUARDRAILS));
    expect(safety.enabled).toBe(true);
    for (const meta of [{ finish_reason: "content_filter" }, { stop_reason: "refusal" }, { finish_reason: "SAFETY" }, { stopReason: "guardrail_intervened" }]) {
      expect(applySafetyStop(turn(meta), { core: safety }).terminated).toBe(true);
    }
    expect(applySafetyStop(turn({ finish_reason: "sensitive" }), { core: safety }).terminated).toBe(false);
  });

  it("a bare passport file gets the defaults too", async () => {
    const passport = join(import.meta.dirname, "../../test/vectors/policies/core-passport.json");
    const { safety } = await loadGuard(passport);
    expect(applySafetyStop(turn({ finish_reason: "content_filter" }), { core: safety }).terminated).toBe(true);
  });

  it("enabled: false turns it off: nothing is rewritten and streams pass untouched", async () => {
    const { safety } = await loadGuard(config(`${GUARDRAILS}safety_finish_reason:\n  enabled: false\n  detectors: []\n`));
    expect(safety.enabled).toBe(false);
    const message = turn({ finish_reason: "content_filter" });
    expect(applySafetyStop(message, { core: safety })).toMatchObject({ terminated: false, message });
    const call = { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: "c", function: { name: "bash", arguments: "{" } }] }, finish_reason: null }] };
    const out: unknown[] = [];
    async function* cut() {
      yield call;
    }
    for await (const chunk of guardStream(cut(), { core: safety })) out.push(chunk);
    expect(out).toEqual([call]);
  });

  it("detectors: null means the defaults (DeerFlow's None)", async () => {
    const { safety } = await loadGuard(config(`${GUARDRAILS}safety_finish_reason:\n  detectors:\n`));
    expect(applySafetyStop(turn({ finish_reason: "content_filter" }), { core: safety }).terminated).toBe(true);
  });

  it("JSON configs work the same", async () => {
    const file = config(JSON.stringify({ guardrails: { provider: { use: "portcullis:AllowlistProvider" } }, safety_finish_reason: { detectors: [{ use: "anthropic_refusal" }] } }), "c.json");
    const { safety } = await loadGuard(file);
    expect(applySafetyStop(turn({ stop_reason: "refusal" }), { core: safety }).terminated).toBe(true);
    expect(applySafetyStop(turn({ finish_reason: "content_filter" }), { core: safety }).terminated).toBe(false);
  });
});

describe("loadGuard: safety_finish_reason errors name the line, column and JSON path", () => {
  it("an empty list while enabled", async () => {
    expect(await issues("safety_finish_reason:\n  detectors: []\n")).toEqual([{ line: 6, column: 3, path: "/safety_finish_reason/detectors", message: "expected at least 1 item, got none" }]);
  });
  it("a custom detector path (not supported) and a misspelt name", async () => {
    const found = await issues("safety_finish_reason:\n  detectors:\n    - use: ./mine.js:OpenAICompatibleContentFilterDetector\n    - use: OpenAICompatibleContentFiltr\n");
    expect(found.map((i) => [i.line, i.column, i.path])).toEqual([[7, 7, "/safety_finish_reason/detectors/0/use"], [8, 7, "/safety_finish_reason/detectors/1/use"]]);
    expect(found[0].message).toContain("openai_compatible_content_filter");
  });
  it("the wrong option for a detector", async () => {
    expect(await issues("safety_finish_reason:\n  detectors:\n    - use: anthropic_refusal\n      config:\n        finish_reasons: [refusal]\n"))
      .toEqual([{ line: 9, column: 9, path: "/safety_finish_reason/detectors/0/config", message: expect.stringContaining("stop_reasons") }]);
  });
  it("blank and empty value lists, a non-boolean enabled, an unknown key", async () => {
    expect((await issues("safety_finish_reason:\n  detectors:\n    - use: openai_compatible_content_filter\n      config:\n        finish_reasons: [content_filter, \" \"]\n"))[0].path)
      .toBe("/safety_finish_reason/detectors/0/config/finish_reasons/1");
    expect((await issues("safety_finish_reason:\n  detectors:\n    - use: gemini_safety\n      config:\n        finish_reasons: []\n"))[0].path)
      .toBe("/safety_finish_reason/detectors/0/config/finish_reasons");
    expect(await issues("safety_finish_reason:\n  enabled: yes please\n")).toEqual([{ line: 6, column: 3, path: "/safety_finish_reason/enabled", message: 'expected a boolean, got "yes please"' }]);
    expect((await issues("safety_finish_reason:\n  detector: []\n"))[0].message).toContain('did you mean "detectors"');
  });
});

describe("buildSafetyCore", () => {
  const source = "safety_finish_reason:\n  detectors:\n    - use: builtins:dict\n";
  const at = { file: "x.yaml", pointer: "/safety_finish_reason", locate: (pointer: string) => locatePointer(source, pointer) };
  it("locates the TS check's issues (configs that did not go through the schema)", () => {
    expect(() => buildSafetyCore({ detectors: [{ use: "builtins:dict" }] }, at, (c) => testCore(c))).toThrow(/x\.yaml:3:7 \/safety_finish_reason\/detectors\/0\/use: unknown detector "builtins:dict"/);
  });
  it("locates the core's own issues under the section; other failures pass unchanged", () => {
    const broken = (): SafetyCore => {
      throw new Error("wasm unavailable");
    };
    expect(() => buildSafetyCore(null, at, broken)).toThrow("wasm unavailable");
    const coreRejects = (c: object | null): SafetyCore => testCore({ ...(c ?? {}), detectors: [{ use: "gemini_safety", config: { finish_reasons: [] } }] });
    let error: unknown;
    try {
      buildSafetyCore({ detectors: [{ use: "gemini_safety" }] }, at, coreRejects);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).issues[0].path).toBe("/safety_finish_reason/detectors/0/config/finish_reasons");
  });
});

describe("lazySafetyCore (what loadGuard returns)", () => {
  it("compiles on first detect, once", () => {
    let made = 0;
    const lazy = lazySafetyCore(() => {
      made++;
      return testCore();
    });
    expect(made).toBe(0);
    expect(applySafetyStop(turn({ finish_reason: "content_filter" }), { core: lazy }).terminated).toBe(true);
    applySafetyStop(turn({ finish_reason: "stop" }), { core: lazy });
    expect(made).toBe(1);
  });
  it("a core that refuses at first use fails the turn closed", () => {
    const lazy = lazySafetyCore(() => testCore({ detectors: [] }));
    expect(() => applySafetyStop(turn({ finish_reason: "stop" }), { core: lazy })).toThrow(SafetyCheckError);
  });
  it("the TS check and the core's own check agree, so checking at load is enough", () => {
    const use = (u: unknown, config?: unknown) => ({ detectors: [{ use: u, ...(config === undefined ? {} : { config }) }] });
    const accepted = [
      {}, { enabled: true }, { detectors: null }, use("gemini_safety"), use("GeminiSafetyDetector", null),
      use("portcullis:AnthropicRefusalDetector", { stop_reasons: ["refusal", "blocked"] }),
      use("deerflow.agents.middlewares.safety_termination_detectors:OpenAICompatibleContentFilterDetector", { finish_reasons: ["content_filter", "sensitive"] }),
      use("bedrock_guardrail", { stop_reasons: null }), use("openai_responses_content_filter", { reasons: ["content_filter"] }),
      use("openai_compatible_content_filter", { finish_reasons: ["敏感"] }),
    ];
    const rejected = [
      { detectors: [] }, { detectors: {} }, { detector: [] }, { detectors: [5] }, { detectors: [{}] }, use(5), use(""), use("builtins:dict"),
      use("./mine.js:GeminiSafetyDetector"), use(":gemini_safety"), use("9x:gemini_safety"), use("gemini_safety", []), use("gemini_safety", "x"),
      use("anthropic_refusal", { finish_reasons: ["x"] }), use("gemini_safety", { finish_reasons: [] }), use("gemini_safety", { finish_reasons: [" "] }),
      use("gemini_safety", { finish_reasons: [1] }), use("gemini_safety", { finish_reasons: "SAFETY" }),
      { detectors: [{ use: "gemini_safety", extra: 1 }] },
    ];
    for (const [sections, ok] of [[accepted, true], [rejected, false]] as const) {
      for (const section of sections) {
        let core = true;
        try {
          testCore(section);
        } catch {
          core = false;
        }
        expect([JSON.stringify(section), safeParseSafetyConfig(section).success, core]).toEqual([JSON.stringify(section), ok, ok]);
      }
    }
  });
});
