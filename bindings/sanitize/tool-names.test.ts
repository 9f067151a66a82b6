import { describe, expect, it } from "vitest";
import { toolNameMatcher } from "./tool-names.ts";

describe("toolNameMatcher", () => {
  it("matches exact names case-sensitively, as DeerFlow does", () => {
    const m = toolNameMatcher(["web_fetch", "fetch_url"]);
    expect(m("web_fetch")).toBe(true);
    expect(m("fetch_url")).toBe(true);
    expect(m("Web_Fetch")).toBe(false);
    expect(m("web_fetch2")).toBe(false);
  });

  it("matches * patterns: prefix, suffix, middle, several stars", () => {
    const m = toolNameMatcher(["mcp__*", "*_fetch", "a*b*c"]);
    expect(m("mcp__browser__navigate")).toBe(true);
    expect(m("mcp__")).toBe(true);
    expect(m("xmcp__a")).toBe(false);
    expect(m("site_fetch")).toBe(true);
    expect(m("site_fetcher")).toBe(false);
    expect(m("abc")).toBe(true);
    expect(m("a-b-c")).toBe(true);
    expect(m("a-c-b")).toBe(false);
    expect(m("ab")).toBe(false); // the prefix and suffix may not overlap
  });

  it("a lone * matches every tool", () => {
    expect(toolNameMatcher(["*"])("anything")).toBe(true);
  });

  it("stays linear on adversarial patterns (no regular expressions are built)", () => {
    const m = toolNameMatcher(["*a*a*a*a*a*a*a*a*a*a*b"]);
    expect(m("a".repeat(50_000))).toBe(false);
  });
});
