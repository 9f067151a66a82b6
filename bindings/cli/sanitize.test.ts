import { Readable } from "node:stream";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { sanitizeCommand } from "./sanitize.ts";
import "../sanitize.ts"; // provides the inlined release wasm

async function run(args: string[], input: string | Uint8Array) {
  let out = "";
  let err = "";
  const io = { stdout: { write: (t: string) => (out += t) }, stderr: { write: (t: string) => (err += t) }, stdin: Readable.from([input]) };
  const code = await sanitizeCommand(args, io);
  return { code, out, err };
}

describe("portcullis sanitize", () => {
  it("plain: raw bytes in, sanitized text out, report on stderr with --report", async () => {
    const bytes = new Uint8Array([...new TextEncoder().encode("a\u200Bb\u00A0<system>"), 0xff, 0x0a]);
    const r = await run(["--report"], bytes);
    expect(r.code).toBe(0);
    expect(r.out).toBe("ab &lt;system&gt;\uFFFD\n");
    expect(JSON.parse(r.err)).toMatchObject({ removed: { invisible: 1, whitespace: 1 }, invalid: 1, escapedTags: 1 });
  });

  it("--wrap fences with a random id and the label; --max-length caps; --html converts", async () => {
    const wrapped = await run(["--wrap", "Web Fetch"], "page");
    expect(wrapped.out).toMatch(/^<<<EXTERNAL_UNTRUSTED_CONTENT id="([0-9a-f]{16})">>>\nSource: Web Fetch\n---\npage\n<<<END_EXTERNAL_UNTRUSTED_CONTENT id="\1">>>$/);
    expect([...(await run(["--max-length", "100"], "w ".repeat(500))).out].length).toBeLessThanOrEqual(100);
    expect((await run(["--max-length", "0"], "w ".repeat(50_000))).out.length).toBe(99_999); // the trailing space goes
    expect((await run(["--html"], "<p>a<script>x</script><b hidden>evil</b></p>")).out).toBe("a");
  });

  it("--disable switches layers off by their config names", async () => {
    expect((await run(["--disable", "invisible,escape_framework_tags"], "a\u200Bb <system>")).out).toBe("a\u200Bb <system>");
    expect((await run(["--disable", "whitespace", "--disable", "nfc"], "e\u0301  x")).out).toBe("e\u0301  x");
  });

  it("--jsonl: one result per line, per-line source and html, and an error object for a bad line", async () => {
    const lines = [
      JSON.stringify({ text: "a\u200Bb" }),
      "{not json",
      JSON.stringify({ text: "<p>x<span style='display:none'>y</span></p>", html: true }),
      JSON.stringify({ text: "s", source: "Web Search" }),
      JSON.stringify({ nope: 1 }),
      JSON.stringify({ text: "t", html: "yes" }),
      "",
      JSON.stringify({ text: "last" }),
    ];
    const r = await run(["--jsonl"], lines.join("\r\n") + "\n");
    expect(r.code).toBe(0);
    const out = r.out.trim().split("\n").map((l) => JSON.parse(l));
    expect(out).toHaveLength(8);
    expect(out[0]).toEqual({ text: "ab", report: expect.objectContaining({ removed: expect.objectContaining({ invisible: 1 }) }) });
    expect(out[1].error).toMatch(/not valid JSON/);
    expect(out[2].text).toBe("x");
    expect(out[3].text).toMatch(/^<<<EXTERNAL_UNTRUSTED_CONTENT id="[0-9a-f]{16}">>>\nSource: Web Search\n---\ns\n/);
    expect(out[4].error).toMatch(/'text'/);
    expect(out[5].error).toMatch(/'html'/);
    expect(out[6].error).toMatch(/not valid JSON/);
    expect(out[7].text).toBe("last");
  });

  it("--jsonl: invalid UTF-8 inside a line becomes U+FFFD, never a crash", async () => {
    const line = new Uint8Array([...new TextEncoder().encode('{"text":"a'), 0xc3, 0x28, ...new TextEncoder().encode('b"}\n')]);
    const r = await run(["--jsonl"], line);
    expect(JSON.parse(r.out).text).toBe("a\uFFFD(b");
  });

  it("usage errors exit 2 with the usage line", async () => {
    for (const args of [["--max-length", "-3"], ["--max-length", "x"], ["--disable", "nope"], ["extra"], ["--bogus"]]) {
      const r = await run(args, "");
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.err).toContain("usage: portcullis sanitize");
      expect(r.out).toBe("");
    }
  });

  it("reads --input files; a missing file is a usage error", async () => {
    const dir = mkdtempSync(join(tmpdir(), "portcullis-sanitize-"));
    const file = join(dir, "page.txt");
    writeFileSync(file, "x\u200By");
    expect((await run(["--input", file], "")).out).toBe("xy");
    const missing = await run(["--input", join(dir, "nope.txt")], "");
    expect(missing.code).toBe(2);
    expect(missing.err).toContain("cannot read --input");
  });
});

describe("portcullis sanitize (built CLI)", () => {
  const cli = fileURLToPath(new URL("../../dist/cli.js", import.meta.url));
  it("reads raw stdin bytes and exits 0", () => {
    const r = spawnSync(process.execPath, [cli, "sanitize"], { input: Buffer.from([0x61, 0xe2, 0x80, 0x8b, 0x62, 0xff]) });
    expect(r.status).toBe(0);
    expect(r.stdout.toString("utf8")).toBe("ab\uFFFD");
  });

  it("an input over the limit fails with exit 1 and writes nothing to stdout", () => {
    const r = spawnSync(process.execPath, [cli, "sanitize"], { input: Buffer.alloc((64 << 20) + 1, 0x61), maxBuffer: 1 << 20 });
    expect(r.status).toBe(1);
    expect(r.stdout.length).toBe(0);
    expect(r.stderr.toString()).toMatch(/limit/);
  });

  it("is listed in the help, and has its own", () => {
    expect(spawnSync(process.execPath, [cli, "help"], { encoding: "utf8" }).stdout).toMatch(/^  sanitize +untrusted text/m);
    const r = spawnSync(process.execPath, [cli, "sanitize", "--help"], { encoding: "utf8" });
    expect(r.stdout).toContain("portcullis sanitize [--max-length N] [--wrap SOURCE] [--html]");
  });
});
