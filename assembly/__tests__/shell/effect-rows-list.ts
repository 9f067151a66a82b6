// Compiled on its own by test/scopes-rows-coverage.test.ts: the program rows that have effects, one line each,
// `names` for a row and `parent names<TAB>names` for a subcommand row, so the test can look for a shared vector
// naming each. Only reads the rows.
import { ProgramRow, programRows } from "../../shell/programs";

function hasEffects(row: ProgramRow): bool {
  return row.effects.length > 0;
}

export function effectRowsText(): string {
  const rows = programRows();
  const lines: string[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (hasEffects(row)) lines.push(row.names);
    for (let j = 0; j < row.subcommands.length; j++) {
      if (hasEffects(row.subcommands[j])) lines.push(row.names + "\t" + row.subcommands[j].names);
    }
  }
  return lines.join("\n");
}
