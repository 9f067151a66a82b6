// The path rules' shortcuts for paths under the workspace root, against the code they replace:
// - scanPath, resuming after a kept directory's scan (FileLimits._rootScan) or not, and skipping maySensitive
//   by a segment's first byte, against scanPath as it was (file-scan-before.ts): the same flags, segments,
//   length and first-byte bits, over roots and paths built to break the resume (a root that is a prefix of
//   another directory, case changes, `..`, `//`, a trailing '/' or ' ', NUL, non-ASCII, "password" split across
//   the root's end, more segments than the scan first has room for);
// - firstBlock, which skips the literal blocked names when no segment has one's length or first byte, splits the
//   segments only when a name must read them, and tests a blocked directory itself, against every blocked entry
//   tried in order (matchesPath, which splits the path itself).
import { Scan, ScanPrefix, scanPath, scanPrefix, segCount, segEnds, segFirsts, segLengths, segStarts, splitPath } from "../../policy/capabilities/file/file-scan";
import { FileLimits, firstBlock } from "../../policy/capabilities/file/file";
import { PathMatcher, matchesPath } from "../../policy/capabilities/file/file-match";
import { ByteBuffer, utf8 } from "../../util/bytes";
import { XorShift } from "../xorshift";
import { RefScan, refScanPath } from "./file-scan-before";

const ROOTS: StaticArray<string> = [
  "/workspace", "/w", "/", "", "/work/pass", "/src/password-service", "/home/u/.ssh", "/etc", "/e", "/p", "/caf\u00E9",
  "/50%", "/a\\b", "/workspace/id_rsa.d", "/x/y.pem", "/C", "/tab\tx", "/work/credenti", "/work/passw",
];
const TAILS: StaticArray<string> = [
  "src", "components", "utils", "index.ts", ".env", ".ENV.local", "id_rsa", "ID_ED25519", ".npmrc", ".git-credentials", ".git",
  "node_modules", "..", ".", "", "word", "ord", "password", "PASSWORD.txt", "entials", "credentials", "x.pem", "k.KEY", "etc",
  "proc", "shadow", "caf\u00E9", "50%", "a\\b", "a:b", "name.", "name ", "_netrc", ".docker", "config.json", "c", "p", "e",
  "\u0000", "-evil", "x", "conf.bak", "cnf", "CONF", "Etc", "PROC", "Id_rsa", "idx", "_x", "a b", "name. ", "x:", ":",
  "a.pem", "b.P12", "c.kdbx", "d.keystore", "e.jks", "f.js", "E", "P", "I", "i", ".", "..a", "_", "\u007f", "\u000e",
];

function pick(rng: XorShift, list: StaticArray<string>): string {
  return list[<i32>(rng.next() % <u32>list.length)];
}

function randomCase(s: string, rng: XorShift): string {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out += String.fromCharCode((rng.next() & 3) == 0 && c >= 0x61 && c <= 0x7a ? c - 0x20 : c);
  }
  return out;
}

/** A path near `root`: below it, the root itself, a directory it is a prefix of, another case, or anywhere. */
function nearPath(rng: XorShift, root: string): string {
  const r = rng.next() % 8;
  let s: string;
  if (r == 0) s = root;
  else if (r == 1) s = root + pick(rng, TAILS); // `/workspace-evil`, `/workspacex`, `/workspace..`
  else if (r == 2) s = randomCase(root, rng) + "/";
  else if (r == 3) s = "/" + pick(rng, TAILS);
  else s = root + "/";
  const n = <i32>(rng.next() % 7);
  for (let k = 0; k < n; k++) {
    if (k > 0) s += (rng.next() & 7) == 0 ? "//" : "/";
    s += (rng.next() & 3) == 0 ? randomCase(pick(rng, TAILS), rng) : pick(rng, TAILS);
  }
  if ((rng.next() & 15) == 0) s += "/";
  return s;
}

const buf = new ByteBuffer(256);

