import { afterEach, describe, expect, it, vi } from "vitest";

// The default entry's policy.wasm is inlined gzip-compressed: inflated synchronously where the host lends zlib
// (Node, Deno, Bun), asynchronously through DecompressionStream elsewhere (browsers).
const getBuiltinModule = process.getBuiltinModule;
const request = { tool_name: "web_search", tool_input: { query: "x" } };

async function freshEntry() {
  vi.resetModules(); // a fresh shared module and evaluator, as in a new process or page
  return import("../index.ts");
}

describe("inline policy.wasm", () => {
  afterEach(() => Object.assign(process, { getBuiltinModule }));

  it("decides synchronously on first use where the host has zlib", async () => {
    const api = await freshEntry();
    const provider = new api.AllowlistProvider({ allowed_tools: ["web_search"] });
    expect(provider.evaluateSync(request).decision).toBe("allow");
  });

  it("without zlib (browsers), a first synchronous use is refused until ready(), then decides the same", async () => {
    Object.assign(process, { getBuiltinModule: undefined });
    const api = await freshEntry();
    const provider = new api.AllowlistProvider({ allowed_tools: ["web_search"] });
    expect(() => provider.evaluateSync(request)).toThrow(expect.objectContaining({ code: "not_ready" }));
    await provider.ready();
    expect(provider.evaluateSync(request).decision).toBe("allow");
    expect((await provider.evaluate({ ...request, tool_name: "bash" })).decision).toBe("deny");
  });
});
