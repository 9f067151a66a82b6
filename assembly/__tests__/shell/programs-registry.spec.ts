// The registry's rows check themselves: each name belongs to one row, a row's Cmd id is the one names.ts
// gives each of its names, and every option a row says runs code or changes directory is an option its
// own grammar reads with a value (else parseArgs could never find it, and the rule would be dead). rowOfId
// (a table read inlined where it is called, once the table is made) gives each id the row that has it, and
// null for every other value, before and after the table is made.
import { commandInfo } from "../../shell/programs/names";
import { CodeIn, LongValue, ProgramRow, Style, programRows, rowNamed, rowOfId } from "../../shell/programs";
import { longTable } from "../../shell/programs/spellings";

function infoOf(name: string): i32 {
  const b = String.UTF8.encode(name, false);
  return commandInfo(changetype<usize>(b), b.byteLength);
}

/** Does `row`'s grammar read option `spelling` with a value? */
function takesValue(row: ProgramRow, spelling: string): bool {
  const g = row.grammar;
  if (spelling.length == 2) {
    const c = spelling.charCodeAt(1);
    return g.valueShorts.indexOf(String.fromCharCode(c)) >= 0;
  }
  const single = (g.style & Style.SINGLE_DASH_LONG) != 0;
  const name = spelling.startsWith("--") ? spelling.substring(2) : single ? spelling.substring(1) : spelling;
  const t = longTable(g);
  const i = t.indexOf(name);
  return i >= 0 && t.value[i] != LongValue.NONE;
}

function checkOptions(row: ProgramRow): void {
  for (let i = 0; i < row.runsCode.length; i++) {
    if (row.runsCode[i].how == CodeIn.FIRST_OPERAND) { // a flag: `sh -c code`
      const flag = row.runsCode[i].option;
      expect(flag.length == 2 && !takesValue(row, flag)).toBe(true, row.names + " " + flag);
      continue;
    }
    const parts = row.runsCode[i].option.split(" ");
    const owner = row.runsCode[i].subcommand;
    for (let j = 0; j < parts.length; j++) {
      expect(takesValue(row, parts[j])).toBe(true, row.names + (owner.length > 0 ? " " + owner : "") + " " + parts[j]);
    }
  }
  if (row.changesDirectory.length > 0) {
    const parts = row.changesDirectory.split(" ");
    for (let j = 0; j < parts.length; j++) expect(takesValue(row, parts[j])).toBe(true, row.names + " " + parts[j]);
  }
  for (let i = 0; i < row.subcommands.length; i++) checkOptions(row.subcommands[i]);
}

describe("program rows", () => {
  test("each name has one row, and names.ts gives it the row's Cmd id; each Cmd id has one row", () => {
    const rows = programRows();
    expect(rows.length).toBeGreaterThan(60);
    const seen = new StaticArray<bool>(256);
    for (let i = 0; i < rows.length; i++) {
      const id = rows[i].info & 0xff;
      if (id == 0) continue;
      expect(seen[id]).toBe(false, rows[i].names);
      seen[id] = true;
    }
    for (let i = 0; i < rows.length; i++) {
      const names = rows[i].names.split(" ");
      for (let j = 0; j < names.length; j++) {
        expect(rowNamed(names[j]) === rows[i]).toBe(true, names[j]);
        if (rows[i].info != 0) expect(infoOf(names[j])).toBe(rows[i].info, names[j]);
      }
    }
  });

  test("every code and directory option is one the row's grammar reads with a value", () => {
    const rows = programRows();
    for (let i = 0; i < rows.length; i++) checkOptions(rows[i]);
  });
});

/** rowOfId as a search: the row whose Cmd id is `id` (1..255), else null. */
function refRowOfId(id: i32): ProgramRow | null {
  if (id <= 0 || id >= 256) return null;
  const rows = programRows();
  for (let i = 0; i < rows.length; i++) if ((rows[i].info & 0xff) == id) return rows[i];
  return null;
}

describe("rowOfId", () => {
  test("the row of each id and null for any other value, on the first call and after", () => {
    const ids: i32[] = [300, -1, 0, 1, 255, 256, 257, i32.MIN_VALUE, i32.MAX_VALUE, -255, 128];
    for (let id = -300; id < 600; id++) ids.push(id);
    for (let i = 0; i < ids.length; i++) {
      const got = rowOfId(ids[i]), want = refRowOfId(ids[i]);
      if (got !== want) expect((got === null ? "null" : got.names) + " for " + ids[i].toString()).toBe(want === null ? "null" : want.names);
    }
  });
});
