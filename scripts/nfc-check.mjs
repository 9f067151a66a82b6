#!/usr/bin/env node
// Checks the wasm sanitizer's NFC (layer 4, embedded tables) against this Node's
// String.prototype.normalize('NFC') on random and adversarial strings.
//
// Minimal harness on purpose: it compiles assembly/sanitize with a tiny test entry (written to a
// temp dir) so it needs no bindings. A vitest over the real bindings can replace it later by
// calling sanitize() with every layer but `nfc` switched off and comparing with normalize().
// The comparison is only meaningful when process.versions.unicode equals the tables' version.
//
// Usage: node scripts/nfc-check.mjs [--count N] [--seed S] [--layers]
//   --layers  also compare layers 1-7 with a slow sequential JS reference (referenceLayers).
// Also exports loadSanitizer() for other scripts that want the raw wasm sanitizer.
import { mkdtempSync, writeFileSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

// Option setters by index; the order is the harness's own, not an ABI.
export const OPTION_NAMES = [
  "invisible", "controls", "format", "nfc", "privateUse", "tags", "whitespace",
  "escapeFrameworkTags", "markers", "html", "maxLength",
];

function entrySource(dir) {
  const rel = relative(dir, join(ROOT, "assembly")).split("\\").join("/");
  return `
import { sanitize, SanitizeOptions, SanitizeReport } from "${rel}/sanitize/index";
import { ByteBuffer } from "${rel}/util/bytes";
const options = new SanitizeOptions();
const report = new SanitizeReport();
const input = new ByteBuffer(1024);
const json = new ByteBuffer(256);
let result: ByteBuffer = input;
export function inputPtr(n: i32): usize { input.reset(); input.ensure(n); input.length = n; return input.ptr; }
export function setOption(i: i32, v: i32): void {
  if (i == 0) options.invisible = v != 0; else if (i == 1) options.controls = v != 0;
  else if (i == 2) options.format = v != 0; else if (i == 3) options.nfc = v != 0;
  else if (i == 4) options.privateUse = v != 0; else if (i == 5) options.tags = v != 0;
  else if (i == 6) options.whitespace = v != 0; else if (i == 7) options.escapeFrameworkTags = v != 0;
  else if (i == 8) options.markers = v != 0; else if (i == 9) options.html = v != 0;
  else if (i == 10) options.maxLength = v;
}
export function setFence(idLen: i32, sourceLen: i32): void {
  options.fenceId = String.UTF8.decodeUnsafe(input.ptr, <usize>idLen, false);
  options.source = String.UTF8.decodeUnsafe(input.ptr + <usize>idLen, <usize>sourceLen, false);
}
export function resetOptions(): void {
  const d = new SanitizeOptions();
  options.invisible = d.invisible; options.controls = d.controls; options.format = d.format;
  options.nfc = d.nfc; options.privateUse = d.privateUse; options.tags = d.tags;
  options.whitespace = d.whitespace; options.maxLength = d.maxLength;
  options.escapeFrameworkTags = d.escapeFrameworkTags; options.markers = d.markers;
  options.html = d.html; options.fenceId = ""; options.source = "";
}
export function run(len: i32): void { result = sanitize(input.ptr, len, options, report); }
export function resultPtr(): usize { return result.ptr; }
export function resultLen(): i32 { return result.length; }
export function reportJSON(): usize { json.reset(); report.writeJSON(json); return json.ptr; }
export function reportLen(): i32 { return json.length; }
`;
}

/** Compile assembly/sanitize with the test entry; returns { sanitize(text, options) -> {text, report} }. */
export async function loadSanitizer({ optimize = true, debug = !!process.env.SAN_DEBUG } = {}) {
  const asc = (await import("assemblyscript/asc")).default;
  const dir = mkdtempSync(join(tmpdir(), "portcullis-nfc-"));
  const entry = join(dir, "entry.ts");
  writeFileSync(entry, entrySource(dir));
  const outFile = join(dir, "sanitize.wasm");
  const argv = [entry, "--outFile", outFile, "--runtime", "incremental", "--use", "abort=", "--noAssert", "--enable", "simd"];
  if (optimize) argv.push("-O3");
  if (debug) argv.push("--debug");
  const { error, stderr } = await asc.main(argv, {});
  if (error) throw new Error(`asc failed: ${error.message}\n${stderr.toString()}`);
  const { instance } = await WebAssembly.instantiate(readFileSync(outFile), { env: { abort() { throw new Error("abort"); } } });
  const x = instance.exports;
  const enc = new TextEncoder();
  const dec = new TextDecoder();
  const put = (bytes) => {
    const p = x.inputPtr(bytes.length);
    new Uint8Array(x.memory.buffer, p, bytes.length).set(bytes);
  };
  return {
    exports: x,
    /** text: string or Uint8Array; options: partial SanitizeOptions. */
    sanitize(text, options = {}) {
      x.resetOptions();
      for (const [k, v] of Object.entries(options)) {
        const i = OPTION_NAMES.indexOf(k);
        if (i >= 0) x.setOption(i, typeof v === "boolean" ? (v ? 1 : 0) : v);
      }
      if (options.fenceId !== undefined || options.source !== undefined) {
        const id = enc.encode(options.fenceId || "");
        const src = enc.encode(options.source || "");
        const both = new Uint8Array(id.length + src.length);
        both.set(id);
        both.set(src, id.length);
        put(both);
        x.setFence(id.length, src.length);
      }
      const bytes = typeof text === "string" ? enc.encode(text) : text;
      put(bytes);
      x.run(bytes.length);
      const out = dec.decode(new Uint8Array(x.memory.buffer, x.resultPtr(), x.resultLen()));
      const report = JSON.parse(dec.decode(new Uint8Array(x.memory.buffer, x.reportJSON(), x.reportLen())));
      return { text: out, report };
    },
  };
}

// --- sequential reference for layers 1-7 (differential check of the streaming pipeline) ----------
const re = (p) => new RegExp(`^\\p{${p}}$`, "u");
const DI = re("Default_Ignorable_Code_Point"), CF = re("Cf"), CO = re("Co"), CC = re("Cc"), NC = re("Noncharacter_Code_Point");
const EMO = /^[\p{Emoji}\p{Extended_Pictographic}]$/u;
// Same script list as scripts/gen-unicode-tables.mjs (scripts that use ZWJ/ZWNJ inside words).
const SCRIPTS = ["Arab", "Syrc", "Nkoo", "Mand", "Mong", "Phag", "Mani", "Phlp", "Rohg", "Sogd", "Ougr", "Chrs", "Adlm",
  "Thaa", "Deva", "Beng", "Guru", "Gujr", "Orya", "Taml", "Telu", "Knda", "Mlym", "Sinh", "Tibt", "Mymr", "Khmr", "Bali",
  "Java", "Sund", "Tirh", "Gran", "Shrd", "Khoj", "Kthi", "Brah", "Newa", "Modi", "Takr", "Sidd", "Mahj", "Sind", "Dogr",
  "Nand", "Gong", "Gonm", "Cakm", "Limb", "Lana", "Bhks", "Mtei", "Saur", "Lepc", "Tale", "Talu"];
const JR = SCRIPTS.flatMap((x) => { try { return [new RegExp(`^\\p{scx=${x}}$`, "u")]; } catch { return []; } });
const isTag = (cp) => cp >= 0xe0000 && cp <= 0xe007f;
const emoji = (cp) => cp >= 0x80 && EMO.test(String.fromCodePoint(cp));
const joiner = (cp) => {
  const c = String.fromCodePoint(cp);
  return /^[\p{L}\p{M}]$/u.test(c) && JR.some((r) => r.test(c));
};
/**
 * Layers 1-7 written the slow, obvious way (one pass per layer over a JS string, properties from
 * \p{…} regexes, NFC from String.prototype.normalize). The wasm streams all layers in one pass;
 * with markers and escaping off its output must equal this. Used by --layers.
 */
export function referenceLayers(text) {
  let a = Array.from(text, (c) => c.codePointAt(0));
  // 1: default-ignorables (tags excepted) unless ZWJ/ZWNJ/VS15/VS16 in the contexts that keep them
  let out = [], last = 0;
  for (let i = 0; i < a.length; i++) {
    const cp = a[i], c = String.fromCodePoint(cp);
    if (DI.test(c) && !isTag(cp)) {
      const next = a[i + 1];
      let keep = false;
      if (cp === 0x200d || cp === 0x200c) {
        if (next !== undefined) {
          if (cp === 0x200d && emoji(next) && (emoji(last) || last === 0xfe0f || last === 0x20e3 || last === 0xe007f)) keep = true;
          else if (joiner(last) && joiner(next)) keep = true;
        }
      } else if (cp === 0xfe0e || cp === 0xfe0f) keep = emoji(last) || last === 0x23 || last === 0x2a || (last >= 0x30 && last <= 0x39);
      if (!keep) continue;
    }
    out.push(cp); last = cp;
  }
  // 2: controls; CRLF, CR, U+2028, U+2029 -> LF
  a = out; out = []; let cr = false;
  for (const cp of a) {
    const c = String.fromCodePoint(cp);
    if (CC.test(c) || cp === 0x2028 || cp === 0x2029) {
      if (cp === 0x0a) { if (cr) { cr = false; continue; } }
      else if (cp !== 0x09) { if (cp === 0x0d || cp >= 0x2028) { out.push(0x0a); cr = cp === 0x0d; continue; } cr = false; continue; }
    }
    cr = false; out.push(cp);
  }
  // 3: remaining Cf and noncharacters
  a = out.filter((cp) => { const c = String.fromCodePoint(cp); return !((CF.test(c) && !DI.test(c) && !isTag(cp)) || NC.test(c)); });
  // 5: private use (taken out before NFC, like the wasm, so the output is NFC)
  a = a.filter((cp) => !CO.test(String.fromCodePoint(cp)));
  // 6: tag runs, except the three RGI subdivision flags
  out = [];
  for (let i = 0; i < a.length; ) {
    if (!isTag(a[i])) { out.push(a[i++]); continue; }
    let j = i; while (j < a.length && isTag(a[j])) { j++; if (a[j - 1] === 0xe007f) break; }
    const run = a.slice(i, j).map((x) => x & 0x7f);
    const spec = String.fromCharCode(...run);
    if (i > 0 && a[i - 1] === 0x1f3f4 && ["gbeng\x7f", "gbsct\x7f", "gbwls\x7f"].includes(spec)) out.push(...a.slice(i, j));
    i = j;
  }
  // 4: NFC
  const t = String.fromCodePoint(...out).normalize("NFC");
  // 7: runs of Zs become one space
  return t.replace(/\p{Zs}+/gu, " ");
}

// --- random and adversarial strings -------------------------------------------------------------
function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => ((s ^= s << 13), (s ^= s >>> 17), (s ^= s << 5), (s >>> 0) / 4294967296);
}

