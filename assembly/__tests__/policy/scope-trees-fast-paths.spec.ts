// The built-in places a tree may hold (scope-trees.ts blockedInTree), found without making each place, against
// the check as it was: every home secret's place built (home, '/', name), lower-cased and compared with the
// root; the users' homes and system places copied from their names. Same hit, same label and rule, for random
// and adversarial roots and homes (case, trailing slashes, `/` as home, roots inside and beside the home).
import { FileLimits } from "../../policy/capabilities/file/file";
import { blockedInTree, treeHit } from "../../policy/capabilities/command/scope-trees";
import { ByteBuffer, toLowerAscii } from "../../util/bytes";
import { XorShift } from "../xorshift";

// ---- the replaced code, kept here as the reference ----

const HOME_SECRETS: StaticArray<string> = [
  ".ssh", ".aws", ".gnupg", ".kube", ".azure", ".docker", ".netrc", ".npmrc", ".pypirc", ".pgpass", ".vault-token",
  ".config/gcloud", ".config/gh",
];
const SYSTEM_SECRETS: StaticArray<string> = [
  "/etc/shadow", "/etc/gshadow", "/etc/sudoers", "/etc/sudoers.d", "/etc/master.passwd", "/proc", "/root",
];
const HOMES: StaticArray<string> = ["/home", "/users"];

const lower = new ByteBuffer(256);
const place = new ByteBuffer(256);
const placeLower = new ByteBuffer(256);

function lowerInto(out: ByteBuffer, p: usize, n: i32): void {
  out.reset();
  out.append(p, n);
  for (let i = 0; i < out.length; i++) store<u8>(out.ptr + <usize>i, <u8>toLowerAscii(<u32>load<u8>(out.ptr + <usize>i)));
}

function onOneLine(p: usize, n: i32): bool {
  const r = lower.length;
  if (r == 1) return true;
  const m = n < r ? n : r;
  for (let i = 0; i < m; i++) if (toLowerAscii(<u32>load<u8>(p + <usize>i)) != <u32>load<u8>(lower.ptr + <usize>i)) return false;
  if (n == r) return true;
  return n > r ? load<u8>(p + <usize>r) == 0x2f : n == 1 || load<u8>(lower.ptr + <usize>n) == 0x2f;
}

function below(p: usize, n: i32): bool {
  const r = lower.length;
  if (r == 1) return n > 1;
  if (n <= r || load<u8>(p + <usize>r) != 0x2f) return false;
  return memory.compare(p, lower.ptr, r) == 0;
}

function atOrBelow(p: usize, n: i32): bool {
  return below(p, n) || (n == lower.length && memory.compare(p, lower.ptr, n) == 0);
}

function isChildOf(dir: ByteBuffer): bool {
  const r = lower.length, n = dir.length;
  if (r <= n + 1 || load<u8>(lower.ptr + <usize>n) != 0x2f || memory.compare(lower.ptr, dir.ptr, n) != 0) return false;
  for (let i = n + 1; i < r; i++) if (load<u8>(lower.ptr + <usize>i) == 0x2f) return false;
  return true;
}

/** The old builtin part of blockedInTree: the hit's label, or "". */
function refBuiltinHit(root: ByteBuffer, homePtr: usize, homeLen: i32): string {
  lowerInto(lower, root.ptr, root.length);
  if (homeLen > 0 && onOneLine(homePtr, homeLen)) {
    for (let i = 0; i < HOME_SECRETS.length; i++) {
      place.reset();
      place.append(homePtr, homeLen);
      place.push(0x2f);
      place.appendString(HOME_SECRETS[i]);
      lowerInto(placeLower, place.ptr, place.length);
      if (atOrBelow(placeLower.ptr, placeLower.length)) return "'" + place.toString() + "' (built-in sensitive files)";
    }
  }
  for (let i = 0; i < HOMES.length; i++) {
    place.reset();
    place.appendString(HOMES[i]);
    if (atOrBelow(place.ptr, place.length) || isChildOf(place)) {
      return "'" + place.toString() + "/*/.ssh' (built-in sensitive files: users' homes)";
    }
  }
  if (lower.length >= 19) return "";
  for (let i = 0; i < SYSTEM_SECRETS.length; i++) {
    place.reset();
    place.appendString(SYSTEM_SECRETS[i]);
    if (atOrBelow(place.ptr, place.length)) return "'" + place.toString() + "' (built-in sensitive files)";
  }
  return "";
}

