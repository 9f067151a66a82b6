// `portcullis audit verify FILE` (docs/audit-and-receipts.md): exit 0 with the count when the chain is intact,
// exit 1 naming the first broken line for each kind of tampering, exit 2 for usage errors.
import { afterAll, describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import "../node.ts";
import { main } from "./main.ts";
import { auditFileSink } from "../config/audit-file.ts";

const dir = mkdtempSync(join(tmpdir(), "portcullis-audit-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(argv: string[]) {
  let stdout = "";
  let stderr = "";
  const io = { stdout: { write: (s: string) => ((stdout += s), true) }, stderr: { write: (s: string) => ((stderr += s), true) }, stdin: new PassThrough().end() };
  const code = await main(argv, io as never);
  return { code, stdout, stderr };
}

let n = 0;
/** A chained log of `count` decision-like records, written by two "processes" (the second resumes from the file). */
async function chainedFile(count: number): Promise<{ file: string; lines: string[] }> {
  const file = join(dir, `audit-${n++}.jsonl`);
  const half = Math.floor(count / 2);
  const first = auditFileSink(file, { chain: true });
  for (let i = 0; i < half; i++) await first({ action: "allow_tool_call", tool_name: "bash", reason_codes: ["oap.allowed"], i } as never);
  const second = auditFileSink(file, { chain: true });
  for (let i = half; i < count; i++) await second({ action: "deny_tool_call", tool_name: "bash", reason_codes: ["oap.blocked_pattern"], i } as never);
  return { file, lines: readFileSync(file, "utf8").split("\n").slice(0, -1) };
}
const rewrite = (file: string, lines: string[]) => writeFileSync(file, lines.map((l) => l + "\n").join(""));

describe("portcullis audit verify", () => {
  it("an intact chain, continued across a restart, exits 0 with the count", async () => {
    const { file, lines } = await chainedFile(6);
    expect(lines.map((l) => JSON.parse(l).seq)).toEqual([0, 1, 2, 3, 4, 5]);
    const r = await run(["audit", "verify", file]);
    expect(r).toMatchObject({ code: 0, stderr: "" });
    expect(r.stdout).toMatch(/6 records, chain intact/);
  });

  it("a removed line exits 1 naming the line", async () => {
    const { file, lines } = await chainedFile(6);
    rewrite(file, [...lines.slice(0, 3), ...lines.slice(4)]);
    const r = await run(["audit", "verify", file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`${file.replace(/[.]/g, "\\.")}:4: seq 4 where 3 was expected`));
  });

  it("reordered lines exit 1", async () => {
    const { file, lines } = await chainedFile(6);
    rewrite(file, [lines[0], lines[1], lines[3], lines[2], lines[4], lines[5]]);
    const r = await run(["audit", "verify", file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/:3: .*reordered/);
  });

  it("an edited line exits 1", async () => {
    const { file, lines } = await chainedFile(6);
    lines[4] = lines[4].replace("deny_tool_call", "allow_tool_call");
    rewrite(file, lines);
    const r = await run(["audit", "verify", file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/:5: the record does not match its hash/);
  });

  it("a line truncated in the middle exits 1", async () => {
    const { file, lines } = await chainedFile(6);
    lines[2] = lines[2].slice(0, lines[2].length >> 1);
    rewrite(file, lines);
    const r = await run(["audit", "verify", file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/:3: not a JSON record/);
  });

  it("two writers taking turns on one file keep one chain", async () => {
    const file = join(dir, "turns.jsonl");
    const a = auditFileSink(file, { chain: true });
    const b = auditFileSink(file, { chain: true });
    for (let i = 0; i < 3; i++) {
      await a({ action: "allow_tool_call", i } as never);
      await b({ action: "deny_tool_call", i } as never);
    }
    expect(await run(["audit", "verify", file])).toMatchObject({ code: 0, stdout: expect.stringMatching(/6 records, chain intact/) });
  });

  it("a writer refuses to extend a damaged file instead of covering the damage", async () => {
    const { file, lines } = await chainedFile(2);
    lines[1] = lines[1].replace("deny_tool_call", "allow_tool_call");
    rewrite(file, lines);
    await expect(auditFileSink(file, { chain: true })({ action: "allow_tool_call" } as never)).rejects.toThrow(/does not match its hash/);
    expect(readFileSync(file, "utf8").split("\n")).toHaveLength(3);
  });

  it("usage errors exit 2", async () => {
    expect((await run(["audit"])).code).toBe(2);
    expect((await run(["audit", "check", "x"])).code).toBe(2);
    expect((await run(["audit", "verify"])).code).toBe(2);
    expect((await run(["audit", "verify", join(dir, "missing.jsonl")])).code).toBe(2);
  });
});
