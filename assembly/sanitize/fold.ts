// Folding for fence-marker detection: maps look-alikes onto the few ASCII characters a marker is
// made of, so `＜＜＜ＥＸＴＥＲＮＡＬ＿…`, `⟨⟨⟨ЕXTERNAL_…` or `𝐄𝐗𝐓𝐄𝐑𝐍𝐀𝐋_…` are seen as the marker.
// Covers OpenClaw's folds (fullwidth letters, FF1C/FF1E, 2329/232A, 3008/3009, 2039/203A,
// 27E8/27E9, FE64/FE65) plus the extra brackets some ports add, fullwidth underscore and
// look-alike low lines, Cyrillic/Greek capitals that look Latin, mathematical, circled and
// squared letters, and letters with diacritics (via their canonical decomposition).
import { propsOf, KIND_MASK, KIND_INVISIBLE, KIND_FORMAT, KIND_TAG, KIND_SPACE, KIND_CONTROL, F_MARK, F_DECOMP } from "./props";
import { firstOfDecomposition } from "./nfc";

/** Fold result for characters that render as nothing (skipped while matching). */
export const FOLD_SKIP: u32 = 1;
/** Fold result for anything that is not part of a marker. */
export const FOLD_OTHER: u32 = 0;

/** Cyrillic and Greek letters that look like Latin capitals (both cases). */
function foldHomoglyph(cp: u32): u32 {
  switch (cp) {
    case 0x0410: case 0x0430: case 0x0391: case 0x03b1: return 0x41; // A
    case 0x0412: case 0x0432: case 0x0392: case 0x03b2: return 0x42; // B
    case 0x0421: case 0x0441: case 0x03f9: case 0x03f2: return 0x43; // C
    case 0x0415: case 0x0435: case 0x0395: case 0x03b5: return 0x45; // E
    case 0x041d: case 0x043d: case 0x0397: return 0x48; // H
    case 0x0406: case 0x0456: case 0x0399: case 0x03b9: case 0x04c0: case 0x0131: return 0x49; // I
    case 0x0408: case 0x0458: case 0x037f: return 0x4a; // J
    case 0x041a: case 0x043a: case 0x039a: case 0x03ba: case 0x212a: return 0x4b; // K
    case 0x041c: case 0x043c: case 0x039c: return 0x4d; // M
    case 0x039d: case 0x03bd: return 0x4e; // N
    case 0x041e: case 0x043e: case 0x039f: case 0x03bf: return 0x4f; // O
    case 0x0420: case 0x0440: case 0x03a1: case 0x03c1: return 0x50; // P
    case 0x051a: case 0x051b: return 0x51; // Q
    case 0x0405: case 0x0455: case 0x017f: return 0x53; // S
    case 0x0422: case 0x0442: case 0x03a4: case 0x03c4: return 0x54; // T
    case 0x054d: case 0x057d: return 0x55; // U (Armenian)
    case 0x0474: case 0x0475: return 0x56; // V
    case 0x051c: case 0x051d: return 0x57; // W
    case 0x0425: case 0x0445: case 0x03a7: case 0x03c7: return 0x58; // X
    case 0x0423: case 0x0443: case 0x03a5: case 0x03c5: return 0x59; // Y
    case 0x0396: case 0x03b6: return 0x5a; // Z
  }
  return FOLD_OTHER;
}

/** '<' or '>' for an angle-bracket look-alike (not fullwidth: see foldMarkerChar), else FOLD_OTHER. */
export function foldBracket(cp: u32): u32 {
  switch (cp) {
    case 0x2329: case 0x3008: case 0x2039: case 0x27e8: case 0xfe64: case 0x00ab: case 0x300a:
    case 0x27ea: case 0x27ec: case 0x27ee: case 0x276c: case 0x276e: case 0x2770: case 0x02c2:
    case 0x1438: case 0x226a: case 0x22d8: case 0x29fc: case 0x2aa1: case 0xfe3d: case 0xfe3f:
    case 0x2264: case 0x2266: case 0x02f1:
      return 0x3c;
    case 0x232a: case 0x3009: case 0x203a: case 0x27e9: case 0xfe65: case 0x00bb: case 0x300b:
    case 0x27eb: case 0x27ed: case 0x27ef: case 0x276d: case 0x276f: case 0x2771: case 0x02c3:
    case 0x1433: case 0x226b: case 0x22d9: case 0x29fd: case 0x2aa2: case 0xfe3e: case 0xfe40:
    case 0x2265: case 0x2267: case 0x02f2:
      return 0x3e;
  }
  return FOLD_OTHER;
}