class Scanned {
  flags: i32 = 0;
  count: i32 = 0;
  starts: Array<i32> = [];
  ends: Array<i32> = [];
  lengths: u64 = 0;
  firsts: u64 = 0;
}

function scanned(flags: i32): Scanned {
  const out = new Scanned();
  out.flags = flags;
  splitPath(buf); // the segments are split on demand
  out.count = segCount;
  for (let k = 0; k < segCount; k++) {
    out.starts.push(segStarts[k]);
    out.ends.push(segEnds[k]);
  }
  out.lengths = segLengths;
  out.firsts = segFirsts;
  return out;
}

function same(a: Scanned, b: Scanned): bool {
  if (a.flags != b.flags || a.count != b.count || a.lengths != b.lengths || a.firsts != b.firsts) return false;
  for (let k = 0; k < a.count; k++) if (a.starts[k] != b.starts[k] || a.ends[k] != b.ends[k]) return false;
  return true;
}

function fromRef(r: RefScan): Scanned {
  const out = new Scanned();
  out.flags = r.flags;
  out.count = r.starts.length;
  out.starts = r.starts;
  out.ends = r.ends;
  out.lengths = r.lengths;
  out.firsts = r.firsts;
  return out;
}

/** The scans of the bytes in `buf`, resumed and from the start, against the reference; fails the test when one differs. Returns whether the resume was taken. */
function compare(prefix: ScanPrefix, label: string): bool {
  const want = fromRef(refScanPath(buf));
  const full = scanned(scanPath(buf));
  const resumed = scanned(scanPath(buf, prefix));
  if (!same(want, full)) {
    expect(label + ": flags " + full.flags.toString() + " segments " + full.count.toString())
      .toBe(label + ": flags " + want.flags.toString() + " segments " + want.count.toString());
  }
  if (!same(want, resumed)) {
    expect(label + ": resumed flags " + resumed.flags.toString() + " segments " + resumed.count.toString())
      .toBe(label + ": flags " + want.flags.toString() + " segments " + want.count.toString());
  }
  const r = prefix.length;
  return r > 1 && buf.length >= r && memory.compare(buf.ptr, prefix.ptr, <usize>r) == 0 &&
    (buf.length == r || load<u8>(buf.ptr + <usize>r) == 0x2f);
}

describe("scanPath against scanPath as it was, resumed after the workspace root's scan or not", () => {
  test("the same flags, segments and bits, on paths built around each root", () => {
    const rng = new XorShift(0x7e5c4);
    let resumed = 0, sensitive = 0, foreign = 0;
    for (let round = 0; round < 12000; round++) {
      const root = pick(rng, ROOTS);
      const prefix = scanPrefix(utf8(root));
      const path = nearPath(rng, root);
      buf.reset();
      buf.appendString(path);
      if (compare(prefix, root + " | " + path)) resumed++;
      const flags = scanPath(buf);
      if ((flags & Scan.SENSITIVE) != 0) sensitive++;
      if ((flags & Scan.FOREIGN) != 0) foreign++;
    }
    // Not vacuous: the resume is taken often, and both flags occur among its paths.
    expect(resumed).toBeGreaterThan(5000);
    expect(sensitive).toBeGreaterThan(1000);
    expect(foreign).toBeGreaterThan(500);
  });

  test("a root's scan taken apart at its end: 'password' across it, 'e' and 'p' first segments, more segments than room", () => {
    const cases: StaticArray<string> = [
      "/work/pass", "/work/pass/word", "/work/passw/ord", "/work/credenti", "/work/credenti/als", "/e", "/e/x", "/p/x",
      "/workspace", "/workspace/", "/workspace//x", "/workspace/../etc/shadow", "/workspace-evil/.env", "/workspacex",
      "/Workspace/x", "/workspace/caf\u00E9", "/workspace/a\u0000b",
    ];
    for (let i = 0; i < cases.length; i++) {
      for (let j = 0; j < ROOTS.length; j++) {
        const prefix = scanPrefix(utf8(ROOTS[j]));
        buf.reset();
        buf.appendString(cases[i]);
        compare(prefix, ROOTS[j] + " | " + cases[i]);
      }
    }
    // 40 segments under a root of 33: the kept segments grow the shared arrays before the rest is scanned.
    let deep = "";
    for (let i = 0; i < 33; i++) deep += "/d" + i.toString();
    const prefix = scanPrefix(utf8(deep));
    expect(prefix.count).toBe(33);
    let path = deep;
    for (let i = 0; i < 7; i++) path += "/password" + i.toString();
    buf.reset();
    buf.appendString(path);
    expect(compare(prefix, "deep")).toBe(true);
    expect(segCount).toBe(40);
    expect(scanPath(buf, prefix) & Scan.SENSITIVE).toBe(Scan.SENSITIVE);
  });

  test("a path that only starts with the root's bytes is scanned from its first byte", () => {
    const prefix = scanPrefix(utf8("/e/x"));
    buf.reset();
    buf.appendString("/e/xy/.env");
    compare(prefix, "/e/xy");
    expect(segCount).toBe(3);
    expect(segStarts[1]).toBe(3);
    expect(segEnds[1]).toBe(5);
  });
});

