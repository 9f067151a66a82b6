// Shared by the policy specs: JSON documents, requests and compiled passports from string literals.
import { Json } from "../../json/reader";
import { PassportPolicy } from "../../policy/passport";
import { LoadErrors } from "../../policy/load-errors";

// The bytes must outlive the Json that points into them.
const held = new Array<ArrayBuffer>();

/** A Json over the UTF-8 of `text` (not yet validated). */
export function jsonOf(text: string): Json {
  const bytes = String.UTF8.encode(text, false);
  held.push(bytes);
  const j = new Json();
  j.reset(changetype<usize>(bytes), bytes.byteLength);
  return j;
}

/** UTF-8 bytes kept alive for the rest of the run: (pointer, length). */
export function utf8Of(text: string): ArrayBuffer {
  const bytes = String.UTF8.encode(text, false);
  held.push(bytes);
  return bytes;
}

/** The passport policy compiled from the core's policy document `doc`; a load error fails the spec. */
export function compilePassport(doc: string): PassportPolicy {
  const errors = new LoadErrors();
  const policy = PassportPolicy.compile(jsonOf(doc), 0, errors);
  expect(errors.count).toBe(0, errors.toJSON());
  return policy!;
}
