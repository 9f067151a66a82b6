#!/usr/bin/env node
// (Over 400 lines because it is the one generator for both embedded tables, and most of it is
// self-checks against normalize(); splitting it would split those checks from their data.)
// Generates the tables the wasm sanitizer embeds, so its output never depends on a host's ICU:
//   assembly/sanitize/tables.ts    Unicode properties + NFC data, derived from this Node's own ICU
//                                  (String.prototype.normalize and \p{…} regexes); no network.
//   assembly/sanitize/entities.ts  the HTML5 named character references (WHATWG list), read from a
//                                  JSON file given with --entities FILE ({"&amp;": {"codepoints": [38]}}
//                                  or {"amp;": "&"}) or, by default, from CPython's html.entities.html5
//                                  through `python3`. When neither is available the committed
//                                  entities.ts is left as it is.
// Usage: node scripts/gen-unicode-tables.mjs [--check] [--entities FILE]
//   --check  regenerate in memory and fail if the committed files differ (for CI).
// The Unicode version is pinned by the Node that runs this: the header records it, and --check
// fails on a Node whose ICU carries another version rather than silently changing behaviour.
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const OUT_TABLES = join(ROOT, "assembly/sanitize/tables.ts");
const OUT_ENTITIES = join(ROOT, "assembly/sanitize/entities.ts");
const args = process.argv.slice(2);
const CHECK = args.includes("--check");
const entitiesArg = args.includes("--entities") ? args[args.indexOf("--entities") + 1] : null;
const UNICODE = process.versions.unicode;
const ICU = process.versions.icu;
const GENERATOR = "scripts/gen-unicode-tables.mjs";

