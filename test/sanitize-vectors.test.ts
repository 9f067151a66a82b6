// Replays test/vectors/sanitize*.jsonl through the public API (portcullis/sanitize) and through
// the CLI (`portcullis sanitize --jsonl` on the built bundle), checks both against the expected
// text and flags, and checks that the two paths agree. Also: NFC against this Node's
// String.prototype.normalize over random, adversarial and every-code-point strings.
import { describe, expect, it, beforeAll } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Sanitizer, type SanitizeOptions, type SanitizeResult } from "../bindings/sanitize.ts";

interface Vector {
  name: string;
  input: string;
  options?: Record<string, unknown>;
  expect: { text?: string; contains?: string[]; not_contains?: string[]; flags?: string[] };
}

const vectorDir = new URL("./vectors/", import.meta.url);
const vectors: Vector[] = readdirSync(vectorDir).filter((f) => /^sanitize.*\.jsonl$/.test(f)).sort()
  .flatMap((f) => readFileSync(new URL(f, vectorDir), "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l)));
const wasm = readFileSync(new URL("../build/sanitize.wasm", import.meta.url));
const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));

/** Vector options as API options; `fenceId` is what the injected id source returns. */
function apiOptions(v: Vector): SanitizeOptions {
  const { fenceId, source, ...rest } = v.options ?? {};
  const options = { ...rest } as SanitizeOptions;
  if (fenceId !== undefined) options.wrap = (source as string | undefined) ?? true;
  return options;
}

function check(v: Vector, text: string, flags: string[]) {
  const where = v.name;
  if (v.expect.text !== undefined) expect(text, where).toBe(v.expect.text);
  for (const part of v.expect.contains ?? []) expect(text, where).toContain(part);
  for (const part of v.expect.not_contains ?? []) expect(text, where).not.toContain(part);
  if (v.expect.flags) expect([...flags].sort(), where).toEqual([...v.expect.flags].sort());
}

describe("sanitize vectors", () => {
  it("has vectors for every layer and pass", () => {
    const groups = new Set(vectors.map((v) => v.name.split("/")[0]));
    for (const g of ["invisible", "controls", "format", "nfc", "private-use", "tags", "whitespace", "cap", "markers", "fence", "tags-escape", "html", "benign"]) {
      expect(groups.has(g), g).toBe(true);
    }
    expect(vectors.length).toBeGreaterThanOrEqual(100);
  });

  const api = new Map<Vector, SanitizeResult>();
  it("pass through the public API", () => {
    let id = "";
    const sanitizer = Sanitizer.createSync(wasm, { fenceId: () => id });
    for (const v of vectors) {
      id = String(v.options?.fenceId ?? "");
      const result = sanitizer.sanitize(v.input, apiOptions(v));
      api.set(v, result);
      check(v, result.text, result.report.flags);
    }
  });

  describe("through the CLI", () => {
    const cliResults = new Map<Vector, { text: string; report: { flags: string[] } }>();
    beforeAll(() => {
      // One run per set of command-line flags; source and html travel on each line.
      const groups = new Map<string, Vector[]>();
      for (const v of vectors) {
        const { fenceId: _id, source: _source, html: _html, ...flags } = v.options ?? {};
        const key = JSON.stringify(flags);
        groups.set(key, [...(groups.get(key) ?? []), v]);
      }
      for (const [key, group] of groups) {
        const flags = JSON.parse(key) as Record<string, unknown>;
        const args = ["sanitize", "--jsonl"];
        if (flags.maxLength !== undefined) args.push("--max-length", String(flags.maxLength));
        const names: Record<string, string> = { invisible: "invisible", nfc: "nfc", whitespace: "whitespace", markers: "markers", escapeFrameworkTags: "escape_framework_tags" };
        const off = Object.keys(names).filter((k) => flags[k] === false).map((k) => names[k]);
        if (off.length) args.push("--disable", off.join(","));
        const input = group.map((v) => {
          const line: Record<string, unknown> = { text: v.input };
          if (v.options?.fenceId !== undefined) line.source = v.options.source ?? "";
          if (v.options?.html !== undefined) line.html = v.options.html;
          return JSON.stringify(line);
        });
        const run = spawnSync(process.execPath, [cli, ...args], { input: input.join("\n") + "\n", encoding: "utf8", maxBuffer: 64 << 20 });
        if (run.status !== 0) throw new Error(`portcullis ${args.join(" ")} failed: ${run.stderr}`);
        const out = run.stdout.split("\n").filter(Boolean).map((l) => JSON.parse(l));
        if (out.length !== group.length) throw new Error(`expected ${group.length} lines for ${key}, got ${out.length}`);
        group.forEach((v, i) => cliResults.set(v, out[i]));
      }
    });

    it("match the expectations, with the CLI's random fence id in place of the vector's", () => {
      for (const v of vectors) {
        const got = cliResults.get(v)!;
        let text = got.text;
        if (v.options?.fenceId !== undefined) {
          const id = /^<<<EXTERNAL_UNTRUSTED_CONTENT id="([0-9a-f]{16})">>>/.exec(text)?.[1];
          expect(id, v.name).toBeDefined();
          text = text.split(`id="${id}"`).join(`id="${v.options.fenceId}"`);
        }
        check(v, text, got.report.flags);
      }
    });

    it("agree with the API, report included", () => {
      for (const v of vectors) {
        if (v.options?.fenceId !== undefined) continue; // random ids differ by design
        const got = cliResults.get(v)!;
        const want = api.get(v)!;
        expect(got, v.name).toEqual({ text: want.text, report: want.report });
      }
    });
  });
});

