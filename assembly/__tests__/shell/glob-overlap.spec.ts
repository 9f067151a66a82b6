// Two globs overlap when some name matches both: the blocked-pattern check
// for a glob word in the command against a glob pattern (shell/expand/glob-overlap.ts).
import { globsOverlap } from "../../shell/expand/glob-overlap";

function overlap(word: string, pattern: string): bool {
  const w = String.UTF8.encode(word), p = String.UTF8.encode(pattern);
  return globsOverlap(changetype<usize>(w), w.byteLength, changetype<usize>(p), p.byteLength);
}

describe("globsOverlap", () => {
  test("a name both globs match", () => {
    expect(overlap("key.pe?", "*.pem")).toBe(true);
    expect(overlap("k*y.pem", "*.pem")).toBe(true);
    expect(overlap("*.pe[m]", "*.pem")).toBe(true);
    expect(overlap("/e?c/passwd", "/etc/*")).toBe(true);
    expect(overlap("*", "*.pem")).toBe(true);
    expect(overlap("KEY.P*", "*.pem")).toBe(true); // patterns are case-insensitive
    expect(overlap("a*b*c", "*b?c")).toBe(true);
  });
  test("no name matches both", () => {
    expect(overlap("*.txt", "*.pem")).toBe(false);
    expect(overlap("key.pu?", "*.pem")).toBe(false);
    expect(overlap("/tmp/*.log", "/etc/*")).toBe(false);
    expect(overlap("a?", "???")).toBe(false);
    expect(overlap("ab", "a")).toBe(false);
  });
  test("a long word stays bounded", () => {
    let long = "";
    for (let i = 0; i < 2000; i++) long += "*a";
    expect(overlap(long, "*b")).toBe(false);
    expect(overlap(long, "*a")).toBe(true);
  });
  test("bracket expressions as bash reads them", () => {
    expect(overlap("*.p[[:alpha:]]m", "*.pem")).toBe(true); // one class, not `[[:alpha:]` then `]`
    expect(overlap("key.pe[!]x]", "*.pem")).toBe(true);      // `]` first is literal
    expect(overlap("*.t[[:alpha:]]t", "*.pem")).toBe(false);
    // A bracket too long to scan per state could stand for anything: it counts as a match (fail closed).
    let wide = "x[";
    for (let i = 0; i < 300; i++) wide += "b";
    expect(overlap(wide + "]", "*.pem")).toBe(true);
  });
});
