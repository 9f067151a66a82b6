// Shared by the policy specs: JSON documents, requests and compiled passports from string literals.
import { Json } from "../../json/reader";
import { PassportPolicy } from "../../policy/passport";
import { LoadErrors } from "../../policy/load-errors";
import { RequestView } from "../../policy/request";
import { Verdict } from "../../policy/verdict";

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

/** The verdict `policy` gives `request` (JSON text), parsed through `view` at time `now` (ms). */
export function verdictOf(policy: PassportPolicy, view: RequestView, request: string, now: f64 = 1.8e12): Verdict {
  const b = utf8Of(request);
  const v = new Verdict();
  if (view.parse(changetype<usize>(b), b.byteLength, v)) policy.evaluate(view, now, v);
  return v;
}