function fail(msg) {
  console.error(`gen-unicode-tables: ${msg}`);
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------
// 1. Per-code-point properties
// ---------------------------------------------------------------------------------------------
// KIND (bits 0-2) says which sanitizer layer owns the code point; the other bits feed the
// layer-1 exceptions, NFC and the truncation snap. CCC is a *rank*: JS exposes no combining
// class, so classes are recovered by asking normalize('NFD') which of two marks it puts first.
// Only the order of classes matters to NFC, so ranks work exactly like the real values.
const KIND = { NORMAL: 0, INVISIBLE: 1, FORMAT: 2, PRIVATE: 3, TAG: 4, SPACE: 5, CONTROL: 6, NONCHAR: 7 };
const F_EMOJI = 1 << 3; // Emoji or Extended_Pictographic (non-ASCII)
const F_JOINER = 1 << 4; // letter or mark of a script that uses ZWJ/ZWNJ inside words
const F_NFC_NO = 1 << 5; // NFC_Quick_Check = No (never occurs in NFC)
const F_NFC_MAYBE = 1 << 6; // may combine with the preceding character
const F_DECOMP = 1 << 7; // has a canonical decomposition (Hangul syllables excluded: algorithmic)
const F_MARK = 1 << 8; // General_Category M*
const CCC_SHIFT = 16;

const TABLE_LIMIT = 0x40000; // planes 0-3 are tabulated; the rest is checked by code (asserted below)

const re = (p) => new RegExp(`^\\p{${p}}$`, "u");
const reDI = re("Default_Ignorable_Code_Point");
const reCf = re("Cf");
const reCo = re("Co");
const reZs = re("Zs");
const reCc = re("Cc");
const reNonchar = re("Noncharacter_Code_Point");
const reEmoji = re("Emoji");
const reExtPict = re("Extended_Pictographic");
const reLM = /^[\p{L}\p{M}]$/u;
const reM = /^\p{M}$/u;
// Scripts whose orthography puts ZWJ/ZWNJ between letters (Arabic-script Persian/Urdu/Kurdish,
// Syriac, the Brahmic family, Mongolian...). Unknown names on an older ICU are skipped.
const JOINING_SCRIPTS = [
  "Arab", "Syrc", "Nkoo", "Mand", "Mong", "Phag", "Mani", "Phlp", "Rohg", "Sogd", "Ougr", "Chrs", "Adlm", "Thaa",
  "Deva", "Beng", "Guru", "Gujr", "Orya", "Taml", "Telu", "Knda", "Mlym", "Sinh", "Tibt", "Mymr", "Khmr", "Bali",
  "Java", "Sund", "Tirh", "Gran", "Shrd", "Khoj", "Kthi", "Brah", "Newa", "Modi", "Takr", "Sidd", "Mahj", "Sind",
  "Dogr", "Nand", "Gong", "Gonm", "Cakm", "Limb", "Lana", "Bhks", "Mtei", "Saur", "Lepc", "Tale", "Talu",
];
const joinRes = [];
for (const s of JOINING_SCRIPTS) {
  try { joinRes.push(new RegExp(`^\\p{scx=${s}}$`, "u")); } catch { /* script unknown to this ICU */ }
}

const isSurrogate = (cp) => cp >= 0xd800 && cp <= 0xdfff;
const chr = (cp) => String.fromCodePoint(cp);
const cps = (s) => Array.from(s, (c) => c.codePointAt(0));
const isHangulSyllable = (cp) => cp >= 0xac00 && cp <= 0xd7a3;

const N = 0x110000;
const kind = new Uint8Array(N);
const flags = new Uint32Array(N);
const nfd = new Map(); // cp -> full canonical decomposition (non-Hangul)

for (let cp = 0; cp < N; cp++) {
  if (isSurrogate(cp)) continue;
  const s = chr(cp);
  let k = KIND.NORMAL;
  if (cp >= 0xe0000 && cp <= 0xe007f) k = KIND.TAG;
  else if (reNonchar.test(s)) k = KIND.NONCHAR;
  else if (reCc.test(s)) k = KIND.CONTROL;
  else if (reDI.test(s)) k = KIND.INVISIBLE;
  else if (reCf.test(s)) k = KIND.FORMAT;
  else if (reCo.test(s)) k = KIND.PRIVATE;
  else if (reZs.test(s)) k = KIND.SPACE;
  kind[cp] = k;
  let f = k;
  if (cp >= 0x80 && (reEmoji.test(s) || reExtPict.test(s))) f |= F_EMOJI;
  if (reLM.test(s) && joinRes.some((r) => r.test(s))) f |= F_JOINER;
  if (reM.test(s)) f |= F_MARK;
  const d = s.normalize("NFD");
  if (d !== s && !isHangulSyllable(cp)) { f |= F_DECOMP; nfd.set(cp, cps(d)); }
  if (s.normalize("NFC") !== s) f |= F_NFC_NO;
  flags[cp] = f;
}

// --- combining-class ranks -------------------------------------------------------------------
const swaps = (a, b) => a !== b && String.fromCodePoint(a, b).normalize("NFD") === String.fromCodePoint(b, a);
const nonStarters = [];
for (let cp = 0; cp < N; cp++) {
  if (isSurrogate(cp) || (flags[cp] & F_DECOMP) || isHangulSyllable(cp)) continue;
  // U+0345 has the highest class (240), U+0301 has 230: any class in 1..239 moves before U+0345,
  // any class above 230 moves after U+0301, so together they find every non-zero class.
  if (swaps(0x345, cp) || swaps(cp, 0x301)) nonStarters.push(cp);
}
const cmp = (a, b) => (swaps(a, b) ? 1 : swaps(b, a) ? -1 : 0);
nonStarters.sort(cmp);
const rank = new Map();
let r = 0;
for (let i = 0; i < nonStarters.length; i++) {
  if (i === 0 || cmp(nonStarters[i - 1], nonStarters[i]) !== 0) r++;
  rank.set(nonStarters[i], r);
}
if (r > 255) fail(`too many combining classes (${r})`);
// Verify the ranks against normalize() for one representative pair of every two classes.
const reps = [];
for (const cp of nonStarters) if (reps.length < rank.get(cp)) reps.push(cp);
for (const a of reps) for (const b of reps) {
  const want = rank.get(a) > rank.get(b);
  if (swaps(a, b) !== want) fail(`rank order mismatch U+${a.toString(16)} U+${b.toString(16)}`);
}
for (const [cp, rk] of rank) flags[cp] |= rk << CCC_SHIFT;
// Decomposable characters take the rank of their first decomposed character (U+0344 -> U+0308).
for (const [cp, d] of nfd) flags[cp] |= (rank.get(d[0]) || 0) << CCC_SHIFT;

// --- composition pairs and single-level decompositions ----------------------------------------
const cccOf = (cp) => (flags[cp] >>> CCC_SHIFT) & 0xff;
const fullDecomp = (cp, map) => {
  if (isHangulSyllable(cp)) return cps(chr(cp).normalize("NFD"));
  const m = map.get(cp);
  if (!m) return [cp];
  const out = fullDecomp(m[0], map);
  if (m[1]) out.push(...fullDecomp(m[1], map));
  return out;
};
const reorder = (arr) => {
  // stable sort of each run of non-starters by rank (what the wasm side does)
  const out = arr.slice();
  for (let i = 0; i < out.length; ) {
    if (cccOf(out[i]) === 0) { i++; continue; }
    let j = i;
    while (j < out.length && cccOf(out[j]) !== 0) j++;
    const run = out.slice(i, j).map((c, k) => [c, k]).sort((x, y) => cccOf(x[0]) - cccOf(y[0]) || x[1] - y[1]);
    for (let k = i; k < j; k++) out[k] = run[k - i][0];
    i = j;
  }
  return out;
};
const single = new Map(); // cp -> [first, second|0]
const pairs = []; // [first, second, composite]
// The first half of a mapping is the character whose full decomposition is the prefix; prefer a
// primary composite (U+00C5 over U+212B) because that is what composition builds step by step.
const revNfd = new Map();
for (const [cp, d] of nfd) {
  const key = d.join();
  const prev = revNfd.get(key);
  if (prev === undefined || ((flags[prev] & F_NFC_NO) && !(flags[cp] & F_NFC_NO))) revNfd.set(key, cp);
}
for (const [cp, d] of nfd) {
  if (d.length === 1) { single.set(cp, [d[0], 0]); continue; }
  const prefix = d.slice(0, -1);
  const first = prefix.length === 1 ? prefix[0] : revNfd.get(prefix.join());
  if (first === undefined) fail(`no single-level decomposition for U+${cp.toString(16)}`);
  single.set(cp, [first, d[d.length - 1]]);
}
for (const [cp, want] of nfd) {
  const got = reorder(fullDecomp(cp, single));
  if (got.join() !== want.join()) fail(`decomposition check failed for U+${cp.toString(16)}`);
}
for (const [cp, [a, b]] of single) {
  if (!b) continue;
  if (flags[cp] & F_NFC_NO) continue; // excluded from composition
  if (String.fromCodePoint(a, b).normalize("NFC") !== chr(cp)) continue;
  if (cccOf(a) !== 0) fail(`composition with a non-starter first U+${a.toString(16)}`);
  pairs.push([a, b, cp]);
}
for (const [, b] of pairs) flags[b] |= F_NFC_MAYBE;
for (let cp = 0x1161; cp <= 0x1175; cp++) flags[cp] |= F_NFC_MAYBE;
for (let cp = 0x11a8; cp <= 0x11c2; cp++) flags[cp] |= F_NFC_MAYBE;
// Simulate the wasm composition on every primary composite's decomposition.
const pairMap = new Map(pairs.map(([a, b, c]) => [a + "," + b, c]));
const composeSim = (d) => {
  const t = d.slice();
  let sp = 0, last = cccOf(t[0]) ? 256 : 0, w = 1;
  for (let i = 1; i < t.length; i++) {
    const ch = t[i], cc = cccOf(ch);
    const c = pairMap.get(t[sp] + "," + ch);
    if (c !== undefined && (last < cc || last === 0)) { t[sp] = c; continue; }
    if (cc === 0) sp = w;
    last = cc;
    t[w++] = ch;
  }
  return t.slice(0, w);
};
for (const [cp, d] of nfd) {
  const want = cps(chr(cp).normalize("NFC"));
  if (composeSim(d).join() !== want.join()) fail(`composition check failed for U+${cp.toString(16)}`);
}
// Cross-check the derived MAYBE set: a character with a rank or MAYBE/NO flag is never a boundary.
for (let cp = 0x80; cp < N; cp++) {
  if (isSurrogate(cp)) continue;
  if ((flags[cp] & F_NFC_NO) && (flags[cp] & F_NFC_MAYBE)) fail(`NO and MAYBE on U+${cp.toString(16)}`);
}

// --- assumptions the wasm lookup relies on above TABLE_LIMIT ----------------------------------
for (let cp = TABLE_LIMIT; cp < N; cp++) {
  const f = flags[cp];
  let want;
  if (cp >= 0xe0000 && cp <= 0xe007f) want = KIND.TAG;
  else if ((cp & 0xfffe) === 0xfffe) want = KIND.NONCHAR;
  else if (cp >= 0xe0080 && cp <= 0xe0fff) want = KIND.INVISIBLE;
  else if (cp >= 0xf0000) want = KIND.PRIVATE;
  else want = KIND.NORMAL;
  const k = f & 7;
  const extra = f & ~7 & ~(cp >= 0xe0100 && cp <= 0xe01ef ? F_MARK : 0);
  if (k !== want || extra !== 0) fail(`U+${cp.toString(16)} breaks the above-table assumption (kind ${k}, flags ${f})`);
}

// --- three-stage table: cp -> top block -> leaf block -> class id ------------------------------
const infoIds = new Map();
const infos = [];
const idOf = new Uint8Array(TABLE_LIMIT);
for (let cp = 0; cp < TABLE_LIMIT; cp++) {
  const f = isSurrogate(cp) ? 0 : flags[cp];
  let id = infoIds.get(f);
  if (id === undefined) { id = infos.length; infos.push(f); infoIds.set(f, id); }
  idOf[cp] = id;
}
if (infos.length > 256) fail(`${infos.length} property classes do not fit a byte`);
// Try the split points and keep the smallest; leaves are u8 class ids, the middle stage holds
// u16 leaf numbers, the top stage u8 middle-block numbers.
let best = null;
for (let leafShift = 3; leafShift <= 7; leafShift++) {
  for (let midShift = 2; midShift <= 6; midShift++) {
    const leafSize = 1 << leafShift;
    const midSize = 1 << midShift;
    const leafMap = new Map();
    const leaves = [];
    const leafOf = [];
    for (let base = 0; base < TABLE_LIMIT; base += leafSize) {
      const key = idOf.subarray(base, base + leafSize).join(",");
      let n = leafMap.get(key);
      if (n === undefined) { n = leafMap.size; leafMap.set(key, n); leaves.push(...idOf.subarray(base, base + leafSize)); }
      leafOf.push(n);
    }
    const midMap = new Map();
    const mids = [];
    const top = [];
    for (let base = 0; base < leafOf.length; base += midSize) {
      const key = leafOf.slice(base, base + midSize).join(",");
      let n = midMap.get(key);
      if (n === undefined) { n = midMap.size; midMap.set(key, n); mids.push(...leafOf.slice(base, base + midSize)); }
      top.push(n);
    }
    if (midMap.size > 256 || leafMap.size > 65535) continue;
    const bytes = top.length + mids.length * 2 + leaves.length;
    if (!best || bytes < best.bytes) best = { leafShift, midShift, top, mids, leaves, bytes };
  }
}

// --- emit tables.ts ---------------------------------------------------------------------------
const hex = (n, w = 0) => "0x" + n.toString(16).toUpperCase().padStart(w, "0");
const rows = (arr, per, fmt) => {
  const out = [];
  for (let i = 0; i < arr.length; i += per) out.push("  " + arr.slice(i, i + per).map(fmt).join(","));
  return out.join(",\n");
};
const decompRows = [...single].sort((a, b) => a[0] - b[0]).map(([cp, [a, b]]) => (BigInt(cp) << 42n) | (BigInt(a) << 21n) | BigInt(b));
const compRows = pairs.map(([a, b, c]) => (BigInt(a) << 42n) | (BigInt(b) << 21n) | BigInt(c)).sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
const u64hex = (v) => "0x" + v.toString(16).toUpperCase();
const tableBytes = best.bytes + infos.length * 4 + decompRows.length * 8 + compRows.length * 8;
const shiftTop = best.leafShift + best.midShift;

const tablesTs = `// Code generated by ${GENERATOR} — DO NOT EDIT.
// Source: Unicode ${UNICODE} as shipped in ICU ${ICU} (String.prototype.normalize, \\p{…} regexes);
//   nothing is downloaded.
// Unicode version: ${UNICODE}
// Size: ${tableBytes} bytes of static data (property stages ${best.top.length} + ${best.mids.length * 2} + ${best.leaves.length} B, ${infos.length} property classes, ${decompRows.length} decompositions, ${compRows.length} composition pairs).
// Why generated: the sanitizer must give the same bytes in every runtime, so it cannot use the
// host's ICU; one pinned Unicode version is embedded in the wasm instead.

/** Unicode version the tables were generated from. */
export const UNICODE_VERSION = "${UNICODE}";

/** Code points at or above this limit are classified by code (see props.ts), not by the table. */
export const TABLE_LIMIT: u32 = ${hex(TABLE_LIMIT)};
/** cp >> TOP_SHIFT indexes PROP_TOP; the middle and leaf stages take MID_BITS and LEAF_BITS. */
export const TOP_SHIFT: u32 = ${shiftTop};
export const MID_BITS: u32 = ${best.midShift};
export const LEAF_BITS: u32 = ${best.leafShift};

// Property bits (see props.ts for their meaning).
export const KIND_MASK: u32 = 7;
export const KIND_NORMAL: u32 = ${KIND.NORMAL};
export const KIND_INVISIBLE: u32 = ${KIND.INVISIBLE};
export const KIND_FORMAT: u32 = ${KIND.FORMAT};
export const KIND_PRIVATE: u32 = ${KIND.PRIVATE};
export const KIND_TAG: u32 = ${KIND.TAG};
export const KIND_SPACE: u32 = ${KIND.SPACE};
export const KIND_CONTROL: u32 = ${KIND.CONTROL};
export const KIND_NONCHAR: u32 = ${KIND.NONCHAR};
export const F_EMOJI: u32 = ${hex(F_EMOJI)};
export const F_JOINER: u32 = ${hex(F_JOINER)};
export const F_NFC_NO: u32 = ${hex(F_NFC_NO)};
export const F_NFC_MAYBE: u32 = ${hex(F_NFC_MAYBE)};
export const F_DECOMP: u32 = ${hex(F_DECOMP)};
export const F_MARK: u32 = ${hex(F_MARK)};
export const CCC_SHIFT: u32 = ${CCC_SHIFT};

export const DECOMP_COUNT: i32 = ${decompRows.length};
export const COMP_COUNT: i32 = ${compRows.length};

/** Property class id -> property bits (kind | flags | ccc rank << CCC_SHIFT). */
// @ts-ignore: decorator
@lazy export const PROP_INFO = memory.data<u32>([
${rows(infos, 8, (v) => hex(v))}
]);

/** Top stage: cp >> TOP_SHIFT -> middle block number. */
// @ts-ignore: decorator
@lazy export const PROP_TOP = memory.data<u8>([
${rows(best.top, 32, String)}
]);

/** Middle stage: middle block << MID_BITS | (cp >> LEAF_BITS) & (2^MID_BITS - 1) -> leaf number. */
// @ts-ignore: decorator
@lazy export const PROP_MID = memory.data<u16>([
${rows(best.mids, 24, String)}
]);

/** Leaf stage: leaf << LEAF_BITS | cp & (2^LEAF_BITS - 1) -> property class id. */
// @ts-ignore: decorator
@lazy export const PROP_LEAF = memory.data<u8>([
${rows(best.leaves, 48, String)}
]);

/** Single-level canonical decompositions, sorted: cp << 42 | first << 21 | second (0 = none). */
// @ts-ignore: decorator
@lazy export const DECOMP = memory.data<u64>([
${rows(decompRows, 4, u64hex)}
]);

/** Primary compositions, sorted: first << 42 | second << 21 | composite. */
// @ts-ignore: decorator
@lazy export const COMP = memory.data<u64>([
${rows(compRows, 4, u64hex)}
]);
`;

// ---------------------------------------------------------------------------------------------
// 2. HTML5 named character references
// ---------------------------------------------------------------------------------------------
function loadEntities() {
  let raw = null;
  let source = null;
  if (entitiesArg) {
    raw = JSON.parse(readFileSync(entitiesArg, "utf8"));
    source = entitiesArg;
  } else {
    try {
      const py = "import json,sys,html.entities as e;json.dump(e.html5,sys.stdout)";
      raw = JSON.parse(execFileSync("python3", ["-c", py], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }));
      source = "CPython's html.entities.html5 (the WHATWG named character reference list)";
    } catch { return null; }
  }
  const map = new Map(); // name without '&' -> string value
  for (const [k, v] of Object.entries(raw)) {
    const name = k.replace(/^&/, "");
    const val = typeof v === "string" ? v : String.fromCodePoint(...v.codepoints);
    map.set(name, val);
  }
  return { map, source };
}

