// The allowed_commands and blocked-pattern fast paths against the code they replace:
// - AllowList#matches finds a name entry by a key of the name's first and last eight bytes (the key decides
//   names of up to 8 bytes without a byte compare) instead of an FNV hash of every byte; the reference below
//   is the matcher as it was, tried over every entry in turn. Entries are every allowed_commands entry of
//   test/vectors/policies plus random names, paths, prefixes and exact forms; commands are random.
// - nameMatches (a pattern's command word against a command name's basename) compares a plain word with the
//   name's last bytes instead of scanning for the last `/`; the reference is basenameOffset then the compare.
// - the argv byte helpers: bytesIs, bytesIsLower, bytesStartLower and contains read the literal's code units
//   without charCodeAt's bounds check; the references are the loops they replace, over random bytes and
//   literals (basenameOffset and indexOf are checked beside them, against plain byte loops).
import { Parser } from "../../shell/syntax/parser";
import { Walker } from "../../shell/interp/walk";
import { AllowEntry, AllowList, compileAllowEntry, restMatches } from "../../shell/allow";
import { PatternWord, nameMatches } from "../../shell/pattern";
import { basenameOffset, bytesIs, bytesIsLower, bytesStartLower, contains, indexOf } from "../../shell/expand/argv";
import { Script, rowInfo, rowLen } from "../../shell/syntax/nodes";
import { Ch, WordFlag } from "../../shell/syntax/tokens";
import { ByteBuffer, Bytes, inWordList, toLowerAscii } from "../../util/bytes";
import { canonicalizeAbsoluteInto } from "../../util/path";
import { XorShift } from "../xorshift";
import { randomCommand } from "./random-command";

// ---- the replaced code, kept here as the reference ----

const TRUSTED_DIRS = "/bin /sbin /usr/bin /usr/sbin /usr/local/bin /usr/local/sbin /opt/homebrew/bin " +
  "/opt/homebrew/sbin /opt/local/bin /snap/bin /usr/games";

function same(p: usize, n: i32, b: Bytes): bool {
  return n == b.length && memory.compare(p, changetype<usize>(b), <usize>n) == 0;
}

/** AllowList#matches as it was, over every entry (the hash only chose which entries to try). */
function referenceMatches(entries: Array<AllowEntry>, s: Script, v: i32, scratch: ByteBuffer): bool {
  const r = s.wordRow(s.viewName(v));
  const p = s.rowPtr(r), n = rowLen(r);
  if ((rowInfo(r) & (WordFlag.DYNAMIC | WordFlag.GLOB | WordFlag.BRACE)) != 0) return false;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    if (!e.path) continue;
    let ok = same(p, n, e.words[0]);
    if (!ok) {
      const c = e.canonical;
      ok = c !== null && n > 0 && <u32>load<u8>(p) == Ch.SLASH && canonicalizeAbsoluteInto(scratch, p, n) &&
        same(scratch.ptr, scratch.length, c);
    }
    if (ok && restMatches(e, s, v)) return true;
  }
  let np = p, nn = n;
  if (indexOf(p, n, Ch.SLASH) >= 0) {
    if (<u32>load<u8>(p) != Ch.SLASH || !canonicalizeAbsoluteInto(scratch, p, n)) return false;
    const b = basenameOffset(scratch.ptr, scratch.length);
    if (!inWordList(TRUSTED_DIRS, scratch.ptr, b > 1 ? b - 1 : 1)) return false;
    np = scratch.ptr + <usize>b;
    nn = scratch.length - b;
  }
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    if (!e.path && same(np, nn, e.words[0]) && restMatches(e, s, v)) return true;
  }
  return false;
}

/** The pattern's command word against the basename, as PatternMatcher#stage did it. */
function referenceNameMatches(pw: PatternWord, p: usize, n: i32): bool {
  const b = basenameOffset(p, n);
  const t = changetype<usize>(pw.text), tn = pw.text.length;
  const q = p + <usize>b, m = n - b;
  if (pw.glob) return globRef(t, tn, q, m);
  if (m != tn) return false;
  for (let i = 0; i < m; i++) if (<u32>load<u8>(t + <usize>i) != toLowerAscii(<u32>load<u8>(q + <usize>i))) return false;
  return true;
}

function globRef(p: usize, pn: i32, t: usize, tn: i32): bool {
  let pi = 0, ti = 0, star = -1, mark = 0;
  while (ti < tn) {
    if (pi < pn) {
      const pc = <u32>load<u8>(p + <usize>pi);
      if (pc == Ch.STAR) { star = pi++; mark = ti; continue; }
      if (pc == Ch.QUESTION || pc == toLowerAscii(<u32>load<u8>(t + <usize>ti))) { pi++; ti++; continue; }
    }
    if (star < 0) return false;
    pi = star + 1;
    ti = ++mark;
  }
  while (pi < pn && <u32>load<u8>(p + <usize>pi) == Ch.STAR) pi++;
  return pi == pn;
}

