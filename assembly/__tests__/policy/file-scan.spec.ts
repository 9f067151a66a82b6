// The one-pass scan of a canonical path (file-scan.ts) and the paths built on it, against the code they replace,
// over adversarial and random paths:
// - its "no sensitive-file rule can apply" answer against sensitiveRule itself (never None-when-not);
// - its segments (split on demand, splitPath) against the split as it was, and its foreign-byte answer against
//   the byte loop as it was;
// - admitsCanonical (which now skips the sensitive rules on the scan's word) against checkFile, the full
//   judge, on limits with and without builtin_checks, blocked patterns and extensions;
// - appendComponents (one pass, copying as it reads) against the segment-by-segment version it replaced;
// - admitsPrepared (the limits compiled and resolved once for a place, command-scopes.ts) against admitsCanonical,
//   which does both on every call, as the place changes between runs and for limits that do not compile.
import { Sensitive, sensitiveRule } from "../../policy/capabilities/file/file-sensitive";
import { Scan, scanPath, segCount, segEnds, segStarts, splitPath } from "../../policy/capabilities/file/file-scan";
import { FileInput, FileLimits, admitsCanonical, admitsPrepared, checkFile, prepareLimits } from "../../policy/capabilities/file/file";
import { Verdict } from "../../policy/verdict";
import { ByteBuffer } from "../../util/bytes";
import { appendComponents } from "../../util/path";
import { XorShift } from "../xorshift";

// ---- inputs ----

// Every rule's names, their near misses (one byte short, case, a gate byte without the rest), and plain names.
const PIECES: StaticArray<string> = [
  ".env", ".Env.local", ".env.example", ".envrc", ".en", "env", ".ssh", ".AWS", ".gnupg", ".kube", ".azure", "_netrc", "_x",
  ".npmrc", ".docker", "config.json", ".config", "gcloud", "GH", "etc", "Etc.", "proc", "PROC:x", "1", "self", "environ",
  "shadow", "sudoers.d", "master.passwd", "credentials", "CREDENTIALS.json", "my-credentials.ts", "credenti", "credentialz",
  "password", "PassWord.csv", "passwor", "xpassword", "db_password.rs", "id_rsa", "ID_ED25519", "id_rsa.pub", "id_rs", "idx",
  "x.pem", "a.KEY", "b.p12", "c.pfx", "d.ppk", "e.jks", "f.js", "g.jsx", "s.keystore", "s.keystores", "db.kdbx", "db.kdb",
  "x.pem.", "x.pem ", "x.pem:s", "x.pe", "x.keys", "k.Key", "src", "components", "utils", "index.ts", "build-log.txt",
  "notes", "todo.txt", "conf", "production.json", "workspace", "home", "agent", "node_modules", "a.b.c", "..", ".", "...",
  " ", "e", "p", "i", "id", "pcap", "cccc", "ppppppppp", "caf\u00E9", "50%", "a\\b", "tab\tx",
];
const SOUP = "aceEnvpPiId._-: /CcrsdlwoTtkyjM%\\";

function randomCase(s: string, rng: XorShift): string {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out += String.fromCharCode((rng.next() & 3) == 0 && c >= 0x61 && c <= 0x7a ? c - 0x20 : c);
  }
  return out;
}

function randomSegment(rng: XorShift): string {
  const r = rng.next() % 10;
  if (r < 6) return randomCase(PIECES[rng.next() % <u32>PIECES.length], rng);
  if (r < 9) {
    let s = "";
    for (let k = 0, n = 1 + <i32>(rng.next() % 14); k < n; k++) s += SOUP.charAt(<i32>(rng.next() % <u32>SOUP.length));
    return s;
  }
  return PIECES[rng.next() % <u32>PIECES.length] + PIECES[rng.next() % <u32>PIECES.length];
}

const PREFIXES: StaticArray<string> = ["/", "/workspace/", "/home/u/", "/etc/", "/proc/1/", "/x/.docker/", "/h/.config/", "/src/password-service/"];

