import { parseTimestamp } from "../util/time";

describe("parseTimestamp", () => {
  test("UTC and offsets agree with Date.parse", () => {
    expect(parseTimestamp("1970-01-01T00:00:00Z")).toBe(0.0);
    expect(parseTimestamp("2026-11-22T10:30:00Z")).toBe(1795343400000.0);
    expect(parseTimestamp("2026-11-22T12:30:00+02:00")).toBe(1795343400000.0);
    expect(parseTimestamp("2026-11-22T10:30:00.250Z")).toBe(1795343400250.0);
    expect(parseTimestamp("2024-02-29")).toBe(1709164800000.0);
  });
  test("refuses what it cannot pin to an instant", () => {
    expect(isNaN(parseTimestamp("2026-11-22T10:30:00"))).toBe(true); // no zone
    expect(isNaN(parseTimestamp("2025-02-29T00:00:00Z"))).toBe(true);
    expect(isNaN(parseTimestamp("2026-13-01T00:00:00Z"))).toBe(true);
    expect(isNaN(parseTimestamp("tomorrow"))).toBe(true);
    expect(isNaN(parseTimestamp(""))).toBe(true);
    expect(isNaN(parseTimestamp("2026-11-22T10:30:00Zjunk"))).toBe(true);
  });
});
