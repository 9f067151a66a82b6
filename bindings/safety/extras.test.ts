import { describe, expect, it } from "vitest";
import { classifyProviderError } from "./classify-error.ts";
import { safeParseSafetyConfig } from "./config.ts";
import { pyRepr } from "./templates.ts";

describe("pyRepr", () => {
  it("quotes like Python", () => {
    expect(pyRepr("content_filter")).toBe("'content_filter'");
    expect(pyRepr("it's")).toBe(`"it's"`);
    expect(pyRepr(`a'b"c`)).toBe(`'a\\'b"c'`);
    expect(pyRepr("a\nb")).toBe("'a\\nb'");
  });
});

describe("classifyProviderError", () => {
  it("recognises OpenAI/Azure, GLM and Alibaba safety errors", () => {
    expect(classifyProviderError({ status: 400, error: { code: "content_filter", innererror: { code: "ResponsibleAIPolicyViolation", content_filter_result: { hate: { filtered: true } } } } }))
      .toMatchObject({ terminated: true, detector: "openai_content_filter_error", reason_value: "content_filter", extras: { content_filter_result: { hate: { filtered: true } }, status: 400 } });
    expect(classifyProviderError({ error: { code: "1301", message: "系统检测到输入或生成内容可能包含不安全或敏感内容" } })).toMatchObject({ detector: "glm_safety_audit_error", reason_value: "1301" });
    expect(classifyProviderError({ code: "DataInspectionFailed", message: "Output data may contain inappropriate content." })).toMatchObject({ detector: "alibaba_data_inspection_failed" });
    expect(classifyProviderError(Object.assign(new Error("400"), { body: '{"error":{"code":"data_inspection_failed"}}' }))).toMatchObject({ reason_value: "data_inspection_failed" });
    expect(classifyProviderError(new Error("rate limited"))).toBeNull();
    expect(classifyProviderError({ error: { code: "rate_limit_exceeded" } })).toBeNull();
  });
  it("never throws: cycles, throwing getters, revoked proxies, odd values", () => {
    const cyclic: Record<string, unknown> = { code: "x" };
    cyclic.cause = cyclic;
    expect(classifyProviderError(cyclic)).toBeNull();
    const hostile = { get error(): unknown { throw new Error("getter"); }, get code(): unknown { throw new Error("getter"); } };
    expect(classifyProviderError(hostile)).toBeNull();
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(classifyProviderError({ cause: proxy, error: { code: 1301 } })).toMatchObject({ detector: "glm_safety_audit_error", reason_value: "1301" });
    for (const odd of [null, undefined, 0, "", "{not json", [], Symbol("x")]) expect(classifyProviderError(odd)).toBeNull();
  });
  it("reads a JSON body string and an axios-style response, and keeps the HTTP status", () => {
    const axios = Object.assign(new Error("Request failed with status code 400"), { response: { status: 400, data: { error: { code: "content_filter", message: "filtered", innererror: { code: "ResponsibleAIPolicyViolation", content_filter_result: { self_harm: { filtered: true, severity: "medium" } } } } } } });
    expect(classifyProviderError(axios)).toEqual({
      terminated: true, detector: "openai_content_filter_error", reason_field: "error.code", reason_value: "content_filter",
      extras: { content_filter_result: { self_harm: { filtered: true, severity: "medium" } }, status: 400 },
    });
  });
});

describe("safeParseSafetyConfig", () => {
  it("accepts the seed's config and rejects bad ones with paths", () => {
    expect(safeParseSafetyConfig({ enabled: true })).toEqual({ success: true, output: { enabled: true, detectors: null } });
    const ok = safeParseSafetyConfig({ detectors: [{ use: "x.y:GeminiSafetyDetector" }, { use: "OpenAICompatibleContentFilterDetector", config: { finish_reasons: ["content_filter", "sensitive"] } }] });
    expect(ok.success).toBe(true);
    const bad = safeParseSafetyConfig({ detectors: [] });
    expect(bad.success).toBe(false);
    expect(!bad.success && bad.issues[0].message).toMatch(/enabled=false/);
    const unknown = safeParseSafetyConfig({ detectors: [{ use: "builtins:dict" }, { use: "anthropic_refusal", config: { finish_reasons: ["x"] } }] });
    expect(!unknown.success && unknown.issues.map((i) => i.path)).toEqual(["/detectors/0/use", "/detectors/1/config/finish_reasons"]);
  });
});