function foldPunct(cp: u32): u32 {
  const bracket = foldBracket(cp);
  if (bracket != FOLD_OTHER) return bracket;
  switch (cp) {
    // '_' look-alikes
    case 0xfe4d: case 0xfe4e: case 0xfe4f: case 0x2017: case 0x0332: case 0xfe33: case 0xfe34:
    case 0x02cd: case 0x2381:
      return 0x5f;
    // '-' look-alikes
    case 0x2010: case 0x2011: case 0x2012: case 0x2013: case 0x2014: case 0x2212: case 0xfe63:
      return 0x2d;
    // '"' look-alikes
    case 0x201c: case 0x201d: case 0x201e: case 0x201f: case 0x2033: case 0x02ba: case 0x3003:
    case 0x2018: case 0x2019: case 0x201a: case 0x201b: case 0x2032:
      return 0x22;
    case 0x2215: case 0x2044: case 0x29f8:
      return 0x2f;
    case 0xfe66: case 0x2261:
      return 0x3d;
  }
  return FOLD_OTHER;
}

/** Upper-case ASCII letter for the styled letter blocks, or 0. */
function foldStyledLetter(cp: u32): u32 {
  // Mathematical alphanumerics U+1D400-1D6A3: 13 alphabets of 52 (A-Z a-z); holes are unassigned.
  if (cp - 0x1d400 < 676) return 0x41 + ((cp - 0x1d400) % 52) % 26;
  if (cp - 0x24b6 < 52) return 0x41 + (cp - 0x24b6) % 26; // circled Ⓐ-ⓩ
  if (cp - 0x249c < 26) return 0x41 + (cp - 0x249c); // parenthesized ⒜-⒵
  if (cp - 0x1f130 < 26) return 0x41 + (cp - 0x1f130); // squared 🄰
  if (cp - 0x1f150 < 26) return 0x41 + (cp - 0x1f150); // negative circled 🅐
  if (cp - 0x1f170 < 26) return 0x41 + (cp - 0x1f170); // negative squared 🅰
  if (cp - 0x1f1e6 < 26) return 0x41 + (cp - 0x1f1e6); // regional indicators
  if (cp - 0x1d00 < 0x80) {
    // a few small capitals
    switch (cp) {
      case 0x1d07: return 0x45;
      case 0x1d1b: return 0x54;
      case 0x1d1c: return 0x55;
      case 0x1d0f: return 0x4f;
      case 0x1d05: return 0x44;
      case 0x1d00: return 0x41;
      case 0x1d04: return 0x43;
    }
  }
  switch (cp) {
    case 0x0274: return 0x4e; // ɴ
    case 0x0280: return 0x52; // ʀ
    case 0x029f: return 0x4c; // ʟ
    case 0x026a: return 0x49; // ɪ
  }
  return 0;
}

/**
 * Fold one code point: an upper-case ASCII letter, one of < > _ - " / = space, another ASCII
 * character as itself, FOLD_SKIP for characters that render as nothing, FOLD_OTHER otherwise.
 */
export function foldMarkerChar(cp: u32): u32 {
  if (cp < 0x80) {
    if (cp - 0x61 < 26) return cp - 0x20;
    if (cp == 0x09) return 0x20;
    return cp;
  }
  if (cp - 0xff01 < 0x5e) return foldMarkerChar(cp - 0xfee0); // fullwidth ASCII
  if (cp - 0x370 < 0x1c0) {
    // Greek and Cyrillic: the frequent case in mixed text, so only the checks that can apply.
    const h = foldHomoglyph(cp);
    if (h != FOLD_OTHER) return h;
    const gp = propsOf(cp);
    if ((gp & F_MARK) != 0) return FOLD_SKIP;
    if ((gp & F_DECOMP) != 0) {
      const base = firstOfDecomposition(cp);
      if (base != cp) return foldHomoglyph(base);
    }
    return FOLD_OTHER;
  }
  const props = propsOf(cp);
  const kind = props & KIND_MASK;
  if (kind == KIND_INVISIBLE || kind == KIND_FORMAT || kind == KIND_TAG || (props & F_MARK) != 0) {
    return cp == 0x0332 ? 0x5f : FOLD_SKIP;
  }
  if (kind == KIND_SPACE) return 0x20;
  if (kind == KIND_CONTROL) return FOLD_OTHER;
  let f = foldPunct(cp);
  if (f != FOLD_OTHER) return f;
  f = foldHomoglyph(cp);
  if (f != FOLD_OTHER) return f;
  f = foldStyledLetter(cp);
  if (f != 0) return f;
  if ((props & F_DECOMP) != 0) {
    const base = firstOfDecomposition(cp);
    if (base < 0x80 && base != cp) return foldMarkerChar(base);
    if (base != cp) return foldHomoglyph(base);
  }
  return FOLD_OTHER;
}

