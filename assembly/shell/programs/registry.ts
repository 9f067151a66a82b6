// Every program row, and the lookups over them: by name (basename, ASCII case-insensitive, as names.ts; by its
// bytes, name-table.ts) and
// by names.ts Cmd id. A family file exports one function that adds its rows; adding a family is one line in
// addFamilies. Gate sets the checks use are derived from these rows, not kept by hand.

import { allocZeroed } from "../../util/bytes";
import { NameTable } from "./name-table";
import { ProgramRow } from "./spec";
import { archiveRows } from "./archives";
import { awkRows } from "./awk";
import { buildRows } from "./build";
import { fileRows } from "./files";
import { findRows } from "./find-xargs";
import { gitRows } from "./git";
import { interpreterRows } from "./interpreters";
import { npmRows } from "./npm";
import { remoteRows } from "./remote";
import { sedRows } from "./sed";
import { shellRows } from "./shells";
import { systemRows } from "./system";
import { textRows } from "./text";
import { transferRows } from "./transfer";
import { wrapperRows } from "./wrappers";
import { readerRows } from "./readers";

// One line per family. A function, not an array: gate sets are built while modules initialize (danger.ts,
// hidden-code.ts), possibly before a global array here would be, which would leave every table empty.
function addFamilies(rows: ProgramRow[]): void {
  wrapperRows(rows);
  findRows(rows);
  remoteRows(rows);
  shellRows(rows);
  gitRows(rows);
  npmRows(rows);
  archiveRows(rows);
  sedRows(rows);
  awkRows(rows);
  buildRows(rows);
  textRows(rows);
  interpreterRows(rows);
  fileRows(rows);
  systemRows(rows);
  transferRows(rows);
  readerRows(rows);
}

let all: ProgramRow[] | null = null;
let byName: NameTable | null = null;

/** All rows, in family order. */
export function programRows(): ProgramRow[] {
  let rows = all;
  if (rows === null) {
    rows = [];
    addFamilies(rows);
    all = rows;
  }
  return rows;
}

/** Every name of every row (ASCII case-insensitive) to its index in programRows(); a later row's name wins. */
function names(): NameTable {
  let t = byName;
  if (t === null) {
    t = new NameTable(1024);
    const rows = programRows();
    for (let i = 0; i < rows.length; i++) {
      const parts = rows[i].names.split(" ");
      for (let j = 0; j < parts.length; j++) if (parts[j].length > 0) t.set(parts[j], i);
    }
    byName = t;
  }
  return t;
}

/** The row of a program named (p, n) (a basename, any ASCII case), or null. Allocates nothing. */
export function rowOf(p: usize, n: i32): ProgramRow | null {
  const i = names().get(p, n);
  return i < 0 ? null : programRows()[i];
}

let byId: StaticArray<ProgramRow | null> | null = null;

/** The row of a names.ts Cmd id (info & 0xff), or null: the walk's rules read their grammar here. */
// @ts-ignore: decorator
@inline export function rowOfId(id: i32): ProgramRow | null {
  const t = byId;
  // Once the table is made, a table read where the call was.
  return t !== null && <u32>(id - 1) < 255 ? unchecked(t[id]) : rowOfIdFirst(id); // 0 < id < 256 == length
}

/** rowOfId before the table is made (and for an id out of range). */
function rowOfIdFirst(id: i32): ProgramRow | null {
  let t = byId;
  if (t === null) {
    t = new StaticArray<ProgramRow | null>(256);
    const rows = programRows();
    for (let i = 0; i < rows.length; i++) if ((rows[i].info & 0xff) != 0) t[rows[i].info & 0xff] = rows[i];
    byId = t;
  }
  return id > 0 && id < 256 ? t[id] : null;
}

/**
 * The Cmd ids of the rows with rule bit `rule` (Rule), one byte per id as names.ts cmdSet: the gate sets
 * of the built-in checks, so a rule a row declares is never skipped by a hand-kept list.
 */
export function ruleSet(rule: i32): usize {
  const set = allocZeroed(256);
  const rows = programRows();
  for (let i = 0; i < rows.length; i++) {
    if ((rows[i].rules & rule) != 0 && (rows[i].info & 0xff) != 0) store<u8>(set + <usize>(rows[i].info & 0xff), 1);
  }
  return set;
}

/** The row of a program by name (tests, tables). */
export function rowNamed(name: string): ProgramRow | null {
  const b = String.UTF8.encode(name, false);
  return rowOf(changetype<usize>(b), b.byteLength);
}
