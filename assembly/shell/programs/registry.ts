// Every program row, and the lookups over them: by name (basename, ASCII case-insensitive, as names.ts) and
// by names.ts Cmd id. A family file exports one function that adds its rows; adding a family is one line in
// FAMILIES. Gate sets the walk and the checks use are derived from these rows, not kept by hand.

import { toLowerAscii } from "../../util/bytes";
import { ProgramRow } from "./spec";
import { archiveRows } from "./archives";
import { buildRows } from "./build";
import { findRows } from "./find-xargs";
import { gitRows } from "./git";
import { textRows } from "./text";

const FAMILIES: ((rows: ProgramRow[]) => void)[] = [archiveRows, buildRows, findRows, gitRows, textRows];

let all: ProgramRow[] | null = null;
let byName: Map<string, ProgramRow> | null = null;

/** All rows, in family order. */
export function programRows(): ProgramRow[] {
  let rows = all;
  if (rows === null) {
    rows = [];
    for (let i = 0; i < FAMILIES.length; i++) FAMILIES[i](rows);
    all = rows;
  }
  return rows;
}

function names(): Map<string, ProgramRow> {
  let m = byName;
  if (m === null) {
    m = new Map<string, ProgramRow>();
    const rows = programRows();
    for (let i = 0; i < rows.length; i++) {
      const parts = rows[i].names.split(" ");
      for (let j = 0; j < parts.length; j++) if (parts[j].length > 0) m.set(parts[j].toLowerCase(), rows[i]);
    }
    byName = m;
  }
  return m;
}

/** The row of a program named (p, n) (a basename), or null. */
export function rowOf(p: usize, n: i32): ProgramRow | null {
  if (n <= 0 || n > 64) return null;
  const bytes = new Uint8Array(n);
  for (let i = 0; i < n; i++) bytes[i] = <u8>toLowerAscii(<u32>load<u8>(p + <usize>i));
  const key = String.UTF8.decode(bytes.buffer, false);
  const m = names();
  return m.has(key) ? m.get(key) : null;
}

/** The row of a program by name (tests, tables). */
export function rowNamed(name: string): ProgramRow | null {
  const m = names();
  const key = name.toLowerCase();
  return m.has(key) ? m.get(key) : null;
}