function randomPath(rng: XorShift): string {
  let s = randomCase(PREFIXES[rng.next() % <u32>PREFIXES.length], rng);
  for (let k = 0, n = <i32>(rng.next() % 6); k < n; k++) {
    if (k > 0) s += (rng.next() & 7) == 0 ? "//" : "/";
    s += randomSegment(rng);
  }
  return s;
}

const buf = new ByteBuffer(256);

function fill(path: string): void {
  buf.reset();
  buf.appendString(path);
}

// ---- the replaced code, kept here as the reference ----

/** The split as it was (file-match.ts splitSegments): starts and ends of the non-empty segments. */
function refSegments(p: usize, n: i32): Array<i32> {
  const out = new Array<i32>();
  let i = 0;
  while (i < n) {
    while (i < n && load<u8>(p + <usize>i) == 0x2f) i++;
    const start = i;
    while (i < n && load<u8>(p + <usize>i) != 0x2f) i++;
    if (i == start) break;
    out.push(start);
    out.push(i);
  }
  return out;
}

/** admitsCanonical's byte loop as it was: a byte a decoding tool may read otherwise. */
function refForeign(p: usize, n: i32): bool {
  for (let i = 0; i < n; i++) {
    const c = <u32>load<u8>(p + <usize>i);
    if (c < 0x20 || c >= 0x7f || c == 0x25 || c == 0x5c) return true;
  }
  return false;
}

/** appendComponents as it was: segment by segment, pushed and appended. */
function refAppend(out: ByteBuffer, ptr: usize, len: i32): void {
  let i = 0;
  while (i < len) {
    while (i < len && load<u8>(ptr + <usize>i) == 0x2f) i++;
    const start = i;
    while (i < len && load<u8>(ptr + <usize>i) != 0x2f) i++;
    const n = i - start;
    if (n == 0) break;
    const c0 = <u32>load<u8>(ptr + <usize>start);
    if (n == 1 && c0 == 0x2e) continue;
    if (n == 2 && c0 == 0x2e && <u32>load<u8>(ptr + <usize>start + 1) == 0x2e) {
      let j = out.length - 1;
      while (j > 0 && load<u8>(out.ptr + <usize>j) != 0x2f) j--;
      out.length = j == 0 ? 1 : j;
      continue;
    }
    if (out.length != 1) out.push(0x2f);
    out.append(ptr + <usize>start, n);
  }
}

// ---- the checks ----

describe("scanPath: one pass for the segments, the bytes and the sensitive-file gate", () => {
  test("never says no rule can apply where sensitiveRule finds one; segments and foreign bytes as before", () => {
    const rng = new XorShift(0x5ca11);
    let sensitive = 0, skipped = 0;
    for (let i = 0; i < 6000; i++) {
      const path = randomPath(rng);
      fill(path);
      const flags = scanPath(buf);
      const rule = sensitiveRule(buf.ptr, buf.length, 0);
      if (rule != Sensitive.None) {
        sensitive++;
        if ((flags & Scan.SENSITIVE) == 0) expect(path + ": gate closed").toBe(path + ": rule " + (<i32>rule).toString());
      } else if ((flags & Scan.SENSITIVE) == 0) skipped++;
      if (((flags & Scan.FOREIGN) != 0) != refForeign(buf.ptr, buf.length)) expect(path + ": foreign " + flags.toString()).toBe(path);
      const want = refSegments(buf.ptr, buf.length);
      splitPath(buf); // the segments are split on demand
      let same = segCount == want.length >> 1;
      for (let k = 0; same && k < segCount; k++) same = segStarts[k] == want[k << 1] && segEnds[k] == want[(k << 1) + 1];
      if (!same) expect(path + ": segments differ").toBe(path);
    }
    // Not vacuous: both answers are common.
    expect(sensitive).toBeGreaterThan(600);
    expect(skipped).toBeGreaterThan(600);
  });

  test("each piece alone under each prefix, in upper and lower case", () => {
    for (let i = 0; i < PIECES.length; i++) {
      for (let j = 0; j < PREFIXES.length; j++) {
        for (let u = 0; u < 2; u++) {
          const path = PREFIXES[j] + (u == 0 ? PIECES[i] : PIECES[i].toUpperCase());
          fill(path);
          const flags = scanPath(buf);
          if (sensitiveRule(buf.ptr, buf.length, 0) != Sensitive.None && (flags & Scan.SENSITIVE) == 0) expect(path + ": gate closed").toBe(path);
        }
      }
    }
  });

  test("the gate stays closed on the usual workspace paths", () => {
    const plain: StaticArray<string> = ["/workspace/src/components", "/workspace/build-log.txt", "/workspace/notes/todo.txt",
      "/workspace/conf/production.json", "/workspace/src/utils/index.ts", "/workspace"];
    for (let i = 0; i < plain.length; i++) {
      fill(plain[i]);
      expect(scanPath(buf) & Scan.SENSITIVE).toBe(0, plain[i]);
    }
  });
});