describe("NFC from the embedded tables", () => {
  const sanitizer = Sanitizer.createSync(wasm);
  const nfcOnly: SanitizeOptions = {
    invisible: false, controls: false, format: false, privateUse: false, tags: false, whitespace: false,
    escapeFrameworkTags: false, markers: false, maxLength: 0,
  };
  const same = (text: string) => sanitizer.sanitize(text, nfcOnly).text === text.normalize("NFC");

  it(`matches String.prototype.normalize('NFC') (Node's Unicode ${process.versions.unicode}) on adversarial strings`, () => {
    const cases = [
      "e\u0301", "\u0301e", "a\u0328\u0301", "a\u0301\u0328", "\u1e9b\u0323", "\u212b", "\u0344", "\u0f73\u0f75",
      "\u1100\u1161\u11a8", "\uac00\u11a8", "\uac01\u11a8", "\u0915\u093c", "\u0958", "\u0b47\u0b3e\u0b57",
      "\ud834\udd5e\ud834\udd6e", "A" + "\u0301".repeat(500), "a" + "\u0316\u0301".repeat(200) + "\u0345",
      "\u03b1\u0345\u0301\u0313", "\uf900\uf901\u{2f800}", "\u3046\u3099", "\u{11131}\u{11127}", "\u{11347}\u{1133e}",
    ];
    for (const c of cases) expect(same(c), JSON.stringify(c)).toBe(true);
  });

  it("matches it on random strings of bases, marks, jamo and arbitrary code points", () => {
    let s = 12345;
    const r = () => ((s ^= s << 13), (s ^= s >>> 17), (s ^= s << 5), (s >>> 0) / 4294967296);
    const marks = [0x300, 0x301, 0x308, 0x323, 0x327, 0x328, 0x345, 0x5b0, 0x93c, 0x94d, 0x9bc, 0x9be, 0x3099, 0x1d165];
    const bases = [0x41, 0x61, 0x45, 0x6f, 0x3b1, 0x415, 0x915, 0x995, 0xb47, 0x1100, 0x1161, 0x11a8, 0xac00, 0x212b];
    let mismatches = 0;
    for (let i = 0; i < 5000; i++) {
      const cps: number[] = [];
      for (let n = 1 + Math.floor(r() * 10); n > 0; n--) {
        const k = r();
        if (k < 0.4) cps.push(bases[Math.floor(r() * bases.length)]);
        else if (k < 0.8) cps.push(marks[Math.floor(r() * marks.length)]);
        else {
          let cp;
          do cp = Math.floor(r() * 0x30000); while (cp >= 0xd800 && cp <= 0xdfff);
          cps.push(cp);
        }
      }
      if (!same(String.fromCodePoint(...cps))) mismatches++;
    }
    expect(mismatches).toBe(0);
  });

  it("matches it for every code point of planes 0-3, alone and before a combining mark", () => {
    const bad: string[] = [];
    for (let base = 0; base < 0x40000; base += 4096) {
      const alone: number[] = [];
      const marked: number[] = [];
      for (let cp = base; cp < base + 4096; cp++) {
        if (cp >= 0xd800 && cp <= 0xdfff) continue;
        alone.push(cp, 0x20);
        marked.push(cp, 0x301, 0x20);
      }
      if (!same(String.fromCodePoint(...alone)) || !same(String.fromCodePoint(...marked))) bad.push(base.toString(16));
    }
    expect(bad).toEqual([]);
  });
});