const MARKS = [0x300, 0x301, 0x302, 0x303, 0x308, 0x30a, 0x323, 0x327, 0x328, 0x331, 0x334, 0x345, 0x5b0, 0x5bc,
  0x64b, 0x651, 0x93c, 0x94d, 0x9bc, 0x9be, 0x9d7, 0xb3e, 0xb56, 0xb57, 0xbbe, 0xbd7, 0xcd5, 0xcd6, 0xd3e, 0xd57,
  0xdca, 0xdcf, 0xddf, 0xf71, 0xf72, 0xf74, 0xf80, 0x102e, 0x1dc0, 0x20d0, 0x20e3, 0x302a, 0x3099, 0x309a,
  0x1d165, 0x1d16e, 0x11127, 0x1133e, 0x11357, 0x114b0, 0x115af, 0x11930];
const BASES = [0x41, 0x61, 0x45, 0x65, 0x4f, 0x6f, 0x55, 0x75, 0x43, 0x73, 0x3b1, 0x3b7, 0x3c9, 0x415, 0x438, 0x5d0,
  0x627, 0x915, 0x995, 0xb15, 0xb47, 0xbc6, 0xbc7, 0xcc6, 0xd46, 0xd47, 0xdd9, 0x1025, 0x304b, 0x30cf, 0x1100,
  0x1161, 0x11a8, 0xac00, 0xac01, 0x212b, 0x2126, 0x1e9b, 0xf900, 0x2f800, 0x1d15e, 0x11131, 0x11347, 0x114b9, 0x115b8];

