// Hostile, random inputs must never trap (a trap kills the instance) and must
// always leave a consistent verdict. Deterministic: a fixed LCG seed.
import { WebLimits, WebInput, checkWeb } from "../../policy/capabilities/web/web";
import { FileLimits, FileInput, checkFile } from "../../policy/capabilities/file/file";
import { Verdict } from "../../policy/verdict";

let seed: u32 = 0x2545f491;
function next(): u32 {
  seed = seed * 1664525 + 1013904223;
  return seed >>> 8;
}

const URL_PIECES: StaticArray<string> = [
  "http", "https", ":", "/", "//", "\\", "@", "[", "]", "::", "%", "%2e", "%2f", "%00", "%c0%af", ".", "..",
  "0x7f", "0177", "127", "1", "255", "256", "4294967296", "github.com", "ffff", "fe80", "%25", "?", "#", " ",
  "\t", "\u0000", "é", "\u3002", "\uff0e", "xn--", "-", "_", "localhost", "a",
];
const PATH_PIECES: StaticArray<string> = [
  "/", "//", ".", "..", "\\", "~", "%2e", "%2f", "%5c", "%c0%ae", "%", "%00", ".env", ".ssh", "id_rsa", ".pub",
  "workspace", "workspace-secrets", "*", "?", ":", "$HOME", "\uff0f", "\uff3c", "\u2215", "\u2025", "\u212a",
  "é", "a", "C:", " ", "file:",
];

function randomString(pieces: StaticArray<string>): string {
  let s = "";
  const n = <i32>(next() % 12);
  for (let i = 0; i < n; i++) s += pieces[<i32>(next() % <u32>pieces.length)];
  return s;
}

describe("fuzz", () => {
  test("checkWeb never traps", () => {
    const l = new WebLimits();
    l.allowedDomains = ["github.com", "*.example.org", "127.0.0.1", "::1"];
    l.blockedDomains = ["evil.com"];
    l.allowedMethods = ["GET"];
    expect(l.compile()).toBe("");
    const v = new Verdict();
    const input = new WebInput();
    for (let i = 0; i < 3000; i++) {
      v.reset();
      input.url = randomString(URL_PIECES);
      input.method = i % 2 == 0 ? "GET" : randomString(URL_PIECES);
      const ok = checkWeb(l, input, v);
      expect(ok).toBe(!v.denied);
    }
  });
  test("checkFile never traps", () => {
    const l = new FileLimits();
    l.allowedPaths = ["/workspace", "/srv/**/*.md", "~/notes"];
    l.blockedPaths = ["/workspace/private"];
    l.blockedPatterns = ["*.log", "build/**"];
    l.allowedExtensions = ["md", "txt", "ts"];
    l.maxFileSizeMb = 1;
    expect(l.compile()).toBe("");
    const v = new Verdict();
    const input = new FileInput();
    input.workspaceRoot = "/workspace";
    input.home = "/home/u";
    for (let i = 0; i < 3000; i++) {
      v.reset();
      input.path = randomString(PATH_PIECES);
      input.writeBytes = <f64>(next() % 3000000);
      const ok = checkFile(l, input, i % 2 == 0, v);
      expect(ok).toBe(!v.denied);
    }
  });
});