// ---- inputs ----

/** Every allowed_commands entry of test/vectors/policies. */
const VECTOR_ENTRIES = [
  "git", "npm", "npx", "node", "ls", "cat", "grep", "rg", "echo", "pwd", "head", "wc", "find", "python3", "pytest", "make",
  "cd", "yarn", "pnpm", "printf", "tail", "sort", "uniq", "cut", "tr", "sed", "awk", "jq", "xargs", "mkdir", "touch", "cp",
  "mv", "rm", "diff", "go", "cargo", "tsc", "eslint", "prettier", "vitest", "true", "false", "test", "[", "which", "date",
  "env", "export", "sleep", "tee", "basename", "dirname", "realpath", "stat", "du", "file", "chmod", "tar", "gzip", "unzip",
  "read", "sh", "bash", "sudo", ".", "source", "*", ":", "pushd", "git status", "git diff", "git log", "npm test",
  "npm run test", "npm run lint", "less", "more", "egrep", "fgrep", "cmp", "tree", "ln", "rmdir", "curl", "wget", "xxd",
  "nl", "od", "tac", "truncate", "install", "md5sum", "sha256sum", "base64", "paste", "strings", "timeout", "nice", "time",
  "dd", "b2sum", "cksum", "sha1sum", "sha512sum", "hexdump", "join", "comm", "fold", "expand", "fmt", "column", "dir",
  "vdir", "shred", "chown", "chgrp", "rev", "base32", "unlink", "nohup", "parallel", "fd", "wait", "mapfile", "getopts",
  "declare", "eval", "unset",
];

/** Names around the key's edges: 1, 4, 7, 8, 9 and 16+ bytes, and names equal to those in their first or last eight. */
const EDGE_NAMES = [
  "a", "ab", "abc", "abcd", "abcdefg", "abcdefgh", "abcdefghi", "abcdefghX", "Xbcdefghi", "sha256sum", "sha256suX",
  "sha512sum", "prettier", "prettieR", "realpath", "realpat", "abcdefgh12345678", "abcdefgh1234567x", "abcdefgx12345678",
  "abcdefghabcdefgh", "abcdefgh0abcdefgh", "abcdefgh1abcdefgh", "é", "gït", "ls\u00a0", "git-lfs", "GIT", "Git",
];

const EXTRA_ENTRIES = [
  "/usr/bin/git", "/usr/local/bin/npm", "./gradlew", "bin/run", "/bin/../usr/bin/ls", "/opt/x//tool", "npm run test*",
  "git log*", "=ls", "=npm run build", "=git", "npm run", "git push origin", "  git   diff  ", "make -j*",
];

const FRAGMENTS = [
  "git status", "git", "GIT status", "/usr/bin/git log", "/usr/bin//git diff", "/bin/../usr/bin/git", "/usr/local/bin/npm test",
  "./git", "/tmp/x/git", "git/", "/usr/bin/", "/", "./gradlew build", "/x/gradlew", "bin/run a", "/opt/x/tool", "/opt/x//tool",
  "npm run test", "npm run test:unit", "npm run tes", "npm run build", "npm run build --x", "npm run lint", "ls", "ls -la",
  "sha256sum f", "sha256suX f", "sha512sum f", "prettier .", "prettieR .", "realpath x", "realpat x", "abcdefgh12345678",
  "abcdefgh1234567x", "abcdefgx12345678", "abcdefgh0abcdefgh x", "abcdefgh1abcdefgh", "abcdefghi", "abcdefghX", "Xbcdefghi", "a", "ab", "abc", "abcd", "abcdefg",
  "abcdefgh", "\"g\"it status", "'npm' run test", "$X", "g$X", "gi? status", "{git,ls}", "git $Y", "git lo*", "make -j4",
  "make -j", "é", "gït", "env git status", "xargs git", "time ls", "nice -n 5 npm test", "cd /tmp && ls", "[ -f x ]",
  ": ok", "true", "echo hi | tee out", "git push origin main", "git push origin", "=ls", "* x", ".",
];

function randomName(random: XorShift): string {
  const pick = random.next() % 4;
  if (pick == 0) return VECTOR_ENTRIES[<i32>(random.next() % <u32>VECTOR_ENTRIES.length)];
  if (pick == 1) return EDGE_NAMES[<i32>(random.next() % <u32>EDGE_NAMES.length)];
  if (pick == 2) return EXTRA_ENTRIES[<i32>(random.next() % <u32>EXTRA_ENTRIES.length)];
  // A random name of 1..18 bytes from a small alphabet, so that keys and slots collide.
  const n = 1 + <i32>(random.next() % 18);
  let out = "";
  for (let i = 0; i < n; i++) out += String.fromCharCode(<i32>"abgit/.-"[<i32>(random.next() % 8)].charCodeAt(0));
  return out;
}

