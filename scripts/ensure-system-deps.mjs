#!/usr/bin/env node
// `npm test`'s pretest: the system programs the suite drives must be there. The Redis store tests start Debian's
// redis-server; the approval page and the runtime matrix drive Debian's Chromium (/usr/bin/chromium); the
// differential check runs bash in an unshare/setpriv sandbox (util-linux). When one is
// missing, root installs it with the same apt step CI always used; anyone else gets the exact command to run and a
// failure. Nothing is skipped: a suite that silently leaves out the Redis store or the browser would pass untested.

import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";
import { pathToFileURL } from "node:url";

/** Debian package → how to tell it is installed. */
export const SYSTEM_DEPS = [
  { pkg: "redis-server", present: () => onPath("redis-server"), why: "the Redis store tests start a real server" },
  { pkg: "chromium", present: () => executable("/usr/bin/chromium"), why: "the approval page and the runtime matrix run in a real browser" },
  { pkg: "bash", present: () => executable("/bin/bash"), why: "the differential check runs generated scripts in real bash" },
  {
    pkg: "util-linux",
    present: () => onPath("unshare") && onPath("setpriv"),
    why: "the differential check sandboxes bash with unshare and setpriv (no network, another uid)",
  },
];

function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name) {
  return (process.env.PATH ?? "").split(delimiter).some((dir) => dir && executable(join(dir, name)));
}

/** The install command, as CI runs it. */
export const aptCommand = (pkgs) => `apt-get update -qq && apt-get install -y -qq ${pkgs.join(" ")}`;

/**
 * What to do: nothing, install (root with apt-get), or fail with the command to run.
 * Pure, so it is tested without touching the machine.
 */
export function plan({ missing, isRoot, hasApt }) {
  if (missing.length === 0) return { action: "none" };
  const pkgs = missing.map((d) => d.pkg);
  const needs = missing.map((d) => `${d.pkg} (${d.why})`).join(" and ");
  if (isRoot && hasApt) return { action: "install", command: aptCommand(pkgs), message: `npm test needs ${needs}: installing with apt-get` };
  const command = hasApt ? `sudo apt-get install -y ${pkgs.join(" ")}` : `install ${pkgs.join(" ")} with your system's package manager (Debian: apt-get install -y ${pkgs.join(" ")})`;
  return { action: "fail", message: `npm test needs ${needs}, which ${missing.length === 1 ? "is" : "are"} not installed.\nRun: ${command}\nthen npm test again.` };
}

function main() {
  const missing = SYSTEM_DEPS.filter((d) => !d.present());
  const step = plan({ missing, isRoot: process.getuid?.() === 0, hasApt: onPath("apt-get") });
  if (step.action === "none") return 0;
  process.stderr.write(`${step.message}\n`);
  if (step.action === "fail") return 1;
  const run = spawnSync("sh", ["-c", step.command], { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  const still = SYSTEM_DEPS.filter((d) => !d.present()).map((d) => d.pkg);
  if (run.status !== 0 || still.length) {
    process.stderr.write(`the install failed (${run.status !== 0 ? `exit ${run.status}` : `${still.join(", ")} still missing`}); run it yourself: ${aptCommand(missing.map((d) => d.pkg))}\n`);
    return 1;
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) process.exitCode = main();
