// The hash-chained audit log (docs/audit-and-receipts.md): each tamper kind is found and named by line.
import { describe, expect, it } from "vitest";
import { chainedJsonLinesSink, chainHeadOf, verifyAuditChain, recordHash, AuditChainError } from "./audit-chain.ts";

async function log(count: number, resume?: Parameters<typeof chainedJsonLinesSink>[1]): Promise<string[]> {
  const lines: string[] = [];
  const sink = chainedJsonLinesSink<{ n: number; action: string }>((line) => void lines.push(line), resume);
  await Promise.all(Array.from({ length: count }, (_, n) => sink({ n, action: n % 2 ? "deny_tool_call" : "allow_tool_call" })));
  return lines;
}
const text = (lines: string[]) => lines.join("");
const bare = (line: string) => line.replace(/\n$/, "");

describe("chained JSON Lines audit sink", () => {
  it("numbers records in call order and links each to the one before, even when written concurrently", async () => {
    const lines = await log(5);
    const records = lines.map((l) => JSON.parse(l));
    expect(records.map((r) => [r.n, r.seq])).toEqual([[0, 0], [1, 1], [2, 2], [3, 3], [4, 4]]);
    expect(records[0].prev).toBeNull();
    for (let i = 1; i < records.length; i++) expect(records[i].prev).toBe(records[i - 1].hash);
    for (const r of records) expect(await recordHash(r)).toBe(r.hash);
    expect(await verifyAuditChain(text(lines))).toEqual({ ok: true, count: 5, head: { seq: 4, hash: records[4].hash } });
  });

  it("continues the chain it resumes from (a restart)", async () => {
    const first = await log(3);
    const head = await chainHeadOf(bare(first[2]));
    const second = await log(2, { resume: () => head });
    expect(JSON.parse(second[0]).seq).toBe(3);
    expect(await verifyAuditChain(text([...first, ...second]))).toMatchObject({ ok: true, count: 5 });
  });

  it("refuses to resume from a last line that is cut off, unchained or edited", async () => {
    const [line] = await log(1);
    await expect(chainHeadOf(bare(line).slice(0, 30), "a.jsonl")).rejects.toThrow(AuditChainError);
    await expect(chainHeadOf('{"action":"allow_tool_call"}', "a.jsonl")).rejects.toThrow(/not a chained record/);
    await expect(chainHeadOf(bare(line).replace("allow_tool_call", "deny_tool_call"), "a.jsonl")).rejects.toThrow(/does not match its hash/);
    expect(await chainHeadOf("")).toBeNull();
  });

  it("a failed resume or write does not advance the chain", async () => {
    const lines: string[] = [];
    let fail = true;
    const sink = chainedJsonLinesSink<{ n: number }>((line) => {
      if (fail) throw new Error("disk full");
      lines.push(line);
    });
    await expect(sink({ n: 0 })).rejects.toThrow("disk full");
    fail = false;
    await sink({ n: 1 });
    await sink({ n: 2 });
    expect(lines.map((l) => JSON.parse(l).seq)).toEqual([0, 1]);
    expect((await verifyAuditChain(text(lines))).ok).toBe(true);
  });

  it("events cannot overwrite the chain fields", async () => {
    const lines: string[] = [];
    const sink = chainedJsonLinesSink<Record<string, unknown>>((line) => void lines.push(line));
    await sink({ seq: 99, prev: "f".repeat(64), hash: "0".repeat(64) });
    expect(JSON.parse(lines[0])).toMatchObject({ seq: 0, prev: null });
    expect((await verifyAuditChain(text(lines))).ok).toBe(true);
  });
});

describe("verifyAuditChain", () => {
  it("finds a removed line", async () => {
    const lines = await log(5);
    expect(await verifyAuditChain(text([...lines.slice(0, 2), ...lines.slice(3)]))).toMatchObject({ ok: false, line: 3, count: 2, problem: expect.stringMatching(/removed/) });
    expect(await verifyAuditChain(text(lines.slice(1)))).toMatchObject({ ok: false, line: 1, problem: expect.stringMatching(/starts at seq 1/) });
  });

  it("finds reordered lines", async () => {
    const lines = await log(5);
    const swapped = [lines[0], lines[2], lines[1], lines[3], lines[4]];
    expect(await verifyAuditChain(text(swapped))).toMatchObject({ ok: false, line: 2, problem: expect.stringMatching(/reordered/) });
  });

  it("finds an edited line, and one edited with a recomputed hash", async () => {
    const lines = await log(5);
    const edited = [...lines];
    edited[3] = lines[3].replace("deny_tool_call", "allow_tool_call");
    expect(await verifyAuditChain(text(edited))).toMatchObject({ ok: false, line: 4, problem: expect.stringMatching(/edited/) });

    const record = JSON.parse(lines[1]);
    record.action = "allow_tool_call";
    record.hash = await recordHash(record);
    const rehashed = [...lines];
    rehashed[1] = JSON.stringify(record) + "\n";
    expect(await verifyAuditChain(text(rehashed))).toMatchObject({ ok: false, line: 3, problem: expect.stringMatching(/hash of line 2/) });
  });

  it("finds a line cut in the middle, and a last line cut before its newline", async () => {
    const lines = await log(4);
    const cut = [...lines];
    cut[1] = lines[1].slice(0, 40) + "\n";
    expect(await verifyAuditChain(text(cut))).toMatchObject({ ok: false, line: 2, problem: expect.stringMatching(/not a JSON record/) });
    expect(await verifyAuditChain(text(lines).slice(0, -1))).toMatchObject({ ok: false, line: 4, problem: expect.stringMatching(/no newline/) });
    expect(await verifyAuditChain(text(lines).slice(0, -20))).toMatchObject({ ok: false, line: 4 });
  });

  it("refuses blank lines, unchained records and duplicate keys", async () => {
    const lines = await log(3);
    expect(await verifyAuditChain(text([lines[0], "\n", lines[1]]))).toMatchObject({ ok: false, line: 2, problem: expect.stringMatching(/empty/) });
    expect(await verifyAuditChain('{"action":"allow_tool_call"}\n')).toMatchObject({ ok: false, line: 1, problem: expect.stringMatching(/not a chained/) });
    const dup = bare(lines[0]).replace(/^\{/, '{"action":"deny_tool_call",') + "\n";
    expect(await verifyAuditChain(dup)).toMatchObject({ ok: false, line: 1, problem: expect.stringMatching(/duplicate key/) });
  });

  it("an empty log is intact with zero records", async () => {
    expect(await verifyAuditChain("")).toEqual({ ok: true, count: 0, head: null });
  });
});