function listOf(entries: Array<string>): Array<AllowEntry> {
  const out = new Array<AllowEntry>();
  for (let i = 0; i < entries.length; i++) {
    if (entries[i].trim().length == 0) continue;
    out.push(compileAllowEntry(entries[i]));
  }
  return out;
}

const p = new Parser();
const w = new Walker(p);
const scratch = new ByteBuffer(64);
const refScratch = new ByteBuffer(64);

/** Both matchers over every view of cmd; how many views matched (so a test can tell it tried some). */
function compare(entries: Array<AllowEntry>, cmd: string): i32 {
  const b = String.UTF8.encode(cmd, false);
  if (!(p.parseTop(changetype<usize>(b), b.byteLength) && w.run())) return 0;
  const list = new AllowList();
  for (let i = 0; i < entries.length; i++) list.add(entries[i]);
  const s = p.script;
  let hits = 0;
  for (let v = 0; v < s.viewCount; v++) {
    const want = referenceMatches(entries, s, v, refScratch);
    expect(list.matches(s, v, scratch)).toBe(want, cmd + " (view " + v.toString() + ")");
    if (want) hits++;
  }
  return hits;
}

describe("AllowList#matches against the hashed-bytes matcher it replaces", () => {
  test("every vector policy entry, each alone and all together, over every fragment", () => {
    const all = listOf(VECTOR_ENTRIES.concat(EXTRA_ENTRIES).concat(EDGE_NAMES));
    let hits = 0;
    for (let f = 0; f < FRAGMENTS.length; f++) {
      hits += compare(all, FRAGMENTS[f]);
      for (let e = 0; e < VECTOR_ENTRIES.length; e += 7) hits += compare(listOf([VECTOR_ENTRIES[e]]), FRAGMENTS[f]);
    }
    expect(hits).toBeGreaterThan(50);
  });

  test("random lists and random commands", () => {
    const random = new XorShift(0x5eed_a110);
    let hits = 0, views = 0;
    for (let round = 0; round < 600; round++) {
      const names = new Array<string>();
      const count = 1 + <i32>(random.next() % 40);
      for (let i = 0; i < count; i++) names.push(randomName(random));
      const entries = listOf(names);
      if (entries.length == 0) continue;
      // Commands made of the entries' own words (hits) and of the fragments (mostly misses).
      const own = new Array<string>();
      for (let i = 0; i < names.length; i++) own.push(names[i].trim().length > 0 ? names[i] : "x");
      hits += compare(entries, randomCommand(random, own, 3));
      hits += compare(entries, randomCommand(random, FRAGMENTS, 4));
      views++;
    }
    expect(views).toBeGreaterThan(500);
    expect(hits).toBeGreaterThan(300);
  });
});

describe("nameMatches against basenameOffset and a compare", () => {
  test("every pattern word against adversarial and random names", () => {
    const words = ["git", "Git", "sudo", "rm", "npm", "a", "sh", "curl*", "*sh", "s?do", "x/y", "/usr/bin/sudo", "git/",
      ".", "-", "python3", "abcdefghi"];
    const names = ["git", "GIT", "/usr/bin/git", "/usr/bin/GIT", "./git", "xgit", "/xgit", "git/", "/git/", "a/git/b",
      "//git", "/", "", "g", "sudo", "/sbin/sudo", "sudoku", "SUDO", "rm", "/bin/rm", "arm", "a/rm", "curlx", "/x/curl",
      "bash", "/bin/sh", "x/y", "a/x/y", "/x/y", "s_do", "-", "/-", ".", "./.", "python3", "/x/python3", "abcdefghi"];
    const random = new XorShift(0xba5e_0ff5);
    let hits = 0;
    for (let round = 0; round < 4000; round++) {
      const pw = new PatternWord(words[<i32>(random.next() % <u32>words.length)]);
      let name: string;
      if (round < words.length * names.length) name = names[round % names.length];
      else {
        const n = <i32>(random.next() % 12);
        name = "";
        for (let i = 0; i < n; i++) name += String.fromCharCode(<i32>"gitGIT/.sudo-"[<i32>(random.next() % 13)].charCodeAt(0));
      }
      const b = String.UTF8.encode(name, false);
      const want = referenceNameMatches(pw, changetype<usize>(b), b.byteLength);
      expect(nameMatches(pw, changetype<usize>(b), b.byteLength)).toBe(want, name);
      if (want) hits++;
    }
    expect(hits).toBeGreaterThan(40);
  });
});

// ---- the byte helpers ----

