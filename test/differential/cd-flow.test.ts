// allowed_working_directories against real bash. Generated scripts of cd, pushd, popd and pwd (builtins only:
// nothing else runs) joined by `;`, `&&`, `||`, `!`, subshells, braces and `if`, in a tree where some of the
// directories they name exist and some do not. For every script the guard allows, bash run from the same cwd
// must never be anywhere outside the allowed directory: each `pwd` it prints (and each `cd -`) is inside it.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadGuard } from "../../dist/node.js";
import { rngFor, type Rng } from "./prng.mjs";

const SCRIPTS = 1500;
const SEED = 20261127;

let root = "";
let allowed = "";
let cwd = "";
let home = "";
let guard: Awaited<ReturnType<typeof loadGuard>>["guard"];

beforeAll(async () => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "portcullis-cd-flow-")));
  allowed = join(root, "w");
  cwd = join(allowed, "app");
  home = join(root, "home");
  for (const d of ["w/app/a/deep", "w/app/b", "w/app/src", "w/lib", "home"]) mkdirSync(join(root, d), { recursive: true });
  const passport = JSON.parse(readFileSync(new URL("../vectors/policies/commands-limits.json", import.meta.url), "utf8"));
  passport.limits["system.command.execute"] = {
    allowed_commands: ["pwd", "trap"],
    allowed_working_directories: [allowed],
  };
  const file = join(root, "passport.json");
  writeFileSync(file, JSON.stringify(passport));
  guard = (await loadGuard(file)).guard;
});

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

const WORDS = ["a", "b", "src", "missing", "..", "../..", "../../..", "a/deep", "../lib", "nothere/..", "-", "a/deep/../.."];

function simple(r: Rng): string {
  switch (r.int(7)) {
    case 0: case 1: return "pwd";
    case 2: return `pushd ${r.pick(WORDS.filter((w) => w !== "-"))} >/dev/null`;
    case 3: return "popd >/dev/null";
    case 4: return `cd ${allowed}${r.chance(0.5) ? "/app" : ""}`;
    default: return `cd ${r.pick(WORDS)}`;
  }
}

function pipeline(r: Rng, depth: number): string {
  const bang = r.chance(0.1) ? "! " : "";
  if (depth < 2) {
    const k = r.int(10);
    if (k === 0) return `${bang}(${list(r, depth + 1)})`;
    if (k === 1) return `${bang}{ ${list(r, depth + 1)}; }`;
    if (k === 2) return `if ${simple(r)}; then ${list(r, depth + 1)}; fi`;
  }
  return bang + simple(r);
}

function list(r: Rng, depth: number): string {
  let out = pipeline(r, depth);
  for (let n = r.int(depth === 0 ? 7 : 3); n > 0; n--) out += r.pick(["; ", " && ", " || ", "\n"]) + pipeline(r, depth);
  return out;
}

function script(n: number): string {
  const r = rngFor(SEED, n);
  return (r.chance(0.1) ? "trap pwd EXIT; " : "") + list(r, 0) + "; pwd";
}

/** The directories bash printed (pwd, cd -), run as the agent's shell would be: no rc files, HOME set. */
function bashDirectories(text: string): string[] {
  const out = spawnSync("bash", ["--norc", "--noprofile", "-c", text], {
    cwd,
    env: { HOME: home, PATH: "/usr/bin:/bin", OLDPWD: "/" },
    encoding: "utf8",
    timeout: 10_000,
  });
  return out.stdout.split("\n").filter(Boolean);
}

const inside = (dir: string) => dir === allowed || dir.startsWith(allowed + "/");

describe(`allowed_working_directories against real bash: ${SCRIPTS} generated scripts of cds`, () => {
  it("bash never runs outside the allowed directory when the guard allows the script", async () => {
    const escapes: string[] = [];
    let allowedCount = 0;
    let caughtEscapes = 0;
    for (let n = 0; n < SCRIPTS; n++) {
      const text = script(n);
      const d = await guard.evaluate({
        tool_name: "bash",
        tool_input: { command: text, cwd },
        context: { workspace_root: allowed, home },
      });
      const outside = bashDirectories(text).filter((dir) => !inside(dir));
      if (d.decision === "allow") {
        allowedCount++;
        if (outside.length > 0) escapes.push(`${JSON.stringify(text)} ran in ${outside.join(", ")}`);
      } else if (outside.length > 0) caughtEscapes++;
    }
    expect(escapes).toEqual([]);
    // The scripts exercise both sides: many are allowed, and some that bash really runs outside are denied.
    expect(allowedCount).toBeGreaterThan(SCRIPTS * 0.2);
    expect(caughtEscapes).toBeGreaterThan(SCRIPTS * 0.05);
  }, 600_000);
});
