import { compileGlob, matchGlob, isGlob } from "../../policy/file-glob";
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