function randomString(r) {
  const n = 1 + Math.floor(r() * 12);
  const out = [];
  for (let i = 0; i < n; i++) {
    const k = r();
    if (k < 0.35) out.push(BASES[Math.floor(r() * BASES.length)]);
    else if (k < 0.7) out.push(MARKS[Math.floor(r() * MARKS.length)]);
    else if (k < 0.8) out.push(0xac00 + Math.floor(r() * 11172));
    else if (k < 0.9) out.push(0x1100 + Math.floor(r() * 0x100));
    else {
      let cp;
      do cp = Math.floor(r() * 0x30000); while (cp >= 0xd800 && cp <= 0xdfff);
      out.push(cp);
    }
  }
  return String.fromCodePoint(...out);
}

function adversarial() {
  const list = [
    "e\u0301", "\u0301e", "a\u0328\u0301", "a\u0301\u0328", "\u1e9b\u0323", "\u212b", "\u0344", "\u0f73\u0f75",
    "\u1100\u1161\u11a8", "\u1100\u1161", "\uac00\u11a8", "\uac01\u11a8", "\u0915\u093c", "\u0958",
    "\u0b47\u0b3e\u0b57", "\u0dd9\u0dcf\u0ddf", "\u1025\u102e", "\ud834\udd5e\ud834\udd6e",
    "A" + "\u0301".repeat(100), "a" + "\u0316\u0301".repeat(40) + "\u0345", "\u0345".repeat(50) + "a",
    "\u03b1\u0345\u0301\u0313", "\u0041\u030a\u0323", "\u00c5\u0323", "\u1e0b\u0323", "\u1e0d\u0307",
    "\uf900\uf901\u2f800", "\u3046\u3099", "\u30cf\u309a", "\u{11131}\u{11127}", "\u{11347}\u{1133e}",
  ];
  return list;
}