function refBasename(p: usize, n: i32): i32 {
  let i = n - 1;
  while (i > 0 && <u32>load<u8>(p + <usize>i - 1) != Ch.SLASH) i--;
  return i < 0 ? 0 : i;
}

function refIndexOf(p: usize, n: i32, c: u32): i32 {
  for (let i = 0; i < n; i++) if (<u32>load<u8>(p + <usize>i) == c) return i;
  return -1;
}

function refIs(p: usize, n: i32, lit: string, fold: bool, prefix: bool): bool {
  const m = lit.length;
  if (prefix ? n < m : n != m) return false;
  for (let i = 0; i < m; i++) {
    const b = <u32>load<u8>(p + <usize>i);
    if ((fold ? toLowerAscii(b) : b) != <u32>lit.charCodeAt(i)) return false;
  }
  return true;
}

function refContains(list: string, c: u32): bool {
  for (let i = 0; i < list.length; i++) if (<u32>list.charCodeAt(i) == c) return true;
  return false;
}

/** Random bytes from a small alphabet (so that `/`, `=` and matches are frequent), 0..40 of them. */
function randomBytes(random: XorShift, alphabet: string): string {
  const n = <i32>(random.next() % 41);
  let out = "";
  for (let i = 0; i < n; i++) out += alphabet.charAt(<i32>(random.next() % <u32>alphabet.length));
  return out;
}

describe("argv byte helpers against the byte loops they replace", () => {
  test("basenameOffset and indexOf", () => {
    const random = new XorShift(0x0b5e_55ed);
    const fixed = ["", "/", "//", "a", "a/", "/a", "abcdefgh/", "abcdefg/h", "/abcdefgh", "abcdefgh", "abcdefghi/",
      "/usr/local/bin/node", "src/components/", "x///////////y", "0123456/89abcdef/", "é/ü", "=", "a=b", "--opt=/x=y"];
    let found = 0;
    for (let round = 0; round < 6000; round++) {
      const text = round < fixed.length ? fixed[round] : randomBytes(random, round % 2 == 0 ? "ab/=.-" : "abcdefghijk/é=");
      const b = String.UTF8.encode(text, false);
      const p = changetype<usize>(b), n = b.byteLength;
      expect(basenameOffset(p, n)).toBe(refBasename(p, n), text);
      const cs: u32[] = [Ch.SLASH, Ch.EQ, 0x61, 0xc3, 0x100 + Ch.SLASH, 0];
      for (let k = 0; k < cs.length; k++) {
        const want = refIndexOf(p, n, cs[k]);
        expect(indexOf(p, n, cs[k])).toBe(want, text);
        if (want >= 8) found++;
      }
      // Every offset and length inside the bytes, so that unaligned starts and every tail length are met.
      if (round % 400 == 0) {
        for (let o = 0; o < n; o++) for (let m = 0; o + m <= n; m++) {
          expect(basenameOffset(p + <usize>o, m)).toBe(refBasename(p + <usize>o, m), text);
          expect(indexOf(p + <usize>o, m, Ch.SLASH)).toBe(refIndexOf(p + <usize>o, m, Ch.SLASH), text);
        }
      }
    }
    expect(found).toBeGreaterThan(100);
  });

  test("bytesIs, bytesIsLower, bytesStartLower and contains", () => {
    const lits = ["", "a", "cd", "set", "echo", "grep", "--count", "--files-with-matches", "package.json", "a/b",
      "é", "\u0161", "\u0100a", "ab/", "AB"];
    const random = new XorShift(0x1175_c0de);
    let equal = 0;
    for (let round = 0; round < 6000; round++) {
      const lit = lits[<i32>(random.next() % <u32>lits.length)];
      let text: string;
      const pick = random.next() % 4;
      if (pick == 0) text = lit;
      else if (pick == 1) text = lit.toUpperCase();
      else if (pick == 2) text = lit + randomBytes(random, "aA/-s");
      else text = randomBytes(random, "abcdeAB/-");
      const b = String.UTF8.encode(text, false);
      const p = changetype<usize>(b), n = b.byteLength;
      const want = refIs(p, n, lit, false, false);
      expect(bytesIs(p, n, lit)).toBe(want, text + " = " + lit);
      expect(bytesIsLower(p, n, lit)).toBe(refIs(p, n, lit, true, false), text + " ~ " + lit);
      expect(bytesStartLower(p, n, lit)).toBe(refIs(p, n, lit, true, true), text + " ^ " + lit);
      const c = n > 0 ? <u32>load<u8>(p + <usize>(random.next() % <u32>n)) : 0x161;
      expect(contains(lit, c)).toBe(refContains(lit, c), lit);
      if (want) equal++;
    }
    expect(equal).toBeGreaterThan(500);
  });
});
