// What one sanitize() call did: counts per layer, the text that tag characters spelled, and
// the flags a caller can deny or ask on. toJSON() is compact JSON for the bindings' JSON.parse.
import { ByteBuffer } from "../util/bytes";

/** Most bytes of tag-decoded text kept in a report; the rest is dropped and marked with "…". */
export const DECODED_TAGS_LIMIT = 4096;

export class SanitizeReport {
  // Code points removed (or replaced) by each layer.
  invisible: i32 = 0;
  controls: i32 = 0;
  format: i32 = 0;
  /** Normalization segments that NFC rewrote. */
  nfc: i32 = 0;
  privateUse: i32 = 0;
  tags: i32 = 0;
  whitespace: i32 = 0;
  /** Code points cut by the length cap. */
  truncated: i32 = 0;
  /** Malformed UTF-8 sequences (lone surrogates, overlongs, stray bytes) replaced by U+FFFD. */
  invalid: i32 = 0;
  /** Framework tags escaped (<system> → &lt;system&gt;). */
  escapedTags: i32 = 0;
  /** Spoofed fence markers replaced by [[MARKER_SANITIZED]]. */
  markers: i32 = 0;
  /** HTML elements dropped with their content (script, style, hidden...). */
  htmlDropped: i32 = 0;
  /** ASCII spelled by removed tag characters; runs are separated by "\n". */
  decodedTags: string = "";
  bidiOverride: bool = false;
  tagSmuggling: bool = false;
  markerSpoof: bool = false;
  truncatedFlag: bool = false;
  /** The layers decoded a U+FFFD (real or from malformed bytes): the bindings then count lone surrogates themselves. */
  sawReplacement: bool = false;
  /** No html, no fence, and the output's bytes equal the input's first outputBytes bytes (sanitize.ts). */
  outputPrefixOfInput: bool = false;
  inputBytes: i32 = 0;
  outputBytes: i32 = 0;

  reset(): void {
    this.invisible = 0;
    this.controls = 0;
    this.format = 0;
    this.nfc = 0;
    this.privateUse = 0;
    this.tags = 0;
    this.whitespace = 0;
    this.truncated = 0;
    this.invalid = 0;
    this.escapedTags = 0;
    this.markers = 0;
    this.htmlDropped = 0;
    this.decodedTags = "";
    this.bidiOverride = false;
    this.tagSmuggling = false;
    this.markerSpoof = false;
    this.truncatedFlag = false;
    this.sawReplacement = false;
    this.outputPrefixOfInput = false;
    this.inputBytes = 0;
    this.outputBytes = 0;
  }

  /** Append the report as compact JSON to buf (no AS string on the way for the bindings). */
  writeJSON(buf: ByteBuffer): void {
    buf.appendString('{"removed":{"invisible":');
    appendInt(buf, this.invisible);
    buf.appendString(',"controls":');
    appendInt(buf, this.controls);
    buf.appendString(',"format":');
    appendInt(buf, this.format);
    buf.appendString(',"nfc":');
    appendInt(buf, this.nfc);
    buf.appendString(',"privateUse":');
    appendInt(buf, this.privateUse);
    buf.appendString(',"tags":');
    appendInt(buf, this.tags);
    buf.appendString(',"whitespace":');
    appendInt(buf, this.whitespace);
    buf.appendString(',"truncated":');
    appendInt(buf, this.truncated);
    buf.appendString('},"invalid":');
    appendInt(buf, this.invalid);
    buf.appendString(',"escapedTags":');
    appendInt(buf, this.escapedTags);
    buf.appendString(',"markers":');
    appendInt(buf, this.markers);
    buf.appendString(',"htmlDropped":');
    appendInt(buf, this.htmlDropped);
    buf.appendString(',"decodedTags":');
    appendJsonString(buf, this.decodedTags);
    buf.appendString(',"flags":[');
    let first = true;
    if (this.bidiOverride) first = appendFlag(buf, "bidi_override", first);
    if (this.tagSmuggling) first = appendFlag(buf, "tag_smuggling", first);
    if (this.markerSpoof) first = appendFlag(buf, "marker_spoof", first);
    if (this.truncatedFlag) first = appendFlag(buf, "truncated", first);
    buf.appendString('],"inputBytes":');
    appendInt(buf, this.inputBytes);
    buf.appendString(',"outputBytes":');
    appendInt(buf, this.outputBytes);
    buf.push(0x7d);
  }

  toJSON(): string {
    const buf = new ByteBuffer(256);
    this.writeJSON(buf);
    return buf.toString();
  }
}

function appendFlag(buf: ByteBuffer, name: string, first: bool): bool {
  if (!first) buf.push(0x2c);
  buf.push(0x22);
  buf.appendString(name);
  buf.push(0x22);
  return false;
}

export function appendInt(buf: ByteBuffer, v: i32): void {
  if (v < 0) {
    buf.push(0x2d);
    v = -v;
  }
  let div = 1;
  while (v / div >= 10) div *= 10;
  while (div > 0) {
    buf.push(<u8>(0x30 + (v / div) % 10));
    div /= 10;
  }
}

const HEX = "0123456789abcdef";

/** JSON string literal of s (UTF-16 in, UTF-8 out); lone surrogates become U+FFFD. */
function appendJsonString(buf: ByteBuffer, s: string): void {
  buf.push(0x22);
  for (let i = 0; i < s.length; i++) {
    let c = <u32>s.charCodeAt(i);
    if (c == 0x22 || c == 0x5c) {
      buf.push(0x5c);
      buf.push(<u8>c);
    } else if (c == 0x0a) {
      buf.appendString("\\n");
    } else if (c < 0x20 || c == 0x7f) {
      buf.appendString("\\u00");
      buf.push(<u8>HEX.charCodeAt(c >> 4));
      buf.push(<u8>HEX.charCodeAt(c & 15));
    } else if (c - 0xd800 < 0x800) {
      const next = i + 1 < s.length ? <u32>s.charCodeAt(i + 1) : 0;
      if (c < 0xdc00 && next - 0xdc00 < 0x400) {
        buf.appendCodePoint(0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00));
        i++;
      } else {
        buf.appendCodePoint(0xfffd);
      }
    } else {
      buf.appendCodePoint(c);
    }
  }
  buf.push(0x22);
}