async function main() {
  const args = process.argv.slice(2);
  const count = args.includes("--count") ? Number(args[args.indexOf("--count") + 1]) : 20000;
  const seed = args.includes("--seed") ? Number(args[args.indexOf("--seed") + 1]) : 12345;
  const tables = readFileSync(join(ROOT, "assembly/sanitize/tables.ts"), "utf8");
  const version = /Unicode version: (\S+)/.exec(tables)?.[1];
  if (version !== process.versions.unicode) {
    console.warn(`nfc-check: tables are Unicode ${version}, this Node has ${process.versions.unicode}; differences may be version skew`);
  }
  const s = await loadSanitizer();
  const off = { invisible: false, controls: false, format: false, privateUse: false, tags: false, whitespace: false,
    escapeFrameworkTags: false, markers: false };
  const r = rng(seed);
  const cases = adversarial();
  for (let i = 0; i < count; i++) cases.push(randomString(r));
  // Every code point of planes 0-3 and 14-16 too, alone and followed by a combining mark.
  const ranges = [[0, 0x40000], [0xe0000, 0xe1000], [0xf0000, 0xf0200], [0x10fe00, 0x110000]];
  for (const [lo, hi] of ranges) {
    for (let base = lo; base < hi; base += 512) {
      const alone = [];
      const marked = [];
      for (let cp = base; cp < Math.min(base + 512, hi); cp++) {
        if (cp >= 0xd800 && cp <= 0xdfff) continue;
        alone.push(cp, 0x20);
        marked.push(cp, 0x301, 0x20);
      }
      cases.push(String.fromCodePoint(...alone), String.fromCodePoint(...marked));
    }
  }
  let failures = 0;
  for (const text of cases) {
    const got = s.sanitize(text, off).text;
    const want = text.normalize("NFC");
    if (got !== want) {
      if (++failures <= 10) {
        const hex = (t) => Array.from(t, (c) => c.codePointAt(0).toString(16)).join(" ");
        console.error(`NFC mismatch\n  input ${hex(text)}\n  want  ${hex(want)}\n  got   ${hex(got)}`);
      }
    }
  }
  console.log(`nfc-check: ${cases.length - failures}/${cases.length} match String.prototype.normalize('NFC') (Unicode ${process.versions.unicode})`);
  if (args.includes("--layers")) failures += layersCheck(s, r, count);
  if (failures) process.exit(1);
}

/** Random mixes of the characters each layer cares about, compared with referenceLayers(). */
function layersCheck(s, r, count) {
  const frags = ["a", "b ", "  ", "\u00A0", "\u3000", "\t", "\n", "\r", "\r\n", "\u200B", "\u200C", "\u200D", "\uFE0F",
    "\uFE0E", "👨", "👩", "❤", "🏴", "\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", "\u{E0041}", "\u{E007F}", "e",
    "\u0301", "\u0323", "\u1100", "\u1161", "\u11A8", "\uAC00", "क", "्", "ष", "م", "ی", "\uE000", "\u{F0000}", "\uFDD0",
    "\u0600", "\u2028", "\x00", "\x85", "1", "#", "\u20E3", "🏽", "\u212B", "\u0958", "x", "Я", "\u202E", "\u2066", "\u00AD",
    "\u{E0100}",
    // Long runs for the eight-bytes-at-a-time fast path (swar.ts): plain, double spaces at every offset, tabs.
    "the quick brown fox jumps ", "over  the lazy dog again", "a b  c   d    e", "0123456789abcdef\t", "日本語のテキスト", "Привет мир"];
  let failures = 0;
  for (let i = 0; i < count; i++) {
    let t = "";
    const k = 1 + Math.floor(r() * 14);
    for (let j = 0; j < k; j++) t += frags[Math.floor(r() * frags.length)];
    const want = referenceLayers(t);
    const got = s.sanitize(t, { markers: false, escapeFrameworkTags: false }).text;
    if (got !== want && ++failures <= 10) {
      const hex = (x) => Array.from(x, (c) => c.codePointAt(0).toString(16)).join(" ");
      console.error(`layers mismatch\n  input ${hex(t)}\n  want  ${hex(want)}\n  got   ${hex(got)}`);
    }
  }
  console.log(`layers: ${count - failures}/${count} match the sequential JS reference`);
  return failures;
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) await main();
