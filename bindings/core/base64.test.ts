import { afterEach, describe, expect, it, vi } from "vitest";
import { decodeBase64 } from "./base64.ts";

const bytes = Uint8Array.from({ length: 1000 }, (_, i) => (i * 37) & 255);
const text = btoa(String.fromCharCode(...bytes));

describe("decodeBase64", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("decodes through Buffer (Node 20 has no Uint8Array.fromBase64)", () => {
    expect([...decodeBase64(text)]).toEqual([...bytes]);
  });

  it("decodes through atob where there is neither (some browsers)", () => {
    vi.stubGlobal("Buffer", undefined);
    expect([...decodeBase64(text)]).toEqual([...bytes]);
  });
});
