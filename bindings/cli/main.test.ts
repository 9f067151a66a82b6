// The command line a newcomer types first: help for every verb, --version, a suggestion for a misspelt command,
// and a usage error that shows the one usage line of the verb that was misused (exit 2).
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { PassThrough } from "node:stream";
import "../node.ts";
import { main } from "./main.ts";
import { VERB_NAMES } from "./usage.ts";

async function run(argv: string[]) {
  let stdout = "";
  let stderr = "";
  const io = {
    stdout: { write: (s: string) => ((stdout += s), true) },
    stderr: { write: (s: string) => ((stderr += s), true) },
    stdin: new PassThrough().end(),
  };
  const code = await main(argv, io as never);
  return { code, stdout, stderr };
}

const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));

describe("portcullis help", () => {
  it("--help, -h and help print every command and exit 0", async () => {
    for (const argv of [["--help"], ["-h"], ["help"]]) {
      const r = await run(argv);
      expect(r.code, argv.join(" ")).toBe(0);
      for (const verb of ["eval", "check", "validate", "detect", "serve", "sanitize"]) expect(r.stdout).toMatch(new RegExp(`^  ${verb} `, "m"));
    }
  });

  it("<verb> --help / -h / help <verb> print that verb's usage and options, exit 0, and run nothing", async () => {
    expect(VERB_NAMES.sort()).toEqual(["audit", "check", "detect", "diff", "eval", "explain", "hook", "import", "init", "mcp-proxy", "sanitize", "serve", "test", "validate"]);
    for (const verb of VERB_NAMES) {
      for (const argv of [[verb, "--help"], [verb, "-h"], ["help", verb], [verb, "--policy", "/nonexistent", "--help"]]) {
        const r = await run(argv);
        expect(r.code, argv.join(" ")).toBe(0);
        expect(r.stdout.startsWith(`usage: portcullis ${verb}`), argv.join(" ")).toBe(true);
        expect(r.stderr).toBe("");
      }
    }
  });

  it("an option value that looks like -h is a value, not a request for help", async () => {
    // Node's parser calls `--wrap -h` ambiguous (exit 2); either way it is not answered with the help text.
    const r = await run(["sanitize", "--wrap", "-h"]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
  });

  it("--version prints the package version", async () => {
    const r = await run(["--version"]);
    expect(r).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: "" });
  });
});

describe("usage errors", () => {
  it("an unknown command gets the closest one, exit 2", async () => {
    expect(await run(["evl"])).toMatchObject({ code: 2, stderr: expect.stringContaining("unknown command 'evl' (did you mean 'eval'?)") });
    expect((await run(["chekc"])).stderr).toContain("(did you mean 'check'?)");
    expect((await run(["santize"])).stderr).toContain("(did you mean 'sanitize'?)");
    const far = await run(["frobnicate"]);
    expect(far.code).toBe(2);
    expect(far.stderr).toContain("unknown command 'frobnicate'\n");
    expect((await run([])).code).toBe(2);
  });

  it("shows only the misused verb's usage line", async () => {
    const cases: [string[], string][] = [
      [["check", "--policy", "p.json"], "--tool NAME is required"],
      [["eval", "--bogus"], "Unknown option '--bogus'"],
      [["validate"], "validate needs at least one FILE"],
      [["serve", "--port", "1"], "--policy FILE is required"],
      [["eval", "--policy", "p.json", "--cwd", "/a", "--workspace-root", "/b"], "differ"],
    ];
    for (const [argv, message] of cases) {
      const r = await run(argv);
      expect(r.code, argv.join(" ")).toBe(2);
      expect(r.stderr).toContain(message);
      const usages = r.stderr.split("\n").filter((l) => l.startsWith("usage: "));
      expect(usages, argv.join(" ")).toEqual([expect.stringMatching(new RegExp(`^usage: portcullis ${argv[0]} `))]);
    }
  });
});
