// Files git, npm and make load code or configuration from, found by the place a write reaches — the path
// resolved from the directory the command is in, maybe a glob — rather than by its spelling:
// `> .git/conf*`, `cd .git && > config`, `cp config .git`, `cp -t .git f`, `dd of=.git/config`, `install f
// .git/config`, `> package.jso[n]`. A write to such a place in a command that also runs the loader makes it
// run what was written (core.fsmonitor, a hook, a package script), which no argv shows.

import { Script } from "../syntax/nodes";
import { Cmd, cmdId } from "../programs";
import { toLowerAscii } from "../../util/bytes";
import { ViewBits, viewBits } from "./view-summary";
import { summaryOfViews } from "./writes-then-runs";

const LOADERS = ViewBits.RUNS_GIT | ViewBits.RUNS_NPM | ViewBits.RUNS_MAKE;

/** The loaders the script's views run (ViewBits.RUNS_GIT, RUNS_NPM, RUNS_MAKE). */
export function loadersRun(s: Script): i32 {
  let sum = viewBits(s);
  if (sum < 0) sum = summaryOfViews(s);
  return sum & LOADERS;
}

// Names the loaders read by place (any case: case-insensitive file systems open `.GIT/config` as `.git/config`).
/** A directory git loads from whatever is written in it: the repository (config, hooks, info/attributes). */
const GIT_DIRECTORY = ".git";
/** Files git loads by their name wherever the repository or the user keeps them. */
const GIT_FILES: string[] = [".gitconfig", "gitconfig", ".gitattributes", ".gitmodules", ".lfsconfig"];
const NPM_FILES: string[] = ["package.json", ".npmrc", ".yarnrc", ".yarnrc.yml", ".pnpmfile.cjs"];
const MAKE_FILES: string[] = ["makefile", "gnumakefile"];

/**
 * The loader among `loaders` that loads the canonical path (p, n) — each segment a glob pattern when `glob` —,
 * as a program name, or "". A write made by the loader itself (`git config --global`, `npm pkg set`) is its own
 * row's business, so `writer` (the Cmd id of the program writing, 0 for a redirection) is left out.
 */
export function loaderOfPlace(p: usize, n: i32, glob: bool, loaders: i32, writer: i32): string {
  const git = (loaders & ViewBits.RUNS_GIT) != 0 && writer != Cmd.GIT;
  const npm = (loaders & ViewBits.RUNS_NPM) != 0 && writer != Cmd.NPM && writer != Cmd.NPX;
  const make = (loaders & ViewBits.RUNS_MAKE) != 0 && writer != Cmd.MAKE;
  if (!git && !npm && !make) return "";
  let start = 0;
  let previous = -1, previousLen = 0; // the segment before, for `git/config` (~/.config/git/config)
  while (start < n) {
    let end = start;
    while (end < n && load<u8>(p + <usize>end) != 0x2f) end++;
    const len = end - start, seg = p + <usize>start;
    if (len > 0) {
      const last = end >= n;
      if (git) {
        if (segmentMay(seg, len, GIT_DIRECTORY, glob)) return "git";
        if (last && anyMay(seg, len, GIT_FILES, glob)) return "git";
        if (last && previous >= 0 && segmentMay(p + <usize>previous, previousLen, "git", glob) &&
          (segmentMay(seg, len, "config", glob) || segmentMay(seg, len, "attributes", glob))) return "git";
      }
      if (last && npm && anyMay(seg, len, NPM_FILES, glob)) return "npm";
      if (last && make && anyMay(seg, len, MAKE_FILES, glob)) return "make";
      previous = start;
      previousLen = len;
    }
    start = end + 1;
  }
  return "";
}

/** The Cmd id of view v's program (0 for a redirection, v < 0). */
export function writerOf(s: Script, v: i32): i32 {
  return v < 0 ? 0 : cmdId(s.vInfo(v));
}

function anyMay(p: usize, n: i32, names: string[], glob: bool): bool {
  for (let i = 0; i < names.length; i++) if (segmentMay(p, n, names[i], glob)) return true;
  return false;
}

/** May the segment (p, n) name `name` (lowercase)? Compared in any case; as a glob, `[…]` counts as any one byte. */
function segmentMay(p: usize, n: i32, name: string, glob: bool): bool {
  if (!glob) {
    if (n != name.length) return false;
    for (let i = 0; i < n; i++) if (toLowerAscii(<u32>load<u8>(p + <usize>i)) != <u32>name.charCodeAt(i)) return false;
    return true;
  }
  return globMay(p, 0, n, name, 0);
}

/** Glob (p[i..n)) against name[j..): `*` any run, `?` and a bracket class any one byte (so it may match more, never less). */
function globMay(p: usize, i: i32, n: i32, name: string, j: i32): bool {
  const m = name.length;
  while (i < n) {
    const c = <u32>load<u8>(p + <usize>i);
    if (c == 0x2a) { // `*`
      while (i < n && load<u8>(p + <usize>i) == 0x2a) i++;
      if (i == n) return true;
      for (let k = j; k <= m; k++) if (globMay(p, i, n, name, k)) return true;
      return false;
    }
    if (j >= m) return false;
    if (c == 0x5b) { // `[…]`: any one byte, up to its `]`
      let k = i + 1;
      if (k < n && (load<u8>(p + <usize>k) == 0x21 || load<u8>(p + <usize>k) == 0x5e)) k++;
      if (k < n && load<u8>(p + <usize>k) == 0x5d) k++;
      while (k < n && load<u8>(p + <usize>k) != 0x5d) k++;
      if (k < n) { i = k + 1; j++; continue; }
    }
    if (c == 0x5c && i + 1 < n) { i++; } // `\x`: x itself
    const d = <u32>load<u8>(p + <usize>i);
    if (d != 0x3f && toLowerAscii(d) != <u32>name.charCodeAt(j)) return false;
    i++; j++;
  }
  return j == m;
}