// ---- inputs ----

const HOME_CHOICES: StaticArray<string> = ["/home/agent", "/Home/Agent", "/", "/root", "/users/me", "/home/agent/", "/h", "/home/a.ssh", ""];
const PIECES: StaticArray<string> = [
  "home", "Home", "agent", "AGENT", ".ssh", ".SSH", ".config", ".Config", "gcloud", "gh", "GH", ".aws", ".vault-token", "e", "p",
  ".npmrc", "etc", "shadow", "sudoers.d", "proc", "root", "users", "x", ".", "a.ssh", "src", ".docker", "",
];

function randomCase(s: string, rng: XorShift): string {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s.charAt(i);
    out += (rng.next() & 1) == 0 ? c : c.toUpperCase();
  }
  return out;
}

function randomRoot(rng: XorShift, home: string): string {
  const r = rng.next() % 4;
  let s = r == 0 ? "" : r == 1 && home.length > 1 ? randomCase(home, rng) : r == 2 ? "/home" : "";
  for (let k = 0, n = <i32>(rng.next() % 4); k < n; k++) s += "/" + randomCase(PIECES[rng.next() % <u32>PIECES.length], rng);
  if ((rng.next() & 15) == 0) s += "/";
  return s.length == 0 ? "/" : s;
}

const root = new ByteBuffer(256);
const homeBuf = new ByteBuffer(256);

describe("blockedInTree: the built-in places found without making them", () => {
  test("random and listed roots and homes: the same hit as the places built one by one", () => {
    const limits = new FileLimits();
    limits.allowedPaths = ["/"];
    expect(limits.compile()).toBe("");
    limits._resolve("/workspace", "/home/agent");
    const rng = new XorShift(0x7eee5);
    const listed: StaticArray<string> = [
      "/", "/home", "/home/agent", "/HOME/AGENT", "/home/agent/.ssh", "/home/agent/.ssh/x", "/home/agent/.config",
      "/home/agent/.config/gh", "/home/agent/.config/ghx", "/home/agent/.config/gcloud/a", "/home/agent/.sshx", "/home/agent/src",
      "/home/agent/", "/home/agent/.vault-token", "/home/other", "/home/other/x", "/etc", "/etc/sudoers.d", "/proc", "/workspace/src",
      "/users", "/root", "/h", "/h/.ssh", "/home/a", "/home/agen",
      // The first byte alone sends a root past the users' homes and system places: each of theirs, in either
      // case, and its neighbours.
      "/e", "/E", "/p", "/P/x", "/r", "/R", "/u", "/U/me", "/hom", "/HOME/x/y", "/Users/me", "/ETC", "/Proc/1", "/Root/x",
      "/d", "/f", "/o", "/q", "/s", "/t", "/v", "/g", "/i", "/\u00e9tc", "/\u00c9tc",
    ];
    let hits = 0;
    for (let i = 0; i < HOME_CHOICES.length; i++) {
      const home = HOME_CHOICES[i];
      for (let j = 0; j < listed.length + 600; j++) {
        const path = j < listed.length ? listed[j] : randomRoot(rng, home);
        root.reset();
        root.appendString(path);
        homeBuf.reset();
        homeBuf.appendString(home);
        const want = refBuiltinHit(root, homeBuf.ptr, homeBuf.length);
        treeHit.label = "";
        const got = blockedInTree(limits, root, homeBuf.ptr, homeBuf.length) ? treeHit.label : "";
        if (want.length > 0) {
          hits++;
          expect(treeHit.rule).toBe("builtin:sensitive_file");
        }
        expect(path + " in home " + home + ": " + got).toBe(path + " in home " + home + ": " + want);
      }
    }
    expect(hits).toBeGreaterThan(500);
  });
});
