// npm resolves its command word like this: camelCase to kebab-case, an exact
// command, an alias (`i`, `rm`, `x`, and typos such as `isntall`), or any
// unambiguous abbreviation (`pub` is `publish`, `exe` is `exec`). The walk
// rewrites the word to the command npm will run, so `blocked_patterns: ["npm
// publish"]` also stops `npm pub` and an allowed `npm install` admits `npm i`
// (red-team review). Lists from npm 11's lib/utils/cmd-list.js.

import { allocZeroed } from "../../util/bytes";
import { nameKey } from "../expand/argv";

const COMMANDS = "access adduser approve-scripts audit bugs cache ci completion config dedupe deny-scripts deprecate " +
  "diff dist-tag docs doctor edit exec explain explore find-dupes fund get help help-search init install " +
  "install-ci-test install-scripts install-test link ll login logout ls org outdated owner pack ping pkg prefix " +
  "profile prune publish query rebuild repo restart root run sbom search set shrinkwrap stage star stars start " +
  "stop team test token trust undeprecate uninstall unpublish unstar update version view whoami";

const ALIASES = "author=owner home=docs issues=bugs info=view show=view find=search add=install unlink=uninstall " +
  "remove=uninstall rm=uninstall r=uninstall un=uninstall rb=rebuild list=ls ln=link create=init i=install " +
  "it=install-test cit=install-ci-test u=update up=update c=config s=search se=search tst=test t=test ddp=dedupe " +
  "v=view run-script=run clean-install=ci clean-install-test=install-ci-test x=exec why=explain la=ll " +
  "verison=version ic=ci innit=init in=install ins=install inst=install insta=install instal=install " +
  "isnt=install isnta=install isntal=install isntall=install install-clean=ci isntall-clean=ci hlep=help " +
  "dist-tags=dist-tag upgrade=update udpate=update rum=run sit=install-ci-test urn=run ogr=org add-user=adduser";

let names: string[] | null = null;   // commands, then alias names
let targets: string[] | null = null;  // the command each name runs
let buckets: Array<i32[]> | null = null; // indexes into names, by first letter (& 31)
let COMMAND_COUNT = 0;

function build(): void {
  const n: string[] = [];
  const t: string[] = [];
  const commands = COMMANDS.split(" ");
  for (let i = 0; i < commands.length; i++) { n.push(commands[i]); t.push(commands[i]); }
  const aliases = ALIASES.split(" ");
  for (let i = 0; i < aliases.length; i++) {
    const eq = aliases[i].indexOf("=");
    n.push(aliases[i].substring(0, eq));
    t.push(aliases[i].substring(eq + 1));
  }
  names = n;
  targets = t;
  COMMAND_COUNT = commands.length;
  const b = new Array<i32[]>(32);
  for (let i = 0; i < 32; i++) b[i] = [];
  for (let i = 0; i < n.length; i++) b[n[i].charCodeAt(0) & 31].push(i);
  buckets = b;
}

// Words of up to eight bytes seen before, with their answer: a decision asks about the same few words (run,
// test, i) again and again. A slot is the word's bytes as one u64 (nameKey), its length and its answer as
// an index into targets plus one (0: ""); the length makes the key exact.
const CACHE_BITS: u64 = 5;
const CACHE: usize = allocZeroed(16 << <i32>CACHE_BITS);

/** The npm command that the word (p, len) runs when that is another word; "" when it is the word itself or npm would refuse it. */
export function npmCommand(p: usize, len: i32): string {
  if (len < 1 || len > 8) return targetOf(npmCommandIndex(p, len));
  const key = nameKey(p, len);
  const slot = CACHE + (<usize>((key * 0x9e3779b97f4a7c15) >> (64 - CACHE_BITS)) << 4);
  if (load<u64>(slot) != key || load<i32>(slot, 8) != len) {
    store<u64>(slot, key);
    store<i32>(slot, len, 8);
    store<i32>(slot, npmCommandIndex(p, len) + 1, 12);
  }
  return targetOf(load<i32>(slot, 12) - 1);
}

/** npmCommand without the cache (exported for the spec that compares the two). */
export function lookupNpmCommand(p: usize, len: i32): string {
  return targetOf(npmCommandIndex(p, len));
}

function targetOf(i: i32): string {
  return i >= 0 ? targets![i] : "";
}

/** Index in targets of the command npmCommand answers, or -1 for "". */
function npmCommandIndex(p: usize, len: i32): i32 {
  if (names === null) build();
  const n = names!;
  // The common case, already a command's name, without decoding the word.
  if (len > 0) {
    const bucket = buckets![<i32>(load<u8>(p) & 31)];
    for (let b = 0; b < bucket.length; b++) {
      const i = bucket[b];
      if (i < COMMAND_COUNT && sameBytes(n[i], p, len)) return -1;
    }
  }
  let word = String.UTF8.decodeUnsafe(p, <usize>len, false);
  if (hasUpper(word)) word = kebab(word);
  for (let i = 0; i < n.length; i++) if (n[i] == word) return i;
  // An abbreviation: a prefix of exactly one name.
  let hit = -1;
  for (let i = 0; i < n.length; i++) {
    if (!n[i].startsWith(word)) continue;
    if (hit >= 0) return -1;
    hit = i;
  }
  return hit >= 0 && word.length > 0 ? hit : -1;
}

// @ts-ignore: decorator
@inline function sameBytes(name: string, p: usize, len: i32): bool {
  if (name.length != len) return false;
  for (let k = 0; k < len; k++) if (<u32>load<u8>(p + <usize>k) != <u32>name.charCodeAt(k)) return false;
  return true;
}

function hasUpper(s: string): bool {
  for (let i = 0; i < s.length; i++) if (<u32>(s.charCodeAt(i) - 0x41) < 26) return true;
  return false;
}

function kebab(s: string): string {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out += <u32>(c - 0x41) < 26 ? "-" + String.fromCharCode(c + 0x20) : String.fromCharCode(c);
  }
  return out;
}
