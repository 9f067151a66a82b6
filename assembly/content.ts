// The sanitizer's ABI (build/sanitize.wasm): a second module compiled from the same tree, so the
// Unicode and entity tables stay out of policy.wasm, which most deployments load without ever
// sanitizing. Same conventions as index.ts: UTF-8 in one reused input buffer, small integers
// back, no host imports.
//
// sanitize(len, flags, maxLength, idLen, sourceLen) reads the input buffer as
//   [text: len bytes][fence id: idLen bytes][Source: label: sourceLen bytes]
// (a fence is added when idLen > 0) and returns the byte length of this header, written at
// outputPtr() (little-endian u32s), or a negative error code:
//   [0] text pointer   [4] text byte length      the result stays in the module until the next call
//   [8..52] removed per layer and counters, in REPORT_FIELDS order (12 × u32)
//   [56] flags (FLAG_*)   [60] input bytes   [64] decoded-tags byte length   [68…] decoded-tags UTF-8
// The text is not copied into the header: the bindings decode it where the core left it.

import { ByteBuffer } from "./util/bytes";
import {
  SANITIZE_ABI_VERSION, SANITIZE_HEADER_BYTES, OPT_INVISIBLE, OPT_CONTROLS, OPT_FORMAT, OPT_NFC, OPT_PRIVATE_USE, OPT_TAGS,
  OPT_WHITESPACE, OPT_ESCAPE_TAGS, OPT_MARKERS, OPT_HTML, FLAG_BIDI, FLAG_TAG_SMUGGLING, FLAG_MARKER_SPOOF, FLAG_TRUNCATED,
  FLAG_INPUT_WITHOUT_FFFD, FLAG_OUTPUT_PREFIX_OF_INPUT,
} from "./abi.generated";
import { collectBetweenCalls, inputWeight, WEIGHT_ALLOCATING } from "./util/gc";
import { sanitize as sanitizeText, SanitizeOptions, SanitizeReport, UNICODE_VERSION } from "./sanitize/index";

/** Largest input (text + id + label) one call accepts: 64 MiB. */
const MAX_INPUT_BYTES: i32 = 64 << 20;
const MAX_ID_BYTES: i32 = 128;
const MAX_SOURCE_BYTES: i32 = 4096;

// Error codes (negative returns).
const ERR_LENGTH = -1;
const ERR_ID = -2;
const ERR_SOURCE = -3;

const HEADER_BYTES = SANITIZE_HEADER_BYTES;

const input = new ByteBuffer(4096);
const output = new ByteBuffer(256);
const options = new SanitizeOptions();
const report = new SanitizeReport();

export function abiVersion(): i32 {
  return SANITIZE_ABI_VERSION;
}

/** The Unicode version of the embedded tables, as major << 8 | minor (17.0 → 0x1100). */
export function unicodeVersion(): i32 {
  const dot = UNICODE_VERSION.indexOf(".");
  return (I32.parseInt(UNICODE_VERSION.substring(0, dot)) << 8) | I32.parseInt(UNICODE_VERSION.substring(dot + 1));
}

export function maxInputBytes(): i32 {
  return MAX_INPUT_BYTES;
}

/** Make room for `size` input bytes and return where to write them. */
export function inputPtr(size: i32): usize {
  if (size > input.data.length && size <= MAX_INPUT_BYTES) {
    input.reset();
    input.ensure(size);
  }
  return input.ptr;
}

export function inputCapacity(): i32 {
  return input.data.length;
}

export function outputPtr(): usize {
  return output.ptr;
}

export function sanitize(len: i32, flags: i32, maxLength: i32, idLen: i32, sourceLen: i32): i32 {
  const result = sanitizeInput(len, flags, maxLength, idLen, sourceLen);
  collectBetweenCalls(inputWeight(WEIGHT_ALLOCATING, len));
  return result;
}

function sanitizeInput(len: i32, flags: i32, maxLength: i32, idLen: i32, sourceLen: i32): i32 {
  // Each part is checked alone first, so the sum below cannot overflow.
  if (<u32>len > <u32>MAX_INPUT_BYTES) return ERR_LENGTH;
  if (<u32>idLen > <u32>MAX_ID_BYTES) return ERR_ID;
  if (<u32>sourceLen > <u32>MAX_SOURCE_BYTES) return ERR_SOURCE;
  if (len + idLen + sourceLen > input.data.length) return ERR_LENGTH;
  options.invisible = (flags & OPT_INVISIBLE) != 0;
  options.controls = (flags & OPT_CONTROLS) != 0;
  options.format = (flags & OPT_FORMAT) != 0;
  options.nfc = (flags & OPT_NFC) != 0;
  options.privateUse = (flags & OPT_PRIVATE_USE) != 0;
  options.tags = (flags & OPT_TAGS) != 0;
  options.whitespace = (flags & OPT_WHITESPACE) != 0;
  options.escapeFrameworkTags = (flags & OPT_ESCAPE_TAGS) != 0;
  options.markers = (flags & OPT_MARKERS) != 0;
  options.html = (flags & OPT_HTML) != 0;
  options.maxLength = maxLength > 0 ? maxLength : 0;
  const extra = input.ptr + <usize>len;
  options.fenceId = idLen > 0 ? String.UTF8.decodeUnsafe(extra, <usize>idLen, false) : "";
  options.source = sourceLen > 0 ? String.UTF8.decodeUnsafe(extra + <usize>idLen, <usize>sourceLen, false) : "";
  const text = sanitizeText(input.ptr, len, options, report);
  return writeHeader(text);
}

function writeHeader(text: ByteBuffer): i32 {
  output.reset();
  output.ensure(HEADER_BYTES);
  const p = output.ptr;
  store<u32>(p, <u32>text.ptr);
  store<u32>(p, <u32>text.length, 4);
  store<u32>(p, <u32>report.invisible, 8);
  store<u32>(p, <u32>report.controls, 12);
  store<u32>(p, <u32>report.format, 16);
  store<u32>(p, <u32>report.nfc, 20);
  store<u32>(p, <u32>report.privateUse, 24);
  store<u32>(p, <u32>report.tags, 28);
  store<u32>(p, <u32>report.whitespace, 32);
  store<u32>(p, <u32>report.truncated, 36);
  store<u32>(p, <u32>report.invalid, 40);
  store<u32>(p, <u32>report.escapedTags, 44);
  store<u32>(p, <u32>report.markers, 48);
  store<u32>(p, <u32>report.htmlDropped, 52);
  let bits = 0;
  if (report.bidiOverride) bits |= FLAG_BIDI;
  if (report.tagSmuggling) bits |= FLAG_TAG_SMUGGLING;
  if (report.markerSpoof) bits |= FLAG_MARKER_SPOOF;
  if (report.truncatedFlag) bits |= FLAG_TRUNCATED;
  // Only when the layers read the input itself: with html they read the converter's output.
  if (!options.html && !report.sawReplacement) bits |= FLAG_INPUT_WITHOUT_FFFD;
  if (report.outputPrefixOfInput) bits |= FLAG_OUTPUT_PREFIX_OF_INPUT;
  store<u32>(p, <u32>bits, 56);
  store<u32>(p, <u32>report.inputBytes, 60);
  output.length = HEADER_BYTES;
  if (report.decodedTags.length > 0) output.appendString(report.decodedTags);
  store<u32>(output.ptr, <u32>(output.length - HEADER_BYTES), 64);
  return output.length;
}
