import { ByteBuffer } from "../../util/bytes";
import { canonicalizeBytesInto, canonicalizePath, canonicalizePathInto, copyBytes, pathWithin, sameBytes } from "../../util/path";
import { XorShift } from "../xorshift";

function canon(p: string, base: string = "/work", home: string = "/home/u"): string {
  const r = canonicalizePath(p, base, home);
  if (r === null) return "<null>";
  return r;
}

describe("canonicalizePath", () => {
  test("absolute paths are cleaned lexically", () => {
    expect(canon("/")).toBe("/");
    expect(canon("//")).toBe("/");
    expect(canon("/.")).toBe("/");
    expect(canon("/..")).toBe("/");
    expect(canon("/../../etc")).toBe("/etc");
    expect(canon("/a//b/./c/")).toBe("/a/b/c");
    expect(canon("/a/b/../../c")).toBe("/c");
    expect(canon("/a/b/..")).toBe("/a");
    expect(canon("/a/...")).toBe("/a/...");
    expect(canon("/a/.b/..c")).toBe("/a/.b/..c");
  });
  test("relative paths join the base", () => {
    expect(canon("src")).toBe("/work/src");
    expect(canon("./src/../lib")).toBe("/work/lib");
    expect(canon("..")).toBe("/");
    expect(canon("../../..")).toBe("/");
    expect(canon(".")).toBe("/work");
    expect(canon("x", "/a/./b/")).toBe("/a/b/x");
  });
  test("tilde expands to home", () => {
    expect(canon("~")).toBe("/home/u");
    expect(canon("~/")).toBe("/home/u");
    expect(canon("~/.ssh/../x")).toBe("/home/u/x");
    expect(canon("~/..")).toBe("/home");
  });
  test("null when it cannot be made absolute", () => {
    expect(canon("")).toBe("<null>");
    expect(canon("src", "")).toBe("<null>");
    expect(canon("src", "relative/base")).toBe("<null>");
    expect(canon("~user/x")).toBe("<null>");
    expect(canon("~+")).toBe("<null>");
    expect(canon("~", "/w", "")).toBe("<null>");
    expect(canon("~/x", "/w", "home")).toBe("<null>");
    expect(canon("/a\0b")).toBe("<null>");
    expect(canon("x", "/w\0")).toBe("<null>");
    expect(canon("/a" + String.fromCharCode(0xd800))).toBe("<null>");
    expect(canon("/a" + String.fromCharCode(0xdc00) + "b")).toBe("<null>");
  });
  test("non-ASCII survives", () => {
    expect(canon("/tmp/héllo/😀/../x")).toBe("/tmp/héllo/x");
  });

  test("base and home may change from call to call (their encodings are cached)", () => {
    expect(canon("a", "/w1")).toBe("/w1/a");
    expect(canon("a", "/w2")).toBe("/w2/a");
    expect(canon("~/x", "/w2", "/h1")).toBe("/h1/x");
    expect(canon("~/x", "/w2", "/h2")).toBe("/h2/x");
    expect(canon("a", "/w\u0000")).toBe("<null>");
    expect(canon("a", "/w1")).toBe("/w1/a");
    expect(canon("~/x", "/w1", "/h\ud800")).toBe("<null>");
    expect(canon("~/x", "/w1", "/h1")).toBe("/h1/x");
    expect(canon("a", "/w\u00e9")).toBe("/w\u00e9/a");
  });
});

describe("pathWithin", () => {
  test("whole-segment boundary", () => {
    expect(pathWithin("/workspace", "/workspace")).toBe(true);
    expect(pathWithin("/workspace/a", "/workspace")).toBe(true);
    expect(pathWithin("/workspace-secrets", "/workspace")).toBe(false);
    expect(pathWithin("/work", "/workspace")).toBe(false);
    expect(pathWithin("/anything", "/")).toBe(true);
    expect(pathWithin("/", "/")).toBe(true);
    expect(pathWithin("/", "/a")).toBe(false);
    expect(pathWithin("", "/")).toBe(false);
  });
});

// With dirsCanonical, canonicalizeBytesInto copies a canonical base and home whole; without, it reads them segment
// by segment. For every base and home canonicalizePathInto makes (or none), both must give the same answer.
const PARTS: StaticArray<string> = ["a", "b", "é", ".", "..", "...", "/", "//", "~", "~u", ".x", "\u0000", " ", "*"];

function randomPath(rng: XorShift, lead: string): string {
  let s = lead;
  const n = <i32>(rng.next() % 7);
  for (let i = 0; i < n; i++) s += PARTS[<i32>(rng.next() % <u32>PARTS.length)];
  return s;
}

/** A canonical directory as canonicalizePathInto leaves it in `out`, or empty when `text` is not one. */
function canonicalInto(out: ByteBuffer, text: string): void {
  if (!canonicalizePathInto(out, text, "/", "")) out.reset();
}

