// directoryOptions alone: it fills plain facts (no walker), so each spelling of tar's and make's directory
// option can be checked directly — the word and byte offset of each directory, whether it is relative to a
// previous one, and -1 for one known only at run time.
import { Parser } from "../../shell/syntax/parser";
import { Walker } from "../../shell/interp/walk";
import { directoryOptions } from "../../shell/interp/directory-options";
import { ProgramFacts, ProgramRow, rowNamed } from "../../shell/programs";

const p = new Parser();
const walker = new Walker(p);
const facts = new ProgramFacts();

/** The directories `cmd` names for itself, `|`-joined; `?` for one known only at run time, `+` when nested. */
function dirs(cmd: string): string {
  const b = String.UTF8.encode(cmd, false);
  expect(p.parseTop(changetype<usize>(b), b.byteLength) && walker.run()).toBe(true, cmd); // the walk fills argv
  const s = p.script;
  const argc = s.cArgc(0);
  const name = String.UTF8.decodeUnsafe(s.wordPtr(s.arg(0, 0)), <usize>s.wordLen(s.arg(0, 0)));
  facts.reset();
  directoryOptions(s, 0, 0, argc, (rowNamed(name) as ProgramRow).grammar, facts);
  let out = "";
  for (let i = 0; i < facts.cdWord.length; i++) {
    const w = facts.cdWord[i];
    out += (i > 0 ? "|" : "") + (facts.cdNested[i] ? "+" : "") +
      (w < 0 ? "?" : String.UTF8.decodeUnsafe(s.wordPtr(w) + <usize>facts.cdOffset[i], <usize>(s.wordLen(w) - facts.cdOffset[i])));
  }
  return out;
}

describe("directoryOptions", () => {
  test("every spelling of -C / --directory", () => {
    expect(dirs("tar -C /etc -cf x.tar shadow")).toBe("/etc");
    expect(dirs("tar -xCf /etc a.tar")).toBe("f"); // getopt: -C takes the rest of the word
    expect(dirs("tar xCf /etc a.tar")).toBe("/etc");
    expect(dirs("tar -C/etc -x")).toBe("/etc");
    expect(dirs("tar --directory=/etc -x")).toBe("/etc");
    expect(dirs("tar --dir /etc -x")).toBe("/etc");
    expect(dirs("tar -x f -C /etc")).toBe("/etc");
    expect(dirs("make -C a -C b all")).toBe("a|+b");
    expect(dirs("make -j4 -C sub")).toBe("sub");
  });
  test("a value letter takes the next word; a computed letter may be -C", () => {
    expect(dirs("tar -fC x.tar")).toBe("");
    expect(dirs("make -fC all")).toBe("");
    expect(dirs("tar -$X /etc")).toBe("?");
    expect(dirs("tar -x -- -C /etc")).toBe("");
  });
});