const verdict = new Verdict();
const input = new FileInput();

function limitsFor(variant: i32): FileLimits {
  const l = new FileLimits();
  l.allowedPaths = variant == 3 ? ["/workspace/src", "/h/*.json"] : ["/workspace", "/home/u", "/etc", "/proc", "/x", "/h", "/src"];
  l.blockedPaths = variant == 1 ? ["/workspace/.git", "/workspace/node_modules", "/home/u/.cache"] : [];
  l.blockedPatterns = variant >= 1 ? [".env", "id_rsa", ".npmrc", ".git-credentials", "*.bak", "c?nf"] : [];
  l.builtinChecks = variant != 2;
  if (variant == 3) l.allowedExtensions = ["ts", ".json"];
  expect(l.compile()).toBe("");
  return l;
}

describe("admitsCanonical against checkFile", () => {
  test("the same answer and the same admitting entry on random paths, for every kind of limits", () => {
    const rng = new XorShift(0xad317);
    const roots: StaticArray<string> = ["/workspace", "/src/password-service", ""];
    let admitted = 0, refused = 0;
    for (let variant = 0; variant < 4; variant++) {
      const limits = limitsFor(variant);
      const fixed = PIECES.length * PREFIXES.length;
      for (let i = 0; i < fixed + 1500; i++) {
        // Each piece under each prefix, then random paths.
        const path = i < fixed ? PREFIXES[i % PREFIXES.length] + PIECES[i / PREFIXES.length] : randomPath(rng);
        fill(path);
        // The scopes hand admitsCanonical canonical paths: make this one canonical the same way.
        const canon = new ByteBuffer(256);
        canon.push(0x2f);
        appendComponents(canon, buf.ptr, buf.length);
        const root = roots[rng.next() % <u32>roots.length];
        const directory = (rng.next() & 1) == 0;
        verdict.rule = "";
        const fast = admitsCanonical(limits, canon, root, "/home/u", directory, verdict);
        const fastRule = verdict.rule;
        if (refForeign(canon.ptr, canon.length)) {
          // Left to checkFile, which also judges the decoding tool's reading.
          if (fast) expect(path + ": admitted").toBe(path + ": left to checkFile");
          continue;
        }
        input.path = canon.toString();
        input.workspaceRoot = root;
        input.home = "/home/u";
        input.writeBytes = NaN;
        input.directory = directory;
        verdict.rule = "";
        const full = checkFile(limits, input, false, verdict);
        if (fast != full) expect(input.path + " v" + variant.toString() + ": " + (fast ? "admitted" : "refused")).toBe(input.path + ": " + verdict.message);
        // checkFile reads the same gate: the rule itself must agree with an admit (the root's own names excepted).
        if (fast && limits.builtinChecks) {
          const r = String.UTF8.encode(root), rn = r.byteLength;
          const within = rn > 1 && canon.length >= rn && memory.compare(canon.ptr, changetype<usize>(r), <usize>rn) == 0 &&
            (canon.length == rn || load<u8>(canon.ptr + <usize>rn) == 0x2f);
          if (sensitiveRule(canon.ptr, canon.length, within ? rn : 0) != Sensitive.None) expect(input.path + ": admitted").toBe(input.path + ": sensitive");
        }
        if (full) {
          admitted++;
          if (fastRule != verdict.rule) expect(fastRule).toBe(verdict.rule, input.path);
        } else refused++;
      }
    }
    expect(admitted).toBeGreaterThan(600);
    expect(refused).toBeGreaterThan(600);
  });
});