/**
 * Cheap pre-check for the marker scan: can cp fold to 'E'? (Exactly the code points for which
 * foldMarkerChar returns 'E', so the scan need not fold every Cyrillic or Greek letter.)
 */
export function couldFoldToE(cp: u32): bool {
  if (cp < 0x80) return (cp | 0x20) == 0x65;
  if (cp < 0x250) return cp - 0xc8 < 4 || cp - 0xe8 < 4 || cp - 0x112 < 10 || cp - 0x204 < 4 || cp - 0x228 < 2;
  if (cp < 0x500) {
    return cp == 0x388 || cp == 0x395 || cp == 0x3ad || cp == 0x3b5 || cp - 0x400 < 2 || cp == 0x415
      || cp == 0x435 || cp - 0x450 < 2 || cp - 0x4d6 < 2;
  }
  if (cp - 0x1d00 < 0x300) {
    return cp == 0x1d07 || cp - 0x1e14 < 10 || cp - 0x1eb8 < 16 || cp - 0x1f10 < 6 || cp - 0x1f18 < 6
      || cp - 0x1f72 < 2 || cp - 0x1fc8 < 2;
  }
  if (cp - 0x2400 < 0x100) return cp == 0x24a0 || cp == 0x24ba || cp == 0x24d4;
  if (cp >= 0xff00) {
    if (cp == 0xff25 || cp == 0xff45) return true;
    if (cp - 0x1d400 < 676) return (cp - 0x1d400) % 26 == 4;
    return cp == 0x1f134 || cp == 0x1f154 || cp == 0x1f174 || cp == 0x1f1ea;
  }
  return false;
}

/**
 * Pre-check for the letter after a candidate 'E': false when cp certainly does not fold to 'N'
 * or 'X' and is not skipped (so the full match need not run). Only Cyrillic, Greek and ASCII,
 * the frequent cases, are decided here; anything else says true.
 */
export function couldFollowE(cp: u32): bool {
  if (cp < 0x80) {
    const l = cp | 0x20;
    return l == 0x6e || l == 0x78 || cp < 0x20;
  }
  if (cp - 0x370 < 0x1c0) {
    return cp == 0x41d || cp == 0x43d || cp == 0x425 || cp == 0x445 || cp == 0x39d || cp == 0x3bd
      || cp == 0x3a7 || cp == 0x3c7 || cp - 0x483 < 7;
  }
  return true;
}

/** The upper-case letter a digit or sign is read as in a marker ("C0NTENT", "UN7RUSTED"), or 0. */
function leetLetter(f: u32): u32 {
  switch (f) {
    case 0x30: return 0x4f; // 0 O
    case 0x31: case 0x7c: case 0x21: return 0x49; // 1 | ! I
    case 0x33: return 0x45; // 3 E
    case 0x34: case 0x40: return 0x41; // 4 @ A
    case 0x35: case 0x24: return 0x53; // 5 $ S
    case 0x37: return 0x54; // 7 T
  }
  return 0;
}

/** Whether the folded character f may stand for the upper-case letter `letter` in a marker. */
export function letterMatches(f: u32, letter: u32): bool {
  if (f == letter) return true;
  if (letter == 0x49) return f == 0x4c || leetLetter(f) == 0x49; // l read as I
  if (letter == 0x4c) return f == 0x49 || f == 0x31 || f == 0x7c; // I, 1, | read as L
  return leetLetter(f) == letter;
}
