// Layers 1-7 of the sanitizer as one streaming pass over UTF-8 in linear memory.
//
// Each layer is a stage that sees only what the stage before it passed on:
//   decode (malformed UTF-8 -> U+FFFD) -> 1 invisible -> 2 controls -> 3 format/nonchar
//   -> 5 private use -> 6 tag characters -> 4 NFC -> 7 horizontal whitespace -> output
// so the result is the same as running the layers one after another over the whole text, without
// the intermediate copies. Private-use and tag characters are taken out just before NFC rather
// than after it (they are starters that never compose, so nothing else changes): that way what
// they separated still composes and the output is always NFC — `가` + U+E0041 + `ᆨ` gives `각`,
// and sanitizing twice gives the same text. Their counts stay under layers 5 and 6. Layer 8,
// markers, framework tag escaping and the fence work on the output afterwards (sanitize.ts).
//
// Fast path (fastRun): a run of characters that no layer touches (plainrun.ts finds where it ends)
// is copied as bytes; the run's last character stays pending in the NFC segment because a
// combining mark may still follow it.
//
// Why module globals and raw pointers instead of a class: the hot path touches only numbers, so
// nothing is spilled or re-read through object fields per character; objects (the output
// ByteBuffer, the report) are synced at the start and end of a run and when a buffer grows.
import { ByteBuffer } from "../util/bytes";
import { SanitizeOptions } from "./options";
import { SanitizeReport } from "./report";
import {
  propsOf, decodeUtf8, isMalformed, isBidiControl, storeUtf8,
  KIND_MASK, KIND_INVISIBLE, KIND_FORMAT, KIND_NONCHAR, KIND_CONTROL, KIND_PRIVATE, KIND_TAG, KIND_SPACE,
} from "./props";
import { nfcSegment, nfcOutPtr } from "./nfc";
import * as tags from "./tags";
import { keepInvisible } from "./joiners";
import {
  scanPlainRun, isMarkerByte, punctBits, runLast, runChars, runHint, runOpensTemplate, runWsFrom, NOT_BOUNDARY, OPENS_TEMPLATE,
} from "./plainrun";

const CANCEL_TAG: u32 = 0xe007f;

// Options of the current run.
let optInvisible = true;
let optControls = true;
let optFormat = true;
let optNfc = true;
let optPrivateUse = true;
let optTags = true;
let optWhitespace = true;
let oneLine = false;

// Counters of the current run (copied into the report at the end).
let cInvisible = 0;
let cControls = 0;
let cFormat = 0;
let cNfc = 0;
let cPrivateUse = 0;
let cTags = 0;
let cWhitespace = 0;
let cInvalid = 0;
let fBidi = false;
/** A U+FFFD was decoded (plainrun.ts leaves every one to the slow path, which sets this). */
let fReplacement = false;

// Output: raw view of outBuf, which is grown only in growOut().
let outBuf: ByteBuffer = new ByteBuffer(256);
let outPtr: usize = 0;
let outLen: i32 = 0;
let outCap: i32 = 0;

// Layer state.
let l1Last: u32 = 0;
let l1LastProps: u32 = 0;
let pendingCR = false;
let segBuf = new StaticArray<u32>(64);
let segPtr: usize = changetype<usize>(segBuf);
let segCap: i32 = 64;
let segLen: i32 = 0;
let segStartProps: u32 = 0;
let lastL6: u32 = 0;
let lastWasSpace = false;
/** Output offset where the spaces and tabs at the end of the output begin, or -1 (layer 7). */
let wsOut: i32 = -1;

/** '<' or a look-alike reached the output of the last run (framework tag escaping may have work). */
export let sawLt = false;
/** A character a marker spoof needs reached the output of the last run (isMarkerByte, punctHint). */
export let markerHint = false;
/**
 * A non-ASCII character that folds to '<' or '[' reached the output of the last run. Without
 * one only ASCII '<', '[' and line breaks can open a chat-template marker (template.ts).
 */
export let bracketHint = false;

