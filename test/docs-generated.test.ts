// The generated docs pages match their sources (the CLI's --help, the core's reason codes), and every link
// inside the repository's Markdown resolves, anchors included.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { brokenLinks, slug } from "../scripts/docs-links.mjs";

const generate = fileURLToPath(new URL("../scripts/docs-generate.mjs", import.meta.url));

describe("generated docs", () => {
  it("docs/cli.md and docs/reason-codes.md are what scripts/docs-generate.mjs writes", () => {
    const result = spawnSync(process.execPath, [generate, "--check"], { encoding: "utf8" });
    expect(result.status, result.stderr).toBe(0);
  });
});

describe("docs links", () => {
  it("slugs headings as GitHub does", () => {
    expect(slug("`allowed_commands` in full")).toBe("allowed_commands-in-full");
    expect(slug("HTTP API: `portcullis serve`")).toBe("http-api-portcullis-serve");
    expect(slug("Limits we enforce today")).toBe("limits-we-enforce-today");
  });
  it("every relative link and anchor resolves", () => {
    expect(brokenLinks()).toEqual([]);
  });
});
