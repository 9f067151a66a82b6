// Each program row checks itself: every option a row says runs code, in each spelling its grammar accepts
// (`-Xcode`, `-X code`, `--name=code`, `--name code`, a unique prefix `--nam=code`), must keep the call from
// being allowed under an allowlist that allows the program itself (the code `id` is not allowed, or the
// code cannot be read). A row that lists an option the analysis does not act on fails here. Options a row
// refuses (the code is never read) must deny even when their value is an allowed program; options checked
// when spelt whole must deny when abbreviated and, spelt whole with an allowed program, be allowed.
import { CommandInput, CommandLimits, checkCommand } from "../../policy/capabilities/command";
import { Verdict } from "../../policy/verdict";
import { CodeHandling, CodeIn, CodeOption, LongValue, ProgramRow, Style, programRows } from "../../shell/programs";
import { longTable } from "../../shell/programs/spellings";

function decide(cmd: string, allowed: Array<string>): string {
  const l = new CommandLimits();
  l.allowedCommands = allowed;
  expect(l.compile()).toBe("", cmd);
  const i = new CommandInput();
  const b = String.UTF8.encode(cmd, false);
  i.commandPtr = changetype<usize>(b);
  i.commandLen = b.byteLength;
  const v = new Verdict();
  return checkCommand(l, i, v) ? "allow" : v.code;
}

/** Spellings of option `spelling` of `row` carrying `value`. */
function spellings(row: ProgramRow, spelling: string, value: string): string[] {
  const out: string[] = [];
  const g = row.grammar;
  const t = longTable(g);
  if (spelling.length == 2 && spelling.charCodeAt(1) != 0x2d) {
    out.push(spelling + " " + value);
    if (value.length > 0 && (g.style & Style.SEPARATE_VALUES) == 0) out.push(spelling + value);
    return out;
  }
  if (!spelling.startsWith("--") && (g.style & Style.SINGLE_DASH_LONG) == 0) { // zip's `-TT cmd`
    out.push(spelling + " " + value);
    return out;
  }
  const single = !spelling.startsWith("--");
  const name = single && (g.style & Style.SINGLE_DASH_LONG) != 0 ? spelling.substring(1) : single ? spelling : spelling.substring(2);
  const idx = t.indexOf(name);
  if (idx >= 0 && t.value[idx] != LongValue.OPTIONAL) out.push(spelling + " " + value);
  if (idx < 0 || t.value[idx] != LongValue.NONE) out.push(spelling + "=" + value);
  // GNU getopt_long: the longest proper prefix that names only this option.
  if (!single && (g.style & Style.EXACT_LONG) == 0 && name.length > 3) {
    const prefix = name.substring(0, name.length - 1);
    const b = String.UTF8.encode(prefix, false);
    if (t.find(changetype<usize>(b), b.byteLength, false) == idx) out.push("--" + prefix + "=" + value);
  }
  return out;
}

/** The calls that were allowed (each a failure), one a line. */
let allowedCalls = "";

function checkRow(row: ProgramRow, sub: string, names: string[], allowed: string[]): i32 {
  let tried = 0;
  for (let i = 0; i < row.runsCode.length; i++) {
    const c: CodeOption = row.runsCode[i];
    const parts = c.option.split(" ");
    for (let j = 0; j < parts.length; j++) {
      const code = c.prefix + "id";
      const forms = spellings(row, parts[j], c.how == CodeIn.FIRST_OPERAND ? "" : code);
      for (let f = 0; f < forms.length; f++) {
        for (let n = 0; n < names.length; n++) {
          let cmd = names[n] + (sub.length > 0 ? " " + sub : "") + " " + forms[f];
          cmd += c.how == CodeIn.FIRST_OPERAND ? " id" : " x";
          if (decide(cmd, allowed) == "allow") allowedCalls += cmd + "\n";
          tried++;
        }
      }
    }
  }
  for (let i = 0; i < row.subcommands.length; i++) {
    const subNames = row.subcommands[i].names.split(" ");
    for (let j = 0; j < subNames.length; j++) tried += checkRow(row.subcommands[i], subNames[j], names, allowed);
  }
  return tried;
}

describe("options that run code, from every program row", () => {
  test("deny (or ask) in every spelling, under an allowlist that allows the program", () => {
    const rows = programRows();
    let tried = 0;
    for (let r = 0; r < rows.length; r++) {
      const names = rows[r].names.split(" ");
      const allowed: string[] = [];
      for (let n = 0; n < names.length; n++) allowed.push(names[n]);
      allowed.push("x");
      tried += checkRow(rows[r], "", names, allowed);
    }
    expect(allowedCalls).toBe("");
    expect(tried).toBeGreaterThan(300);
  });

  test("the same calls without the option are allowed (the allowlist is not what denies)", () => {
    const rows = programRows();
    for (let r = 0; r < rows.length; r++) {
      if (rows[r].runsCode.length == 0 || (rows[r].info & 0xff) == 0) continue;
      const names = rows[r].names.split(" ");
      const allowed: string[] = [];
      for (let n = 0; n < names.length; n++) allowed.push(names[n]);
      allowed.push("x");
      expect(decide(names[0] + " x", allowed)).toBe("allow", names[0] + " x");
    }
  });

  test("refused options deny whatever their value, in every spelling (an allowed program does not make them safe)", () => {
    const rows = programRows();
    let tried = 0;
    for (let r = 0; r < rows.length; r++) tried += checkHandling(rows[r], "", rows[r].names.split(" "), allowedFor(rows[r]));
    expect(allowedCalls).toBe("");
    expect(tried).toBeGreaterThan(40);
  });
});

function allowedFor(row: ProgramRow): string[] {
  const allowed = row.names.split(" ");
  allowed.push("x");
  return allowed;
}

/** Calls of REFUSED and CHECKED_WHOLE options with an allowed value "x"; failures go to allowedCalls. */
function checkHandling(row: ProgramRow, sub: string, names: string[], allowed: string[]): i32 {
  let tried = 0;
  const head = names[0] + (sub.length > 0 ? " " + sub : "") + " ";
  for (let i = 0; i < row.runsCode.length; i++) {
    const c: CodeOption = row.runsCode[i];
    if (c.handling == CodeHandling.CHECKED) continue;
    const parts = c.option.split(" ");
    for (let j = 0; j < parts.length; j++) {
      const forms = spellings(row, parts[j], c.prefix + "x");
      for (let f = 0; f < forms.length; f++) {
        const cmd = head + forms[f] + " x";
        const verdict = decide(cmd, allowed);
        // Spelt whole, a CHECKED_WHOLE option's code is read: `x` is allowed, so the call is.
        const abbreviated = !forms[f].startsWith(parts[j] + " ") && !forms[f].startsWith(parts[j] + "=") &&
          !(parts[j].length == 2 && forms[f].startsWith(parts[j]));
        if (c.handling == CodeHandling.CHECKED_WHOLE && !abbreviated) {
          if (verdict != "allow") allowedCalls += "(denied, want allowed) " + cmd + ": " + verdict + "\n";
        } else if (verdict == "allow") {
          allowedCalls += cmd + "\n";
        }
        tried++;
      }
    }
  }
  for (let i = 0; i < row.subcommands.length; i++) {
    const subNames = row.subcommands[i].names.split(" ");
    tried += checkHandling(row.subcommands[i], subNames[0], names, allowed);
  }
  return tried;
}