/**
 * Run layers 1-7 over (ptr, len) into out (reset first). With `line` set, \n and \t count as
 * horizontal whitespace too (the fence's Source: line) and whitespace collapsing is forced on.
 */
export function runLayers(ptr: usize, len: i32, options: SanitizeOptions, report: SanitizeReport, out: ByteBuffer, line: bool): void {
  optInvisible = options.invisible;
  optControls = options.controls;
  optFormat = options.format;
  optNfc = options.nfc;
  optPrivateUse = options.privateUse;
  optTags = options.tags;
  oneLine = line;
  optWhitespace = options.whitespace || line;
  cInvisible = cControls = cFormat = cNfc = cPrivateUse = cTags = cWhitespace = cInvalid = 0;
  fBidi = false;
  fReplacement = false;
  l1Last = l1LastProps = 0;
  pendingCR = false;
  segLen = 0;
  segStartProps = 0;
  lastL6 = 0;
  lastWasSpace = false;
  wsOut = -1;
  sawLt = false;
  markerHint = false;
  bracketHint = false;
  tags.reset();
  out.reset();
  out.ensure(len + 16);
  outBuf = out;
  outPtr = out.ptr;
  outLen = 0;
  outCap = out.data.length;

  scan(ptr, ptr + <usize>len);
  if (tags.selectorPending()) tags.endSelectorRun();
  if (tags.pending()) endTagRun();
  flushSegment();
  if (optWhitespace && !oneLine) trimTrailing();

  out.length = outLen;
  report.invisible += cInvisible;
  report.controls += cControls;
  report.format += cFormat;
  report.nfc += cNfc;
  report.privateUse += cPrivateUse;
  report.tags += cTags;
  report.whitespace += cWhitespace;
  report.invalid += cInvalid;
  if (fBidi) report.bidiOverride = true;
  if (fReplacement) report.sawReplacement = true;
  if (tags.smuggled) {
    report.tagSmuggling = true;
    tags.copyDecoded(report);
  }
}

function scan(p: usize, end: usize): void {
  const fast = !oneLine;
  while (p < end) {
    const b = <u32>load<u8>(p);
    if (fast && (b - 0x20 < 0x5f || b >= 0xc2)) {
      const next = fastRun(p, end);
      if (next != p) {
        p = next;
        continue;
      }
    }
    const packed = decodeUtf8(p, end);
    // A real U+FFFD is EF BF BD; any other sequence that decodes to it was malformed (also the
    // three bytes of a cut four-byte sequence).
    if ((packed & 0xffffff) == 0xfffd) {
      fReplacement = true;
      if (isMalformed(packed) || load<u8>(p) != 0xef) cInvalid++;
    } else if (isMalformed(packed)) cInvalid++;
    p += <usize>(packed >> 24);
    layer1(packed & 0xffffff, p, end);
  }
}

function growOut(extra: i32): void {
  outBuf.length = outLen;
  outBuf.ensure(extra);
  outPtr = outBuf.ptr;
  outCap = outBuf.data.length;
}

/**
 * Copy a run of characters no layer touches (plainrun.ts) straight to the output. Returns where
 * the run stopped, or p when it is under two characters or must go through layer 7 first. The
 * run's last character stays pending in the NFC segment, because a combining mark may follow it.
 */
