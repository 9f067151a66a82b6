import { canonicalizePath, pathWithin } from "../../util/path";

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