// ---- firstBlock against every entry in order ----

/**
 * The blocked-entry loop as it was: every entry of _block, in order, each matched by matchesPath, which splits
 * the path itself (not the scan's segments, split on demand, nor firstBlock's own test of a blocked directory).
 */
function refFirstBlock(limits: FileLimits, path: ByteBuffer): PathMatcher | null {
  const block = limits._block;
  for (let i = 0; i < block.length; i++) if (matchesPath(block[i], path, true)) return block[i];
  return null;
}

const PATTERN_SETS: Array<Array<string>> = [
  [".env", "id_rsa", ".npmrc", ".git-credentials"],
  [".env", "*.bak", "id_rsa", "c?nf", "secrets/**", ".NPMRC"],
  ["*.pem", "x"],
  ["conf", "CONF.bak", "a:b", "caf\u00E9", "50%", "averyveryveryveryveryveryveryveryveryveryveryveryverylongname-over-63"],
  [],
];

describe("firstBlock: literal names skipped by their length and first byte", () => {
  test("the same first matching entry as trying every entry, for blocked paths and patterns of every kind", () => {
    const rng = new XorShift(0xb10c);
    let blocked = 0, clear = 0, skipped = 0;
    for (let set = 0; set < PATTERN_SETS.length; set++) {
      for (let withPaths = 0; withPaths < 2; withPaths++) {
        const limits = new FileLimits();
        limits.allowedPaths = ["/workspace"];
        limits.blockedPatterns = PATTERN_SETS[set];
        limits.blockedPaths = withPaths == 1 ? ["/workspace/.git", "/workspace/node_modules", "~/.cache", "/workspace/*.log"] : [];
        expect(limits.compile()).toBe("");
        limits._resolve("/workspace", "/home/u");
        for (let round = 0; round < 3000; round++) {
          const path = nearPath(rng, (rng.next() & 1) == 0 ? "/workspace" : "/home/u");
          buf.reset();
          buf.appendString(path);
          const want = refFirstBlock(limits, buf);
          scanPath(buf, limits._rootScan);
          if ((segLengths & limits._litLengths) == 0 || (segFirsts & limits._litFirsts) == 0) skipped++;
          const got = firstBlock(limits, buf);
          const wantRule = want === null ? "none" : want.rule, gotRule = got === null ? "none" : got.rule;
          if (wantRule != gotRule) expect(path + ": " + gotRule).toBe(path + ": " + wantRule);
          if (want === null) clear++;
          else blocked++;
        }
      }
    }
    expect(blocked).toBeGreaterThan(3000);
    expect(clear).toBeGreaterThan(3000);
    expect(skipped).toBeGreaterThan(3000);
  });
});
