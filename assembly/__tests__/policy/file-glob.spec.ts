import { compileGlob, matchGlob, isGlob } from "../../policy/capabilities/file/file-glob";
import { utf8, bytesPtr } from "../../util/bytes";

function m(pattern: string, path: string, fold: bool = false, ancestor: bool = false): bool {
  const p = utf8(pattern);
  const g = compileGlob(bytesPtr(p), p.length, fold);
  const s = utf8(path);
  return matchGlob(g, bytesPtr(s), s.length, fold, ancestor);
}

describe("path globs", () => {
  test("* and ? stay within a segment", () => {
    expect(m("/a/*.ts", "/a/x.ts")).toBe(true);
    expect(m("/a/*.ts", "/a/.ts")).toBe(true);
    expect(m("/a/*.ts", "/a/b/x.ts")).toBe(false);
    expect(m("/a/?", "/a/b")).toBe(true);
    expect(m("/a/?", "/a/bc")).toBe(false);
    expect(m("/a?b", "/a/b")).toBe(false);
    expect(m("/a/*", "/a")).toBe(false);
  });
  test("** as whole segments", () => {
    expect(m("/a/**/b", "/a/b")).toBe(true);
    expect(m("/a/**/b", "/a/x/y/b")).toBe(true);
    expect(m("/a/**/b", "/a/xb")).toBe(false);
    expect(m("/a/**", "/a")).toBe(true);
    expect(m("/a/**", "/a/x/y")).toBe(true);
    expect(m("/a/**", "/ab")).toBe(false);
    expect(m("**/x.pem", "/deep/down/x.pem")).toBe(true);
    expect(m("**/x.pem", "/x.pem")).toBe(true);
    expect(m("**", "/anything/at/all")).toBe(true);
    expect(m("/a/**/**", "/a/b/c")).toBe(true);
    expect(m("/a**", "/ab/c")).toBe(true);
  });
  test("anchored at both ends; ancestors only when asked", () => {
    expect(m("/tmp/*.txt", "/home/tmp/a.txt")).toBe(false);
    expect(m("/tmp", "/tmp/a")).toBe(false);
    expect(m("/tmp", "/tmp/a", false, true)).toBe(true);
    expect(m("/tmp", "/tmpx/a", false, true)).toBe(false);
    expect(m("/var/*.log", "/var/a.log/inner", false, true)).toBe(true);
  });
  test("case folding", () => {
    expect(m("/Etc/*.CONF", "/etc/a.conf", true)).toBe(true);
    expect(m("/Etc/*.CONF", "/etc/a.conf", false)).toBe(false);
  });
  test("no catastrophic backtracking", () => {
    const path = "/" + "a".repeat(4000) + "/b";
    expect(m("/*a*a*a*a*a*a*a*a*a*a*a*a*c", path)).toBe(false);
    expect(m("/**/**/**/**/**/**/**/**/c", "/a/".repeat(1000) + "b")).toBe(false);
  });
  test("isGlob", () => {
    expect(isGlob("/a/*")).toBe(true);
    expect(isGlob("/a/?")).toBe(true);
    expect(isGlob("/a/b")).toBe(false);
  });
});

let seed: u32 = 0x1234567;
function next(n: i32): i32 {
  seed ^= seed << 13; seed ^= seed >> 17; seed ^= seed << 5;
  return <i32>(seed % <u32>n);
}

describe("literal prefix shortcut", () => {
  // matchGlob compares a glob's leading literals directly and starts its simulation after them. With
  // litPrefix set to 0 it simulates from the first byte, as it did before the shortcut: both must agree
  // on every glob, path, folding and ancestor mode.
  test("agrees with the full simulation on random globs and paths", () => {
    const GLOB = "ab/*?.A";
    const PATH = "abAB/.";
    let matches = 0;
    for (let i = 0; i < 3000; i++) {
      let gs = "";
      for (let k = 0, n = next(10); k < n; k++) gs += GLOB.charAt(next(GLOB.length));
      let ps = "";
      for (let k = 0, n = next(12); k < n; k++) ps += PATH.charAt(next(PATH.length));
      const gb = String.UTF8.encode(gs, false), pb = String.UTF8.encode(ps, false);
      for (let mode = 0; mode < 4; mode++) {
        const fold = (mode & 1) != 0, ancestor = (mode & 2) != 0;
        const g = compileGlob(changetype<usize>(gb), gb.byteLength, fold);
        const fast = matchGlob(g, changetype<usize>(pb), pb.byteLength, fold, ancestor);
        g.litPrefix = 0;
        const full = matchGlob(g, changetype<usize>(pb), pb.byteLength, fold, ancestor);
        expect(fast).toBe(full, gs + " ~ " + ps);
        if (full) matches++;
      }
    }
    expect(matches).toBeGreaterThan(300); // the corpus matches often enough to mean something
  });
});
