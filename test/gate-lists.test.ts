// The walk and the built-in checks skip a view whose command id is not in a hand-written set
// (walk.ts BOOKKEEPING, danger.ts CHECKED_BY_NAME): a case added to the switch it gates but not
// to its set would never run — a silent hole in the checks. The as-pect gate specs compare gated
// and ungated answers over fixed fragments only; this reads the sources, so any new case counts.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";

const source = (file: string) => readFileSync(new URL(`../assembly/shell/${file}`, import.meta.url), "utf8");

/** The body of the method whose declaration line starts with `head` (up to its closing brace at two spaces). */
function methodBody(text: string, head: string): string {
  const start = text.indexOf(`\n  ${head}`);
  expect(start, `${head} not found`).toBeGreaterThan(0);
  const end = text.indexOf("\n  }\n", start);
  return text.slice(start, end);
}

/** The Cmd ids listed in `const <name> = cmdSet([...])`. */
function setIds(text: string, name: string): string[] {
  const m = new RegExp(`const ${name} = cmdSet\\(\\[([^\\]]*)\\]\\)`).exec(text);
  expect(m, `${name} not found`).not.toBeNull();
  return [...m![1].matchAll(/Cmd\.(\w+)/g)].map((x) => x[1]).sort();
}

const ids = (text: string, re: RegExp) => [...new Set([...text.matchAll(re)].map((x) => x[1]))].sort();

describe("gate sets list every command their code has a case for", () => {
  it("danger.ts: CHECKED_BY_NAME is view()'s cases", () => {
    const text = source("danger.ts");
    const cases = ids(methodBody(text, "private view(s: Script, v: i32): bool {"), /case Cmd\.(\w+)/g);
    expect(cases.length).toBeGreaterThan(10);
    expect(setIds(text, "CHECKED_BY_NAME")).toEqual(cases);
  });

  it("walk.ts: BOOKKEEPING is bookkeeping()'s cases and the ids it tests before its switch", () => {
    const text = source("walk.ts");
    const body = methodBody(text, "bookkeeping(cmd: i32, v: i32, start: i32, end: i32, info: i32): void {");
    const cases = ids(body, /(?:case |cmdId\(info\) == )Cmd\.(\w+)/g);
    expect(cases).toContain("TEST");
    expect(setIds(text, "BOOKKEEPING")).toEqual(cases);
  });
});