function fastRun(p: usize, end: usize): usize {
  const q = scanPlainRun(p, end, optWhitespace);
  const last = runLast;
  const chars = runChars;
  const hint = runHint;
  if (chars < 2) return p;
  if (tags.selectorPending()) tags.endSelectorRun();
  // The run's first character is an NFC boundary, so the pending segment is complete, and it is
  // not a tag character, so a pending tag run ends here.
  if (tags.pending()) endTagRun();
  flushSegment();
  if (hint & 1) sawLt = true;
  if (hint & 2) markerHint = true;
  if (runOpensTemplate) bracketHint = true;
  const keep = <i32>((optNfc ? last : q) - p);
  if (outLen + keep > outCap) growOut(keep);
  memory.copy(outPtr + <usize>outLen, p, <usize>keep);
  // Spaces and tabs at the end of what was copied may turn out to be trailing (layer 7).
  const ws = runWsFrom;
  if (ws != 0 && ws < p + <usize>keep) {
    if (!(ws == p && wsOut >= 0)) wsOut = outLen + <i32>(ws - p); // else the run began before p
  } else if (keep > 0) {
    wsOut = -1;
  }
  outLen += keep;
  const lastCp = decodeUtf8(last, end) & 0xffffff;
  const lastProps = propsOf(lastCp);
  lastL6 = lastCp;
  if (optNfc) {
    // chars >= 2, so last > p and the byte before it ends the copied text.
    lastWasSpace = load<u8>(last - 1) == 0x20;
    store<u32>(segPtr, lastCp);
    segLen = 1;
    segStartProps = lastProps;
  } else {
    lastWasSpace = lastCp == 0x20;
  }
  l1Last = lastCp;
  l1LastProps = lastProps;
  pendingCR = false;
  return q;
}

// --- layer 1: invisible characters ------------------------------------------------------------
// @ts-ignore: decorator
@inline function layer1(cp: u32, next: usize, end: usize): void {
  const props = propsOf(cp);
  const selector = tags.selectorByte(cp);
  if (selector < 0 && tags.selectorPending()) tags.endSelectorRun();
  if ((props & KIND_MASK) == KIND_INVISIBLE) {
    if (isBidiControl(cp)) fBidi = true;
    if (optInvisible && !keepInvisible(cp, l1Last, l1LastProps, next, end)) {
      if (selector >= 0) tags.pushSelector(selector);
      cInvisible++;
      return;
    }
  }
  l1Last = cp;
  l1LastProps = props;
  layer2(cp, props);
}

// --- layer 2: control characters --------------------------------------------------------------
// @ts-ignore: decorator
@inline function layer2(cp: u32, props: u32): void {
  if ((props & KIND_MASK) == KIND_CONTROL || cp - 0x2028 < 2) {
    if (cp == 0x0a) {
      if (pendingCR) {
        pendingCR = false;
        return;
      }
    } else if (cp != 0x09 && optControls) {
      cControls++;
      if (cp == 0x0d || cp - 0x2028 < 2) {
        layer3(0x0a, propsOf(0x0a));
        pendingCR = cp == 0x0d;
        return;
      }
      pendingCR = false;
      return;
    }
  }
  pendingCR = false;
  layer3(cp, props);
}

// --- layer 3: other format characters and noncharacters ---------------------------------------
// @ts-ignore: decorator
@inline function layer3(cp: u32, props: u32): void {
  const kind = props & KIND_MASK;
  if ((kind == KIND_FORMAT || kind == KIND_NONCHAR) && optFormat) {
    cFormat++;
    return;
  }
  layer5(cp, props);
}

// --- layer 4: NFC -----------------------------------------------------------------------------
// @ts-ignore: decorator
@inline function layer4(cp: u32, props: u32): void {
  if (!optNfc) {
    layer7(cp, props);
    return;
  }
  if ((props & NOT_BOUNDARY) == 0) {
    // Common case first: the pending segment is one boundary character, which NFC leaves alone.
    if (segLen == 1 && (segStartProps & NOT_BOUNDARY) == 0) {
      segLen = 0;
      layer7(load<u32>(segPtr), segStartProps);
    } else {
      flushSegment();
    }
  }
  if (segLen == 0) segStartProps = props;
  if (segLen == segCap) growSegment();
  store<u32>(segPtr + (<usize>segLen << 2), cp);
  segLen++;
}

function growSegment(): void {
  const bigger = new StaticArray<u32>(segCap << 1);
  memory.copy(changetype<usize>(bigger), segPtr, <usize>segLen << 2);
  segBuf = bigger;
  segPtr = changetype<usize>(bigger);
  segCap <<= 1;
}

