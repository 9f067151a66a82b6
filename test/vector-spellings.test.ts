// A vector's `spellings` become one vector each, so every replay judges every spelling; a malformed list is an
// error, never a silently shorter corpus.
import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { expandSpellings } from "./vector-spellings.mjs";

const base = { name: "rm of /", policy: "commands-star.json", request: { tool_name: "bash", tool_input: { command: "rm -rf /", cwd: "/w" } }, expect: { decision: "deny" } };

describe("vector spellings", () => {
  it("expands a case into its own command and one vector per spelling, the rest unchanged", () => {
    const out = expandSpellings({ ...base, spellings: ["rm -fr /", "r''m -rf /"] });
    expect(out.map((v: any) => v.request.tool_input.command)).toEqual(["rm -rf /", "rm -fr /", "r''m -rf /"]);
    expect(out.map((v: any) => v.name)).toEqual(["rm of /", "rm of / [rm -fr /]", "rm of / [r''m -rf /]"]);
    for (const v of out) {
      expect(v.request.tool_input.cwd).toBe("/w");
      expect(v.expect).toEqual(base.expect);
      expect("spellings" in v).toBe(false);
    }
  });

  it("leaves a case without spellings alone", () => {
    expect(expandSpellings(base)).toEqual([base]);
  });

  it("refuses an empty, repeated or non-string list, and spellings without a command", () => {
    expect(() => expandSpellings({ ...base, spellings: [] })).toThrow(/non-empty array/);
    expect(() => expandSpellings({ ...base, spellings: ["rm -rf /"] })).toThrow(/repeats/);
    expect(() => expandSpellings({ ...base, spellings: [1] })).toThrow(/non-empty strings/);
    expect(() => expandSpellings({ ...base, request: { tool_name: "x", tool_input: {} }, spellings: ["a"] })).toThrow(/tool_input\.command/);
  });

  it("is used by the corpora: the recursive delete of / is judged in each of its spellings", () => {
    const dir = join(import.meta.dirname, "vectors");
    const cases = readdirSync(dir).filter((f) => f.startsWith("commands-")).flatMap((f) =>
      readFileSync(join(dir, f), "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l)));
    const withSpellings = cases.filter((v) => v.spellings);
    expect(withSpellings.length).toBeGreaterThan(0);
    expect(withSpellings.flatMap(expandSpellings).length).toBeGreaterThan(withSpellings.length * 2);
  });
});