let entitiesTs = null;
const ent = loadEntities();
if (ent) {
  const names = new Map(); // base name -> {value, legacy}
  for (const [name, value] of ent.map) {
    const semi = name.endsWith(";");
    const base = semi ? name.slice(0, -1) : name;
    const e = names.get(base) || { value, legacy: false, semi: false };
    if (semi) e.semi = true; else e.legacy = true;
    if (e.value !== value) fail(`entity ${base} has two values`);
    names.set(base, e);
  }
  const sorted = [...names.keys()].sort((a, b) => (Buffer.compare(Buffer.from(a), Buffer.from(b))));
  const data = [];
  const index = [];
  let maxLegacy = 0;
  let maxName = 0;
  for (const name of sorted) {
    const e = names.get(name);
    if (!e.semi) fail(`entity ${name} lacks its ';' form`);
    const nb = Buffer.from(name, "latin1");
    const vb = Buffer.from(e.value, "utf8");
    if (nb.length > 127 || vb.length > 255) fail(`entity ${name} too long`);
    if (e.legacy) maxLegacy = Math.max(maxLegacy, nb.length);
    maxName = Math.max(maxName, nb.length);
    index.push(data.length);
    data.push(nb.length | (e.legacy ? 0x80 : 0), ...nb, vb.length, ...vb);
  }
  if (data.length > 0xffff) fail("entity data exceeds u16 offsets");
  const bytes = data.length + index.length * 2;
  entitiesTs = `// Code generated by ${GENERATOR} — DO NOT EDIT.
// Source: ${ent.source}; ${ent.map.size} references, ${sorted.length} distinct names.
// Size: ${bytes} bytes of static data (${index.length * 2} B index, ${data.length} B names and values).
// Layout: ENTITY_INDEX[i] is the offset in ENTITY_DATA of entry i (sorted by name bytes):
//   [name length | 0x80 if also valid without ';'] [name] [value length] [value as UTF-8]

export const ENTITY_COUNT: i32 = ${index.length};
/** Longest name (without '&' and ';'). */
export const ENTITY_MAX_NAME: i32 = ${maxName};
/** Longest name that is also recognised without a trailing ';' (legacy references like &amp). */
export const ENTITY_MAX_LEGACY: i32 = ${maxLegacy};

// @ts-ignore: decorator
@lazy export const ENTITY_INDEX = memory.data<u16>([
${rows(index, 16, String)}
]);

// @ts-ignore: decorator
@lazy export const ENTITY_DATA = memory.data<u8>([
${rows(data, 40, String)}
]);
`;
}

