// validate records what follows every key and value (a key's value, the next
// key or element after a value), so that navigation does not rescan them.
// Every navigation answer must be what a rescan gives: random documents with
// nesting, whitespace, escapes and long strings are walked twice, with the
// recorded entries and without them.
import { Json, JsonType, followEntries } from "../../json/reader";
import { ByteBuffer } from "../../util/bytes";
import { XorShift } from "../xorshift";

const random = new XorShift(0x1234567);

function ws(b: ByteBuffer): void {
  const r = random.next() % 6;
  if (r == 0) b.appendString(" ");
  else if (r == 1) b.appendString("\n\t ");
}

function value(b: ByteBuffer, depth: i32): void {
  ws(b);
  const r = random.next() % (depth > 4 ? 4 : 7);
  if (r == 0) b.appendString("12");
  else if (r == 1) b.appendString("\"a\\\"b\\u00e9\"");
  else if (r == 2) b.appendString("\"" + "x".repeat(<i32>(random.next() % 40)) + "\"");
  else if (r == 3) b.appendString(random.next() % 2 == 0 ? "true" : "null");
  else if (r == 4 || r == 5) {
    b.appendString("{");
    const n = <i32>(random.next() % 4);
    for (let i = 0; i < n; i++) {
      if (i > 0) b.appendString(",");
      ws(b);
      b.appendString("\"k" + i.toString() + (random.next() % 3 == 0 ? "\\n" : "") + "\"");
      ws(b);
      b.appendString(":");
      value(b, depth + 1);
      ws(b);
    }
    b.appendString("}");
  } else {
    b.appendString("[");
    const n = <i32>(random.next() % 4);
    for (let i = 0; i < n; i++) {
      if (i > 0) b.appendString(",");
      value(b, depth + 1);
      ws(b);
    }
    b.appendString("]");
  }
  ws(b);
}

/** Another validated document, touched between the steps of a walk when set. */
let other: Json | null = null;

/** Let `other` point the reader's globals at its own document and entries. */
function touchOther(): void {
  if (other != null) other!.skipValue(other!.root());
}

/** Every navigation answer in the document, in walk order. */
function walk(j: Json, pos: i32, out: Array<i32>): void {
  const t = j.typeAt(pos);
  if (t == JsonType.Object) {
    touchOther();
    let m = j.firstMember(pos);
    while (m >= 0) {
      touchOther();
      const v = j.memberValue(m);
      touchOther();
      out.push(m); out.push(v); out.push(j.nextMember(m));
      walk(j, v, out);
      touchOther();
      m = j.nextMemberAfterValue(v);
    }
  } else if (t == JsonType.Array) {
    touchOther();
    let e = j.firstElement(pos);
    while (e >= 0) {
      out.push(e);
      walk(j, e, out);
      touchOther();
      e = j.nextElement(e);
    }
  }
}

describe("the oracle build", () => {
  test("reads the toggle (compiled with ORACLES: npm run test:oracles)", () => {
    // Without ORACLES the core never reads followEntries, and both runs below would be the same code.
    expect(isDefined(ORACLES)).toBe(true);
  });
});

describe("recorded follow entries", () => {
  test("navigation gives the rescan's answers on 3,000 random documents", () => {
    const j = new Json();
    let containers = 0;
    for (let round = 0; round < 3000; round++) {
      const b = new ByteBuffer(256);
      value(b, 0);
      j.reset(b.ptr, b.length);
      expect(j.validate()).toBe(true, b.toString());
      const withEntries = new Array<i32>();
      walk(j, j.root(), withEntries);
      followEntries = false;
      const rescanned = new Array<i32>();
      walk(j, j.root(), rescanned);
      followEntries = true;
      expect(withEntries.length).toBe(rescanned.length, b.toString());
      for (let i = 0; i < rescanned.length; i++) expect(withEntries[i]).toBe(rescanned[i], b.toString());
      if (rescanned.length > 3) containers++;
    }
    expect(containers).toBeGreaterThan(500);
  });

  test("each document navigates by its own entries when another one is read between steps", () => {
    // Two fresh readers share a generation, so an entry of the other document at the same position would match.
    let containers = 0;
    for (let round = 0; round < 2000; round++) {
      const a = new ByteBuffer(256);
      value(a, 0);
      const b = new ByteBuffer(256);
      value(b, 0);
      const ja = new Json();
      const jb = new Json();
      ja.reset(a.ptr, a.length);
      jb.reset(b.ptr, b.length);
      expect(ja.validate()).toBe(true, a.toString());
      expect(jb.validate()).toBe(true, b.toString());
      const rescanned = new Array<i32>();
      followEntries = false;
      walk(ja, ja.root(), rescanned);
      followEntries = true;
      other = jb;
      const interleaved = new Array<i32>();
      walk(ja, ja.root(), interleaved);
      other = null;
      expect(interleaved.length).toBe(rescanned.length, a.toString());
      for (let i = 0; i < rescanned.length; i++) expect(interleaved[i]).toBe(rescanned[i], a.toString() + " / " + b.toString());
      if (rescanned.length > 3) containers++;
    }
    expect(containers).toBeGreaterThan(300);
  });
});
