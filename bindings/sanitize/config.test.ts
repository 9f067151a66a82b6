import { describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import { loadGuard, loadGuardFromText } from "../node.ts";
import { ConfigError } from "../config/parse-config.ts";
import { toolResultOptionsFromConfig, sanitizerEnabled } from "./config.ts";
import { ToolResultSanitizer } from "./tool-result.ts";
import { sharedSanitizerSync } from "./shared.ts";

const fixture = (name: string) => fileURLToPath(new URL(`../../test/fixtures/config/${name}`, import.meta.url));
const FENCED = /^<<<EXTERNAL_UNTRUSTED_CONTENT id="[0-9a-f]{16}">>>\nSource: (.*)\n---\n([\s\S]*)\n<<<END_EXTERNAL_UNTRUSTED_CONTENT id="[0-9a-f]{16}">>>$/;

describe("the sanitizer: config section", () => {
  it("is on by default: a config without the section sanitizes the web tools", async () => {
    const { guard, sanitizer } = await loadGuard(fixture("good-allowlist.yaml"));
    expect(sanitizer).toBeInstanceOf(ToolResultSanitizer);
    expect((sanitizer as ToolResultSanitizer).appliesTo("web_fetch")).toBe(true);
    expect((sanitizer as ToolResultSanitizer).appliesTo("mcp__x__y")).toBe(false);
    const out = await guard.guardToolCall({ tool_name: "web_search", tool_input: {} }, () => "a\u200Bb");
    expect(FENCED.exec(out as string)?.slice(1)).toEqual(["Web Search", "ab"]);
  });

  it("adds tools and patterns, the cap, layer switches and withhold_on", async () => {
    const { guard, sanitizer, config } = await loadGuard(fixture("good-sanitizer.yaml"));
    expect(config.sanitizer?.tools).toEqual(["fetch_url", "mcp__*"]);
    expect((sanitizer as ToolResultSanitizer).appliesTo("mcp__browser__get")).toBe(true);
    expect((sanitizer as ToolResultSanitizer).appliesTo("bash")).toBe(false);
    const run = (tool_name: string, text: string) => guard.guardToolCall({ tool_name, tool_input: {}, tool_call_id: "c" }, () => text);
    expect(FENCED.exec((await run("mcp__browser__get", "x  y <think>")) as string)?.slice(1)).toEqual(["mcp__browser__get", "x  y &lt;think&gt;"]);
    const long = (await run("fetch_url", "w ".repeat(10_000))) as string;
    expect([...FENCED.exec(long)![2]].length).toBeLessThanOrEqual(5000);
    expect(await run("web_fetch", "hi \u{E0041}")).toMatch(/withheld: it carries evidence of prompt injection \(tag_smuggling\)/);
    expect(await run("bash", "a\u200Bb")).toBe("a\u200Bb");
  });

  it("enabled: false turns it off", async () => {
    const { guard, sanitizer } = await loadGuard(fixture("sanitizer-off.yaml"));
    expect(sanitizer).toBeUndefined();
    expect(await guard.guardToolCall({ tool_name: "web_fetch", tool_input: {} }, () => "a\u200Bb")).toBe("a\u200Bb");
  });

  it("without sanitize.wasm (loadGuardFromText, no makeSanitizer): absent means off, present is a located error", async () => {
    const plain = '{"guardrails": {"provider": {"use": "portcullis:AllowlistProvider"}}}';
    expect((await loadGuardFromText(plain)).sanitizer).toBeUndefined();
    const asked = '{"guardrails": {"provider": {"use": "portcullis:AllowlistProvider"}},\n "sanitizer": {"tools": ["mcp__*"]}}';
    const error = await loadGuardFromText(asked, { file: "c.json" }).catch((e) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toMatch(/^c\.json:2:\d+ \/sanitizer: the sanitizer needs sanitize\.wasm.*makeSanitizer/);
    const off = await loadGuardFromText('{"guardrails": {"provider": {"use": "portcullis:AllowlistProvider"}}, "sanitizer": {"enabled": false}}');
    expect(off.sanitizer).toBeUndefined();
    const on = await loadGuardFromText(asked, { makeSanitizer: (o) => new ToolResultSanitizer(sharedSanitizerSync, o) });
    expect((on.sanitizer as ToolResultSanitizer).appliesTo("mcp__a__b")).toBe(true);
    expect(await on.guard.guardToolCall({ tool_name: "mcp__a__b", tool_input: {} }, () => "a\u200Bb")).toMatch(FENCED);
  });

  it("reports every mistake with file, line:column, JSON path and what was expected", async () => {
    const error = await loadGuard(fixture("bad-sanitizer.yaml")).catch((e) => e);
    expect(error).toBeInstanceOf(ConfigError);
    const lines = (error as ConfigError).message.split("\n").map((l) => l.slice(l.indexOf("bad-sanitizer.yaml")));
    expect(lines).toEqual([
      'bad-sanitizer.yaml:5:3 /sanitizer/tools: expected an array, got "mcp__*"',
      "bad-sanitizer.yaml:6:3 /sanitizer/max_length: expected a number >= 0, got -1",
      'bad-sanitizer.yaml:7:3 /sanitizer/html: expected one of true, false, auto, got "sometimes"',
      'bad-sanitizer.yaml:9:5 /sanitizer/layers: unknown key "invisble" (did you mean "invisible"?)',
      'bad-sanitizer.yaml:10:17 /sanitizer/withhold_on/0: expected one of bidi_override, tag_smuggling, marker_spoof, truncated, got "tag-smuggling" (did you mean "tag_smuggling"?)',
    ]);
  });

  it("maps the YAML names onto the middleware options", () => {
    expect(sanitizerEnabled(undefined)).toBe(true);
    expect(sanitizerEnabled({ enabled: false })).toBe(false);
    expect(toolResultOptionsFromConfig({
      tools: ["a"], default_tools: false, fence: false, html: true, max_length: 0,
      layers: { private_use: false, escape_framework_tags: false }, withhold_on: ["marker_spoof"],
    })).toEqual({
      tools: ["a"], defaultTools: false, fence: false, html: true, withholdOn: ["marker_spoof"],
      layers: { privateUse: false, escapeFrameworkTags: false, maxLength: 0 },
    });
  });
});