function sameAnswer(path: string, base: ByteBuffer, home: ByteBuffer, a: ByteBuffer, b: ByteBuffer): bool {
  const p = String.UTF8.encode(path, false);
  const pp = changetype<usize>(p), pn = p.byteLength;
  const ra = canonicalizeBytesInto(a, pp, pn, base.ptr, base.length, home.ptr, home.length);
  const rb = canonicalizeBytesInto(b, pp, pn, base.ptr, base.length, home.ptr, home.length, true);
  if (ra != rb) return false;
  if (!ra) return true;
  return a.length == b.length && memory.compare(a.ptr, b.ptr, <usize>a.length) == 0;
}

describe("canonicalizeBytesInto with dirsCanonical (a canonical base copied whole)", () => {
  test("agrees with canonicalizeBytesInto on random paths, bases and homes", () => {
    const rng = new XorShift(0x5eed1234);
    const base = new ByteBuffer(64), home = new ByteBuffer(64), a = new ByteBuffer(64), b = new ByteBuffer(64);
    const leads: StaticArray<string> = ["", "/", "~", "~/", ".", "x"];
    let differ = 0, resolved = 0;
    for (let round = 0; round < 4000; round++) {
      const bt = rng.next() % 5 == 0 ? "" : randomPath(rng, "/");
      const ht = rng.next() % 4 == 0 ? "" : randomPath(rng, "/");
      canonicalInto(base, bt);
      canonicalInto(home, ht);
      const path = randomPath(rng, leads[<i32>(rng.next() % <u32>leads.length)]);
      if (!sameAnswer(path, base, home, a, b)) differ++;
      else if (a.length > 0) resolved++;
    }
    expect(differ).toBe(0);
    expect(resolved).toBeGreaterThan(1000); // the rounds do reach the copy, not only the refusals
  });

  test("the edge bases: the root, a NUL in the path, no base, no home", () => {
    const base = new ByteBuffer(16), home = new ByteBuffer(16), a = new ByteBuffer(16), b = new ByteBuffer(16);
    canonicalInto(base, "/");
    canonicalInto(home, "/");
    const paths: StaticArray<string> = ["x", "..", "../..", ".", "~", "~/..", "~/.ssh", "/", "a\u0000b", "~u", "~+", ""];
    for (let i = 0; i < paths.length; i++) expect(sameAnswer(paths[i], base, home, a, b)).toBe(true, paths[i]);
    base.reset();
    home.reset();
    for (let i = 0; i < paths.length; i++) expect(sameAnswer(paths[i], base, home, a, b)).toBe(true, paths[i]);
    canonicalInto(base, "/w/./p/");
    expect(base.toString()).toBe("/w/p");
    expect(canonicalizeBytesInto(a, changetype<usize>(String.UTF8.encode("../q", false)), 4, base.ptr, base.length, 0, 0, true)).toBe(true);
    expect(a.toString()).toBe("/w/q");
  });
});

// sameBytes and copyBytes replace memory.compare (as equality) and memory.copy for a path's few bytes: the same
// answers for every length from 0 to 40 at every misalignment, with the difference at every position.
describe("sameBytes and copyBytes against memory.compare and memory.copy", () => {
  test("every length, alignment and differing byte", () => {
    const a = new ByteBuffer(64), b = new ByteBuffer(64), c = new ByteBuffer(64), d = new ByteBuffer(64);
    const rng = new XorShift(0xb17e5);
    for (let i = 0; i < 64; i++) {
      a.push(<u8>(rng.next() & 0xff));
      c.push(0xaa);
      d.push(0xaa);
    }
    b.append(a.ptr, 64);
    let differ = 0;
    for (let n = 0; n <= 40; n++) {
      for (let oa = 0; oa < 8; oa++) {
        for (let ob = 0; ob < 8; ob++) {
          const pa = a.ptr + <usize>oa, pb = b.ptr + <usize>oa + <usize>0;
          // Equal ranges: b holds a's bytes at the same offsets.
          expect(sameBytes(pa, pb, n)).toBe(true);
          // Another offset: as memory.compare says.
          const qb = b.ptr + <usize>ob;
          expect(sameBytes(pa, qb, n)).toBe(memory.compare(pa, qb, <usize>n) == 0);
          // One byte changed at each position: never the same.
          for (let at = 0; at < n; at++) {
            const q = b.ptr + <usize>(oa + at);
            const was = load<u8>(q);
            store<u8>(q, <u8>(<u32>was ^ (<u32>1 << <u32>(at & 7))));
            if (sameBytes(pa, pb, n)) differ++;
            store<u8>(q, was);
          }
          // The copy: the n bytes and nothing around them, as memory.copy leaves them.
          copyBytes(c.ptr + <usize>ob, pa, n);
          memory.copy(d.ptr + <usize>ob, pa, <usize>n);
          expect(memory.compare(c.ptr, d.ptr, 64)).toBe(0);
          memory.fill(c.ptr, 0xaa, 64);
          memory.fill(d.ptr, 0xaa, 64);
        }
      }
    }
    expect(differ).toBe(0);
  });
});
