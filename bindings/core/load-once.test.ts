import { describe, expect, it } from "vitest";
import { loadOnce } from "./load-once.ts";

describe("loadOnce", () => {
  it("imports once, however many callers ask at the same time or later", async () => {
    let imports = 0;
    const load = loadOnce(async () => ({ n: ++imports }));
    const [a, b] = await Promise.all([load(), load()]);
    expect(a).toBe(b);
    expect(await load()).toBe(a);
    expect(imports).toBe(1);
  });

  it("does not remember a failed import: the next call tries again", async () => {
    let attempts = 0;
    const load = loadOnce(async () => {
      if (++attempts === 1) throw new Error("chunk missing");
      return "loaded";
    });
    await expect(load()).rejects.toThrow("chunk missing");
    expect(await load()).toBe("loaded");
    expect(attempts).toBe(2);
  });
});
