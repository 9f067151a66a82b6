// The core's specs run in two tiers (as-pect.tiers.js): the quick tier of the
// edit loop and the oracle tier. Together they must be every spec, once — a
// renamed oracle spec would otherwise silently drop out of both.
import { describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import { ORACLE_SPECS, allSpecs } from "../as-pect.tiers.js";
import quick from "../as-pect.quick.config.js";
import oracles from "../as-pect.oracles.config.js";

describe("as-pect tiers", () => {
  it("name oracle specs that exist", () => {
    for (const spec of ORACLE_SPECS) expect(existsSync(new URL(`../${spec}`, import.meta.url)), spec).toBe(true);
  });

  it("split every spec between the quick and the oracle tier, none twice", () => {
    const all = allSpecs();
    expect(all.length).toBeGreaterThan(50);
    expect([...quick.entries, ...oracles.entries].sort()).toEqual(all);
    expect(quick.entries.filter((f: string) => oracles.entries.includes(f))).toEqual([]);
  });
});
