// Every row's value-taking options, checked against the flags blocked_patterns see (collectFlags): a short
// option that takes a value ends its cluster and, at the end of a word, takes the next word whatever it looks
// like (`curl -o -X url` writes a file named -X); so does a long one that needs a value (`--output -X`). Under
// SEPARATE_VALUES (npm) every letter of a cluster is a flag. The rows check themselves: a grammar entry that
// says "takes a value" is what the flags read.
import { Parser } from "../../shell/syntax/parser";
import { Walker } from "../../shell/interp/walk";
import { FlagSet, LongValue, OptionGrammar, ProgramRow, Rule, Style, collectFlags, programRows } from "../../shell/programs";
import { cmdId } from "../../shell/programs/names";
import { longTable } from "../../shell/programs/spellings";

const p = new Parser();
const w = new Walker(p);
const set = new FlagSet();

/** The flags of `cmd` (its first command), read as program `info`. */
function flagsOf(cmd: string, info: i32): FlagSet {
  const b = String.UTF8.encode(cmd, false);
  expect(p.parseTop(changetype<usize>(b), b.byteLength) && w.run()).toBe(true, cmd);
  const s = p.script;
  collectFlags(s, 0, 0, s.cArgc(0), info, set);
  return set;
}

function firstName(names: string): string {
  const sp = names.indexOf(" ");
  return sp < 0 ? names : names.substring(0, sp);
}

/** A letter that takes no value in g, in either case, and implies nothing: the probe after a value. */
function probeFor(g: OptionGrammar, implies: string): u32 {
  const candidates = "qzyjkgxwbhm";
  for (let i = 0; i < candidates.length; i++) {
    const lo = candidates.charAt(i), up = lo.toUpperCase();
    const taken = g.valueShorts + g.optionalShorts + implies;
    if (taken.indexOf(lo) < 0 && taken.indexOf(up) < 0) return <u32>candidates.charCodeAt(i);
  }
  return 0;
}

function hasLong(f: FlagSet, name: string): bool {
  const b = String.UTF8.encode(name, false);
  return f.hasLong(changetype<usize>(b), b.byteLength);
}

/** Check grammar g's value options, spelt after `prefix` ("curl", "git commit"). Returns how many were tried. */
function checkGrammar(prefix: string, g: OptionGrammar, info: i32, implies: string): i32 {
  const probe = probeFor(g, implies);
  expect(probe).not.toBe(0, prefix);
  const q = String.fromCharCode(<i32>probe);
  const single = (g.style & Style.SINGLE_DASH_LONG) != 0;
  const separate = (g.style & Style.SEPARATE_VALUES) != 0;
  let tried = 0;
  if (!single) {
    // The probe alone is a flag: the checks below can fail.
    expect(flagsOf(prefix + " -" + q + " x", info).hasShort(probe)).toBe(true, prefix + " -" + q);
    for (let i = 0; i < g.valueShorts.length; i++) {
      const c = g.valueShorts.charAt(i);
      const letter = <u32>g.valueShorts.charCodeAt(i);
      const next = flagsOf(prefix + " -" + c + " -" + q + " x", info);
      expect(next.hasShort(letter)).toBe(true, prefix + " -" + c);
      expect(next.hasShort(probe)).toBe(separate, prefix + " -" + c + " -" + q);
      const attached = flagsOf(prefix + " -" + c + q + " x", info);
      expect(attached.hasShort(probe)).toBe(separate, prefix + " -" + c + q);
      tried++;
    }
    for (let i = 0; i < g.optionalShorts.length; i++) {
      const c = g.optionalShorts.charAt(i);
      // An optional value is only attached: `-iq` is -i with "q", `-i -q` is both.
      expect(flagsOf(prefix + " -" + c + q + " x", info).hasShort(probe)).toBe(separate, prefix + " -" + c + q);
      expect(flagsOf(prefix + " -" + c + " -" + q + " x", info).hasShort(probe)).toBe(true, prefix + " -" + c + " -" + q);
      tried++;
    }
  }
  const t = longTable(g);
  for (let i = 0; i < t.names.length; i++) {
    const name = t.names[i];
    if (name.charCodeAt(0) == 0x2d) continue; // zip's dashed names are spelt in clusters
    const spelt = (single ? "-" : "--") + name;
    const f = flagsOf(prefix + " " + spelt + " -" + q + " x", info);
    const seen = single ? hasLong(f, q) : f.hasShort(probe);
    expect(seen).toBe(t.value[i] != LongValue.REQUIRED || separate, prefix + " " + spelt + " -" + q);
    // With `=value` the next word is never its value.
    const eq = flagsOf(prefix + " " + spelt + "=v -" + q + " x", info);
    expect(single ? hasLong(eq, q) : eq.hasShort(probe)).toBe(true, prefix + " " + spelt + "=v -" + q);
    tried++;
  }
  return tried;
}

describe("value options of every row with flags", () => {
  test("end a cluster and take the next word, as the grammar says", () => {
    const rows = programRows();
    let tried = 0, programs = 0;
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r];
      if ((row.rules & Rule.FLAGS) == 0 || cmdId(row.info) == 0) continue;
      programs++;
      const name = firstName(row.names);
      tried += checkGrammar(name, row.grammar, row.info, row.flagImplies);
      for (let i = 0; i < row.subcommands.length; i++) {
        const sub: ProgramRow = row.subcommands[i];
        tried += checkGrammar(name + " " + firstName(sub.names), sub.grammar, row.info, row.flagImplies);
      }
    }
    expect(programs).toBeGreaterThan(20);
    expect(tried).toBeGreaterThan(400);
  });

  test("spellings whose value looks like a flag", () => {
    const curl = programRows().filter((r) => firstName(r.names) == "curl")[0].info;
    expect(flagsOf("curl -o -X https://example.com", curl).hasShort(0x78)).toBe(false);
    expect(flagsOf("curl -o out -X POST https://example.com", curl).hasShort(0x78)).toBe(true);
    const sed = programRows().filter((r) => firstName(r.names) == "sed")[0].info;
    expect(flagsOf("sed -e -i f", sed).hasShort(0x69)).toBe(false);
    expect(flagsOf("sed -in s/a/b/ f", sed).hasShort(0x6e)).toBe(false);
    expect(flagsOf("sed -ni s/a/b/ f", sed).hasShort(0x69)).toBe(true);
    // A computed value is read like any computed word (it may split into more words than the value); what
    // follows it is read as usual.
    expect(flagsOf("curl -o $OUT -X POST https://example.com", curl).hasShort(0x78)).toBe(true);
    expect(flagsOf("curl -o $OUT https://example.com", curl).dynamic).toBe(true);
    expect(flagsOf("curl -o \"$OUT\" -X POST https://example.com", curl).hasShort(0x78)).toBe(true);
  });
});