// ---------------------------------------------------------------------------------------------
const outputs = [[OUT_TABLES, tablesTs]];
if (entitiesTs) outputs.push([OUT_ENTITIES, entitiesTs]);
else if (!existsSync(OUT_ENTITIES)) fail("no entity source (python3 or --entities FILE) and no committed entities.ts");
else console.warn("gen-unicode-tables: no entity source found; keeping the committed entities.ts");

let stale = false;
// --check ignores the "// Source:" line (another ICU patch release may ship the same Unicode data)
// but not the data or the "Unicode version:" line.
const comparable = (t) => t.split("\n").filter((l) => !l.startsWith("// Source:")).join("\n");
for (const [file, text] of outputs) {
  if (CHECK) {
    const cur = existsSync(file) ? readFileSync(file, "utf8") : "";
    if (comparable(cur) !== comparable(text)) { console.error(`stale: ${file}`); stale = true; }
  } else {
    writeFileSync(file, text);
  }
}
console.log(`Unicode ${UNICODE} (ICU ${ICU}): ${infos.length} classes, ${nonStarters.length} non-starters in ${r} ranks, ` +
  `${decompRows.length} decompositions, ${compRows.length} compositions, tables ${tableBytes} B` +
  (entitiesTs ? `; entities from ${ent.source}` : ""));
if (stale) process.exit(1);
