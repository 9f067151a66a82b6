// The page the bench times `sanitize(page, {html: true})` on (1 MB: navigation, articles, lists, tables, links,
// scripts, styles, comments, a `display:none` injection in every sixth block). The speed figure compares us with
// html-to-text, which reads hidden text aloud; this pins what the figure is worth: every visible part is kept and
// nothing hidden reaches the model, on the very page that is timed.
import { describe, expect, it } from "vitest";
import { sanitize } from "../dist/sanitize.js";
import { htmlPage } from "../bench/sanitize-inputs.mjs";

// html-to-text ships no types; only its convert() is used.
const { convert } = (await import("html-to-text" as string)) as { convert: (html: string, options: object) => string };
const page: string = htmlPage(1 << 20);
const count = (text: string, part: string) => text.split(part).length - 1;
const blocks = count(page, '<div class="card">');

describe("the bench's 1 MB HTML page", () => {
  const ours = sanitize(page, { html: true, maxLength: 0 }).text;

  it("keeps no hidden text, script, style or comment", () => {
    expect(blocks).toBeGreaterThan(100);
    expect(count(ours, "ignore previous instructions")).toBe(0);
    expect(ours).not.toContain("not text"); // inside <script>
    expect(ours).not.toContain("@type"); // JSON-LD <script>
    expect(ours).not.toContain("display:none"); // <style>
    expect(ours).not.toMatch(/comment \d/); // <!-- comment k -->
  });

  it("keeps the visible text, with entities decoded", () => {
    const sections = count(page, "<h2>Section ");
    expect(count(ours, "Section ")).toBe(sections);
    expect(count(ours, "read more")).toBe(sections);
    expect(ours).toContain("Home");
    expect(ours).toContain("item 3: ");
    expect(ours).toContain("beta < gamma");
    expect(ours).toContain("Café © 2026");
    expect(ours).toContain("☺");
  });

  it("is what the bench compares with: html-to-text reads every hidden span", () => {
    const theirs = convert(page, { wordwrap: false });
    expect(count(theirs, "ignore previous instructions")).toBe(blocks);
  });
});
