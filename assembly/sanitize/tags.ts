// Layer 6: Unicode tag characters U+E0000-E007F ("ASCII smuggling"). Tags render as nothing but
// spell ASCII (U+E0041 is an invisible 'A'), so a run of them is removed *and* decoded into the
// report as evidence. The one legitimate use, the RGI subdivision flags (black flag + "gbeng",
// "gbsct" or "gbwls" + cancel tag: England, Scotland, Wales), is kept as it is.
// Variation selectors are the other way to spell bytes invisibly (VS1-16 U+FE00-FE0F are 0-15,
// VS17-256 U+E0100-E01EF are 16-255): two or more in a row carry a payload, which is decoded the
// same way and flagged as tag smuggling (one alone is an emoji or ideographic variant).
// Module state, used by layers.ts one run at a time; tag characters are rare, so this is the
// cold path and may use objects freely.
import { ByteBuffer } from "../util/bytes";
import { SanitizeReport, DECODED_TAGS_LIMIT } from "./report";

const CANCEL: u8 = 0x7f;

/** Tag characters of the current run, as their low 7 bits. */
const run = new ByteBuffer(64);
let runAfterBlackFlag = false;
/** Decoded text of every smuggling run of this sanitize call. */
const decoded = new ByteBuffer(64);
/** A run that was not an RGI flag was seen. */
export let smuggled = false;

/** Bytes spelled by the current run of variation selectors. */
const selectors = new ByteBuffer(16);

export function reset(): void {
  selectors.reset();
  run.reset();
  decoded.reset();
  runAfterBlackFlag = false;
  smuggled = false;
}

// @ts-ignore: decorator
@inline export function pending(): bool {
  return run.length > 0;
}

export function length(): i32 {
  return run.length;
}

/** Add a tag character; `afterBlackFlag` is whether the character before the run is U+1F3F4. */
export function push(cp: u32, afterBlackFlag: bool): void {
  if (run.length == 0) runAfterBlackFlag = afterBlackFlag;
  run.push(<u8>(cp & 0x7f));
}

/** The k-th tag character of the run as a code point. */
export function at(k: i32): u32 {
  return 0xe0000 | <u32>load<u8>(run.ptr + <usize>k);
}

export function clearRun(): void {
  run.reset();
  runAfterBlackFlag = false;
}

export function isRgiFlag(): bool {
  if (!runAfterBlackFlag || run.length != 6) return false;
  const p = run.ptr;
  if (load<u8>(p + 5) != CANCEL || load<u8>(p) != 0x67 || load<u8>(p + 1) != 0x62) return false; // "gb"
  const a = load<u8>(p + 2), b = load<u8>(p + 3), c = load<u8>(p + 4);
  return (a == 0x65 && b == 0x6e && c == 0x67) // eng
    || (a == 0x73 && b == 0x63 && c == 0x74) // sct
    || (a == 0x77 && b == 0x6c && c == 0x73); // wls
}

/** The run is smuggling: keep the printable ASCII it spells (runs separated by "\n"). */
export function record(): void {
  smuggled = true;
  if (decoded.length >= DECODED_TAGS_LIMIT) return;
  const p = run.ptr;
  const n = run.length;
  const mark = decoded.length;
  if (mark > 0) decoded.push(0x0a);
  let any = false;
  for (let k = 0; k < n && decoded.length < DECODED_TAGS_LIMIT; k++) {
    const b = load<u8>(p + <usize>k);
    if (b >= 0x20 && b < 0x7f) {
      decoded.push(b);
      any = true;
    }
  }
  if (!any) decoded.length = mark;
}

/** Append this run's decoded text to report.decodedTags (capped, "…" when cut). */
export function copyDecoded(report: SanitizeReport): void {
  if (decoded.length == 0) return;
  let text = decoded.toString();
  if (decoded.length >= DECODED_TAGS_LIMIT) text += "…";
  const before = report.decodedTags;
  report.decodedTags = before.length == 0 ? text : before + "\n" + text;
}

/** The byte a variation selector spells, or -1 for any other code point. */
export function selectorByte(cp: u32): i32 {
  if (cp - 0xfe00 < 16) return <i32>(cp - 0xfe00);
  if (cp - 0xe0100 < 240) return <i32>(cp - 0xe0100 + 16);
  return -1;
}

// @ts-ignore: decorator
@inline export function selectorPending(): bool {
  return selectors.length > 0;
}

export function pushSelector(b: i32): void {
  selectors.push(<u8>b);
}

/** End a run of variation selectors: two or more are a payload, recorded like a tag run. */
export function endSelectorRun(): void {
  if (selectors.length >= 2) {
    run.reset();
    run.append(selectors.ptr, selectors.length);
    record();
    run.reset();
  }
  selectors.reset();
}
