// Shared by the sanitize specs (not a spec itself): run sanitize() on an AS string.
import { sanitize, SanitizeOptions, SanitizeReport } from "../../sanitize";
import { utf8, Bytes } from "../../util/bytes";

export const lastReport = new SanitizeReport();

export function opts(): SanitizeOptions {
  return new SanitizeOptions();
}

/** Every layer and pass switched off: only UTF-8 validation remains. */
export function noLayers(): SanitizeOptions {
  const o = new SanitizeOptions();
  o.invisible = false;
  o.controls = false;
  o.format = false;
  o.nfc = false;
  o.privateUse = false;
  o.tags = false;
  o.whitespace = false;
  o.escapeFrameworkTags = false;
  o.markers = false;
  return o;
}

export function run(s: string, o: SanitizeOptions = new SanitizeOptions()): string {
  const b = utf8(s);
  return sanitize(changetype<usize>(b), b.length, o, lastReport).toString();
}

export function runBytes(b: Bytes, o: SanitizeOptions = new SanitizeOptions()): string {
  return sanitize(changetype<usize>(b), b.length, o, lastReport).toString();
}

export function html(s: string): string {
  const o = new SanitizeOptions();
  o.html = true;
  return run(s, o);
}

export function bytes(list: i32[]): Bytes {
  const out = new StaticArray<u8>(list.length);
  for (let i = 0; i < list.length; i++) out[i] = <u8>list[i];
  return out;
}