describe("appendComponents: one pass", () => {
  test("the same canonical path as the segment-by-segment version, from '/' and from deeper bases", () => {
    const rng = new XorShift(0xa99e);
    const parts: StaticArray<string> = ["a", "bc", ".", "..", "", "...", ".a", "a.", "..b", "x/", "/", "//", "name.txt", "é"];
    const bases: StaticArray<string> = ["/", "/w", "/workspace/src"];
    const out = new ByteBuffer(8), ref = new ByteBuffer(8);
    for (let i = 0; i < 5000; i++) {
      let s = (rng.next() & 3) == 0 ? "/" : "";
      for (let k = 0, n = <i32>(rng.next() % 8); k < n; k++) s += (k > 0 ? "/" : "") + parts[rng.next() % <u32>parts.length];
      const base = bases[rng.next() % <u32>bases.length];
      out.reset();
      out.appendString(base);
      ref.reset();
      ref.appendString(base);
      fill(s);
      appendComponents(out, buf.ptr, buf.length);
      refAppend(ref, buf.ptr, buf.length);
      if (out.length != ref.length || memory.compare(out.ptr, ref.ptr, <usize>out.length) != 0) {
        expect(out.toString()).toBe(ref.toString(), base + " + " + s);
      }
    }
  });
});

describe("admitsPrepared against admitsCanonical", () => {
  test("the same answer and admitting entry, limits prepared once per place, the place changing between runs", () => {
    const rng = new XorShift(0x9e9a7ed);
    const roots: StaticArray<string> = ["/workspace", "/src/password-service", "", "/", "/workspace/", "relative", "/h/.config"];
    const homes: StaticArray<string> = ["/home/u", "", "/", "/h"];
    const invalid = new FileLimits();
    invalid.allowedPaths = ["/workspace"];
    invalid.blockedPatterns = ["~root/x"];
    const all: FileLimits[] = [limitsFor(0), limitsFor(1), limitsFor(2), limitsFor(3), invalid];
    const fast = new Verdict(), slow = new Verdict();
    const canon = new ByteBuffer(256);
    let admitted = 0, refused = 0;
    for (let run = 0; run < 300; run++) {
      const limits = all[rng.next() % <u32>all.length];
      const root = roots[rng.next() % <u32>roots.length], home = homes[rng.next() % <u32>homes.length];
      const valid = prepareLimits(limits, root, home);
      expect(valid).toBe(limits !== invalid);
      for (let i = 0; i < 40; i++) {
        const path = randomPath(rng);
        fill(path);
        canon.reset();
        if ((rng.next() & 15) != 0) {
          canon.push(0x2f);
          appendComponents(canon, buf.ptr, buf.length);
        } else if ((rng.next() & 1) == 0) canon.append(buf.ptr + 1, buf.length - 1); // not absolute
        const directory = (rng.next() & 1) == 0;
        fast.rule = "";
        slow.rule = "";
        const a = valid && admitsPrepared(limits, canon, directory, fast);
        // The reference resolves for the same place: the prepared limits stay prepared.
        const b = admitsCanonical(limits, canon, root, home, directory, slow);
        if (a != b) expect(path + " under " + root + ": " + (a ? "admitted" : "refused")).toBe(path + ": " + (b ? "admitted" : "refused"));
        if (a && fast.rule != slow.rule) expect(fast.rule).toBe(slow.rule, path);
        if (b) admitted++; else refused++;
      }
    }
    expect(admitted).toBeGreaterThan(800);
    expect(refused).toBeGreaterThan(800);
  });
});
