// Folding for marker and tag detection: maps look-alikes onto the ASCII character a reader takes
// them for, so `＜＜＜ＥＸＴＥＲＮＡＬ＿…`, `⟨⟨⟨ЕXTERNAL_…`, `ℰ𝐗ᴛᴇʀɴᴀʟ…` or `<ꜱystem>` are seen as the
// marker or tag they imitate. The mapping is Unicode's own look-alike data: the UTS #39
// confusables skeleton plus compatibility decomposition, reduced to one ASCII character
// (scripts/gen-confusables.mjs generates confusables.ts from it; see there for the few extras).
// Characters that render as nothing (invisible, format, tag characters, combining marks) are
// skipped, so `E\u0301XTERNAL` and `EX\u200bTERNAL` match too.
import { propsOf, KIND_MASK, KIND_INVISIBLE, KIND_FORMAT, KIND_TAG, KIND_SPACE, KIND_CONTROL, F_MARK } from "./props";
import { CONFUSABLE_RUNS, RUN_START, RUN_INFO, WORD_START_BLOCKS, PUNCT_BLOCKS, BRACKET_BLOCKS } from "./confusables";

/** Fold result for characters that render as nothing (skipped while matching). */
export const FOLD_SKIP: u32 = 1;
/** Fold result for anything that is not part of a marker. */
export const FOLD_OTHER: u32 = 0;

/** The ASCII look-alike of a non-ASCII code point (letters upper-case), or 0: a binary search of the runs. */
export function confusableOf(cp: u32): u32 {
  let lo = 0;
  let hi = CONFUSABLE_RUNS - 1;
  if (cp < load<u32>(RUN_START)) return 0;
  // Last run starting at or before cp.
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (load<u32>(RUN_START + (<usize>mid << 2)) <= cp) lo = mid;
    else hi = mid - 1;
  }
  const start = load<u32>(RUN_START + (<usize>lo << 2));
  const info = <u32>load<u16>(RUN_INFO + (<usize>lo << 1));
  const offset = cp - start;
  if (offset > (info >> 9)) return 0;
  return (info & 0xff) + ((info >> 8) & 1 ? offset : 0);
}

// @ts-ignore: decorator
@inline function inBlocks(blocks: usize, cp: u32): bool {
  return cp < 0x40000 && ((load<u64>(blocks + (<usize>(cp >> 12) << 3)) >> <u64>((cp >> 6) & 63)) & 1) != 0;
}

/** '<' or '>' for an angle-bracket look-alike (not ASCII), else FOLD_OTHER. */
export function foldBracket(cp: u32): u32 {
  if (!inBlocks(PUNCT_BLOCKS, cp)) return FOLD_OTHER;
  const f = confusableOf(cp);
  return f == 0x3c || f == 0x3e ? f : FOLD_OTHER;
}

/** Whether a non-ASCII cp may fold to < > _ or = (false is certain; true needs foldMarkerChar). */
// @ts-ignore: decorator
@inline export function mayFoldToPunct(cp: u32): bool {
  return inBlocks(PUNCT_BLOCKS, cp);
}

/** Whether a non-ASCII cp may fold to < > [ ] or | (false is certain). */
// @ts-ignore: decorator
@inline export function mayFoldToBracket(cp: u32): bool {
  return inBlocks(BRACKET_BLOCKS, cp);
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
  const props = propsOf(cp);
  const kind = props & KIND_MASK;
  if (kind == KIND_INVISIBLE || kind == KIND_FORMAT || kind == KIND_TAG || (props & F_MARK) != 0) {
    return cp == 0x0332 ? 0x5f : FOLD_SKIP;
  }
  if (kind == KIND_SPACE) return 0x20;
  if (kind == KIND_CONTROL) return FOLD_OTHER;
  return confusableOf(cp);
}

/** Whether cp folds to a marker word's first letter (E, U, C, or 3 read as E). */
export function couldStartWord(cp: u32): bool {
  if (cp < 0x80) {
    const l = cp | 0x20;
    return l == 0x65 || l == 0x75 || l == 0x63 || cp == 0x33;
  }
  if (!inBlocks(WORD_START_BLOCKS, cp)) return false;
  const f = foldMarkerChar(cp);
  return f == 0x45 || f == 0x55 || f == 0x43 || f == 0x33;
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
