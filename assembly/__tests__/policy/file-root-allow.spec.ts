// checkCanonical answers an allowed directory that is the workspace root (`/workspace`, `.`) from scanPath's
// resume after the root's scan, and starts the sensitive rules after the root by the same answer, instead of
// comparing the path with the root's bytes. The differential check against checkCanonical as it was
// (file-canonical-before.ts): the same allow or deny, code, message and rule, over random roots, entries
// (the root written every way, directories that only share its bytes, globs, `*`), blocked lists, built-in
// checks on and off, extensions, and paths made to look like the root without being in it (`/workspace-x`,
// `/Workspace`, `/workspac`, `/`), with sensitive and foreign names below it.
import { Verdict } from "../../policy/verdict";
import { ByteBuffer } from "../../util/bytes";
import { canonicalizePathInto } from "../../util/path";
import { FileLimits, checkCanonical } from "../../policy/capabilities/file/file";
import { checkCanonicalBefore } from "./file-canonical-before";
import { XorShift } from "../xorshift";

const ROOTS: StaticArray<string> = ["/workspace", "/w", "/", "", "/home/u", "/work/space", "/Workspace", "/srv/app.d"];
const ALLOWED: StaticArray<string> = [
  "/workspace", ".", "./", "/workspace/", "/workspace/src", "/workspace-x", "/Workspace", "/w", "/", "*", "/**", "~", "~/proj",
  "/workspace/**/*.ts", "src", "/work", "/home/u", "/srv/app.d", "/srv/app", "../workspace",
];
const BLOCKED: StaticArray<string> = ["/workspace/.git", "/workspace/node_modules", "/etc", "~/.ssh", "/w/secret", "/Workspace/x"];
const PATTERNS: StaticArray<string> = [".env", "id_rsa", "*.pem", ".npmrc", "secret*", "**/build/**"];
const HEADS: StaticArray<string> = [
  "/workspace", "/workspace-x", "/Workspace", "/workspac", "/w", "/wx", "/", "/home/u", "/home/uu", "/work/space", "/work",
  "/srv/app.d", "/srv/app", "/etc",
];
const TAILS: StaticArray<string> = [
  "src", "components", "notes", "todo.txt", ".env", ".ENV", "id_rsa", ".ssh", "password.txt", "credentials", "x.pem", "caf\u00E9",
  "50%", "a\\b", ".git", "node_modules", "index.ts", "build", "shadow", "etc", "secret.md", "a:b", "name.", "README",
];
const EXTENSIONS: StaticArray<string> = ["ts", ".md", "txt"];

function pick(rng: XorShift, list: StaticArray<string>): string {
  return list[<i32>(rng.next() % <u32>list.length)];
}

function some(rng: XorShift, list: StaticArray<string>, most: u32): Array<string> {
  const out = new Array<string>();
  const n = <i32>(rng.next() % (most + 1));
  for (let i = 0; i < n; i++) out.push(pick(rng, list));
  return out;
}

function randomLimits(rng: XorShift): FileLimits {
  const l = new FileLimits();
  l.allowedPaths = rng.next() % 10 == 0 ? null : some(rng, ALLOWED, 3);
  l.blockedPaths = some(rng, BLOCKED, 2);
  l.blockedPatterns = some(rng, PATTERNS, 2);
  l.allowedExtensions = rng.next() % 4 == 0 ? some(rng, EXTENSIONS, 2) : null;
  l.builtinChecks = rng.next() % 4 != 0;
  return l;
}

function randomPath(rng: XorShift): string {
  let s = pick(rng, HEADS);
  const n = <i32>(rng.next() % 4);
  for (let i = 0; i < n; i++) s += "/" + pick(rng, TAILS);
  return s;
}

const buf = new ByteBuffer(64);

describe("checkCanonical against checkCanonical as it was (the root's entry read from the scan's resume)", () => {
  test("the same answer, code, message and rule over random roots, entries and paths", () => {
    const rng = new XorShift(0x20071e55);
    let differ = 0, allowed = 0, denied = 0, rootEntries = 0;
    for (let round = 0; round < 3000; round++) {
      const limits = randomLimits(rng);
      if (limits.compile().length > 0) continue;
      const root = pick(rng, ROOTS), home = rng.next() % 2 == 0 ? "/home/u" : "";
      limits._resolve(root, home);
      for (let i = 0; i < limits._allow.length; i++) if (limits._allow[i].sameAsRoot) rootEntries++;
      for (let k = 0; k < 8; k++) {
        const path = randomPath(rng);
        if (!canonicalizePathInto(buf, path, "/", "")) continue;
        const directory = rng.next() % 2 == 0, admitting = rng.next() % 2 == 0;
        const a = new Verdict(), b = new Verdict();
        const ra = checkCanonical(limits, path, buf, "", directory, a, admitting);
        const rb = checkCanonicalBefore(limits, path, buf, "", directory, b, admitting);
        if (ra != rb || a.code != b.code || a.message != b.message || a.rule != b.rule) {
          differ++;
          if (differ < 5) trace(root + " | " + path + " | " + a.message + " | " + b.message);
        }
        if (ra) allowed++;
        else denied++;
      }
    }
    expect(differ).toBe(0);
    // Not vacuous: the root's entry occurs often, and both answers are common.
    expect(rootEntries).toBeGreaterThan(300);
    expect(allowed).toBeGreaterThan(2000);
    expect(denied).toBeGreaterThan(2000);
  });

  test("a path that only shares the root's bytes is not admitted by the root's entry", () => {
    const limits = new FileLimits();
    limits.allowedPaths = ["/workspace"];
    limits.compile();
    limits._resolve("/workspace", "");
    expect(limits._allow[0].sameAsRoot).toBe(true);
    const paths: StaticArray<string> = ["/workspace-x/a", "/workspac", "/Workspace/a", "/", "/workspacea"];
    for (let i = 0; i < paths.length; i++) {
      canonicalizePathInto(buf, paths[i], "/", "");
      expect(checkCanonical(limits, paths[i], buf, "", false, new Verdict())).toBe(false, paths[i]);
    }
    canonicalizePathInto(buf, "/workspace/src/a.ts", "/", "");
    expect(checkCanonical(limits, "/workspace/src/a.ts", buf, "", false, new Verdict())).toBe(true);
    canonicalizePathInto(buf, "/workspace", "/", "");
    expect(checkCanonical(limits, "/workspace", buf, "", false, new Verdict())).toBe(true);
  });
});
