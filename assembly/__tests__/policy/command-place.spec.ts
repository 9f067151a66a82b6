// The command's place (capabilities/command/run.ts placeOf) puts the canonical cwd and home straight into
// its buffers with canonicalizePathInto, where it used to make the canonicalizePath string and encode it
// back. Differential: for random and adversarial paths, bases and homes, the bytes left in a buffer that
// held something before are those of the string (empty where the string is null, once the caller resets).
import { canonicalizePath, canonicalizePathInto } from "../../util/path";
import { ByteBuffer } from "../../util/bytes";
import { XorShift } from "../xorshift";

const PIECES: string[] = [
  "/", "//", ".", "..", "~", "~/", "a", "src", ".git", "..x", "-", " ", "\t", "é", "日本", "😀",
  "\u0000", "\ud800", "\udc00", "\\", "$HOME", "*", "workspace", "home",
];

function randomPath(rng: XorShift): string {
  let s = "";
  const n = <i32>(rng.next() % 7);
  for (let i = 0; i < n; i++) s += PIECES[<i32>(rng.next() % <u32>PIECES.length)];
  return s;
}

/** What the buffer holds after placeOf's new step: the canonical bytes, or nothing when it fails. */
function intoBytes(out: ByteBuffer, path: string, base: string, home: string): string {
  out.reset();
  out.appendString("/stale/bytes/from/the/last/decision");
  if (!canonicalizePathInto(out, path, base, home)) out.reset();
  return out.length == 0 ? "<empty>" : String.UTF8.decodeUnsafe(out.ptr, <usize>out.length, false);
}

/** What it held after the old step: the string, encoded back. */
function viaString(path: string, base: string, home: string): string {
  const c = canonicalizePath(path, base, home);
  if (c === null) return "<empty>";
  const out = new ByteBuffer(16);
  out.appendString(c);
  return out.length == 0 ? "<empty>" : String.UTF8.decodeUnsafe(out.ptr, <usize>out.length, false);
}

describe("command place: canonical bytes without the string", () => {
  test("the bytes match the encoded string on random paths, bases and homes", () => {
    const rng = new XorShift(0x5eed1234);
    const out = new ByteBuffer(8);
    for (let round = 0; round < 4000; round++) {
      const path = randomPath(rng);
      const base = rng.next() % 4 == 0 ? randomPath(rng) : "/workspace";
      const home = rng.next() % 4 == 0 ? randomPath(rng) : (rng.next() % 2 == 0 ? "" : "/home/u");
      const got = intoBytes(out, path, base, home);
      const want = viaString(path, base, home);
      if (got != want) {
        log("round " + round.toString() + ": path=" + path + " base=" + base + " home=" + home);
        expect(got).toBe(want);
      }
    }
  });

  test("a path that cannot be one leaves nothing, not the last decision's bytes", () => {
    const out = new ByteBuffer(8);
    expect(intoBytes(out, "/a\u0000b", "/", "")).toBe("<empty>");
    expect(intoBytes(out, "/a\ud800", "/", "")).toBe("<empty>");
    expect(intoBytes(out, "x", "/w\udc00", "/h")).toBe("<empty>");
    expect(intoBytes(out, "/home/u/../../etc", "/", "")).toBe("/etc");
    expect(intoBytes(out, "~/x", "/workspace", "/home/u")).toBe("/home/u/x");
  });
});
