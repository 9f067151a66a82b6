// Every program row with effects (assembly/shell/programs/*) is covered by a shared vector: some command in
// test/vectors/*.jsonl runs one of the row's names (a subcommand row: one of its names after its program's).
// The rows are read from the core itself: a small entry that lists them is compiled with asc.
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

function effectRows(): string[] {
  const out = join(mkdtempSync(join(tmpdir(), "effect-rows-")), "rows.wasm");
  const asc = spawnSync(process.execPath, [join(root, "node_modules/assemblyscript/bin/asc.js"),
    "assembly/__tests__/shell/effect-rows-list.ts", "--outFile", out, "--runtime", "stub", "--exportRuntime"],
  { cwd: root, encoding: "utf8" });
  expect(asc.status, asc.stderr).toBe(0);
  let memory: WebAssembly.Memory | undefined;
  const noop = () => 0;
  const env = new Proxy({}, { get: (_t, name) => (name === "abort" ? () => { throw new Error("abort"); } : noop) });
  const instance = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(out)), { env } as never);
  memory = instance.exports.memory as WebAssembly.Memory;
  const ptr = (instance.exports.effectRowsText as () => number)() >>> 0;
  const bytes = new Uint32Array(memory.buffer, ptr - 4, 1)[0];
  return new TextDecoder("utf-16le").decode(new Uint8Array(memory.buffer, ptr, bytes)).split("\n");
}

/** Words after which a program name comes (`sudo cat`, `xargs grep`, `find … -exec rm`). */
const RUNNERS = new Set(["sudo", "env", "timeout", "nice", "nohup", "time", "xargs", "parallel", "-exec", "-execdir", "exec", "command"]);

/** The simple commands of a shell line as word lists starting at the program (assignments and runners' options dropped). */
function simpleCommands(line: string): string[][] {
  const out: string[][] = [];
  for (const segment of line.split(/\$\(|[;|&()\n`]+/)) {
    const words = segment.split(/[\s<>]+/).filter(Boolean);
    for (let i = 0; i < words.length; i++) {
      if (i === 0 || RUNNERS.has(words[i - 1])) {
        let k = i;
        while (k < words.length && (/^[A-Za-z_][A-Za-z0-9_]*=/.test(words[k]) || words[k].startsWith("-"))) k++;
        if (k < words.length) out.push(words.slice(k));
      }
    }
  }
  return out;
}

/** The simple commands of every shell command in the shared vectors. */
function vectorCommands(): string[][] {
  const dir = join(root, "test/vectors");
  const commands: string[][] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".jsonl"))) {
    for (const line of readFileSync(join(dir, file), "utf8").split("\n")) {
      if (!line.trim()) continue;
      const command = JSON.parse(line)?.request?.tool_input?.command;
      if (typeof command === "string") commands.push(...simpleCommands(command));
    }
  }
  return commands;
}

function names(list: string): string[] {
  return list.split(" ").filter(Boolean);
}

describe("program rows with effects", () => {
  it("each has a shared vector that runs it", () => {
    const rows = effectRows();
    const commands = vectorCommands();
    expect(rows.length).toBeGreaterThan(50);
    const uncovered: string[] = [];
    for (const row of rows) {
      const [first, second] = row.split("\t");
      const programs = names(first);
      const subs = second === undefined ? null : names(second);
      const covered = commands.some((words) => {
        if (!programs.includes(words[0].split("/").pop()!)) return false;
        return subs === null || words.slice(1).some((w) => subs.includes(w));
      });
      if (!covered) uncovered.push(row.replace("\t", " > "));
    }
    expect(uncovered).toEqual([]);
  }, 120_000);
});
