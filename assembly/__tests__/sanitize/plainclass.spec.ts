// Differential spec of the plain-run scan's class table (plainrun.ts inertBits): for every code
// point of the BMP and samples above it, asked twice (filling the table, then reading it), the
// table answers what the properties (inertByProps) and the look-alike search (punctBits) answer.
import { inertBits, inertByProps, punctBits } from "../../sanitize/plainrun";

function want(cp: u32): i32 {
  return inertByProps(cp) ? <i32>punctBits(cp) : -1;
}

describe("plain-run class table", () => {
  test("agrees with the properties and the look-alike search on every BMP code point, twice", () => {
    let differ = 0;
    let inert = 0;
    let hinted = 0;
    for (let round = 0; round < 2; round++) {
      for (let cp: u32 = 0x80; cp < 0x10000; cp++) {
        const got = inertBits(cp);
        if (got != want(cp)) differ++;
        if (round == 0 && got >= 0) inert++;
        if (round == 0 && got > 0) hinted++;
      }
    }
    expect(differ).toBe(0);
    // Both answers occur, and inert look-alikes too (the hint bits matter): the table is not trivial.
    expect(inert).toBeGreaterThan(30000);
    expect(hinted).toBeGreaterThan(10);
  });

  test("agrees above the BMP", () => {
    let differ = 0;
    for (let cp: u32 = 0x10000; cp < 0x110000; cp += 37) if (inertBits(cp) != want(cp)) differ++;
    expect(differ).toBe(0);
  });
});