function flushSegment(): void {
  const n = segLen;
  if (n == 0) return;
  segLen = 0;
  if (n == 1 && (segStartProps & NOT_BOUNDARY) == 0) {
    layer7(load<u32>(segPtr), segStartProps);
    return;
  }
  const m = nfcSegment(segPtr, n);
  const out = nfcOutPtr();
  let changed = m != n;
  for (let k = 0; k < m && !changed; k++) changed = load<u32>(out + (<usize>k << 2)) != load<u32>(segPtr + (<usize>k << 2));
  if (changed) cNfc++;
  for (let k = 0; k < m; k++) {
    const cp = load<u32>(out + (<usize>k << 2));
    layer7(cp, propsOf(cp));
  }
}

// --- layer 5: private use ---------------------------------------------------------------------
// @ts-ignore: decorator
@inline function layer5(cp: u32, props: u32): void {
  if ((props & KIND_MASK) == KIND_PRIVATE && optPrivateUse) {
    cPrivateUse++;
    return;
  }
  layer6(cp, props);
}

// --- layer 6: tag characters ------------------------------------------------------------------
// @ts-ignore: decorator
@inline function layer6(cp: u32, props: u32): void {
  if ((props & KIND_MASK) == KIND_TAG) {
    tags.push(cp, lastL6 == 0x1f3f4);
    lastL6 = cp;
    if (cp == CANCEL_TAG) endTagRun();
    return;
  }
  if (tags.pending()) endTagRun();
  lastL6 = cp;
  layer4(cp, props);
}

function endTagRun(): void {
  if (tags.isRgiFlag()) {
    for (let k = 0; k < tags.length(); k++) layer4(tags.at(k), KIND_TAG);
  } else {
    tags.record();
    if (optTags) cTags += tags.length();
    else for (let k = 0; k < tags.length(); k++) layer4(tags.at(k), KIND_TAG);
  }
  tags.clearRun();
}

// --- layer 7: horizontal whitespace -----------------------------------------------------------
// Indentation and runs inside a line carry meaning (Python, YAML, aligned columns) and stay; what
// cannot carry meaning goes: other space characters (NBSP, U+2000-200A, U+3000…) become a plain
// space, and spaces and tabs at the end of a line or of the text are removed. On the one-line
// Source: label every run, newlines and tabs included, becomes one space.
// @ts-ignore: decorator
@inline function layer7(cp: u32, props: u32): void {
  const space = (props & KIND_MASK) == KIND_SPACE;
  if (oneLine) {
    if (space || cp == 0x0a || cp == 0x09) {
      if (lastWasSpace) {
        cWhitespace++;
        return;
      }
      if (cp != 0x20) cWhitespace++;
      lastWasSpace = true;
      emit(0x20);
      return;
    }
    lastWasSpace = false;
    emit(cp);
    return;
  }
  if (!optWhitespace) {
    emit(cp);
    return;
  }
  if (space || cp == 0x09) {
    if (wsOut < 0) wsOut = outLen;
    if (cp != 0x20 && cp != 0x09) {
      cWhitespace++;
      cp = 0x20;
    }
    emit(cp);
    return;
  }
  if (cp == 0x0a) trimTrailing();
  wsOut = -1;
  emit(cp);
}

/** Remove the spaces and tabs at the end of the output (they end a line or the text). */
function trimTrailing(): void {
  if (wsOut >= 0) {
    cWhitespace += outLen - wsOut;
    outLen = wsOut;
  }
  wsOut = -1;
}

// @ts-ignore: decorator
@inline function emit(cp: u32): void {
  if (cp >= 0x80) {
    const hint = punctBits(cp);
    if (hint & 1) sawLt = true;
    if (hint & 2) markerHint = true;
    if (hint & OPENS_TEMPLATE) bracketHint = true;
  } else if (cp == 0x3c) {
    sawLt = true;
    markerHint = true;
  } else if (isMarkerByte(cp)) markerHint = true;
  if (outLen + 4 > outCap) growOut(4);
  outLen += storeUtf8(outPtr + <usize>outLen, cp);
}
