// parseArgs reads a command line by its program's row: operands, options and their values, in every
// spelling the tool accepts (clusters, attached values, `--name=v`, unique long prefixes, tar's old-style
// first word, single-dash long options, subcommands), `--`, and words computed at run time.
import { Parser } from "../../shell/syntax/parser";
import { Walker } from "../../shell/interp/walk";
import { ParsedArgs, ProgramRow, parseArgs, rowNamed } from "../../shell/programs";

const p = new Parser();
const w = new Walker(p);
const out = new ParsedArgs();

/** Parse `cmd` (its first command) by the row of its first word. */
function parse(cmd: string): ParsedArgs {
  const b = String.UTF8.encode(cmd, false);
  expect(p.parseTop(changetype<usize>(b), b.byteLength) && w.run()).toBe(true, cmd);
  const s = p.script;
  const name = s.arg(0, 0);
  const row = rowNamed(String.UTF8.decodeUnsafe(s.wordPtr(name), <usize>s.wordLen(name)));
  expect(row === null).toBe(false, cmd);
  return parseArgs(row as ProgramRow, s, 0, 0, s.cArgc(0), out);
}

function text(k: i32, off: i32 = 0): string {
  const s = p.script;
  const word = s.arg(0, k);
  return String.UTF8.decodeUnsafe(s.wordPtr(word) + <usize>off, <usize>(s.wordLen(word) - off));
}

/** The operands, joined by `|`. */
function operands(a: ParsedArgs): string {
  let r = "";
  for (let i = 0; i < a.operands.length; i++) r += (i > 0 ? "|" : "") + text(a.operands.get(i));
  return r;
}

/** The value of the first option spelt `spellings`, "<none>" if absent, "<missing>" if it has no value. */
function value(a: ParsedArgs, spellings: string): string {
  const i = a.find(spellings);
  if (i < 0) return "<none>";
  const k = a.valArg(i);
  return k < 0 ? "<missing>" : text(k, a.valOff(i));
}

describe("parseArgs", () => {
  test("short options: clusters, attached and separate values", () => {
    const forms = ["sort -o out.txt in.txt", "sort -oout.txt in.txt", "sort -ro out.txt in.txt", "sort in.txt -o out.txt",
      "sort --output=out.txt in.txt", "sort --output out.txt in.txt", "sort --out=out.txt in.txt", "sort --o out.txt in.txt"];
    for (let i = 0; i < forms.length; i++) {
      const a = parse(forms[i]);
      expect(value(a, "-o --output")).toBe("out.txt", forms[i]);
      expect(value(a, "--output")).toBe("out.txt", forms[i]);
      expect(operands(a)).toBe("in.txt", forms[i]);
      expect(a.dynamic).toBe(false, forms[i]);
    }
  });

  test("an ambiguous or unknown long prefix is not the option", () => {
    // --s is a prefix of several sort options (--sort, --stable, …): getopt_long refuses it, so it names none.
    const s = parse("sort --s=x in");
    expect(s.has("--sort") || s.has("--stable") || s.has("--field-separator")).toBe(false);
    expect(parse("sort --st in").has("-s --stable")).toBe(true); // unique
    expect(parse("sort --stable in").has("--stable")).toBe(true);
    expect(value(parse("sort --nope=x in"), "-o --output")).toBe("<none>");
    expect(operands(parse("sort --nope=x in"))).toBe("in");
  });

  test("`--` ends the options; a lone `-` is an operand", () => {
    const a = parse("sort -r -- -o x -");
    expect(value(a, "-o")).toBe("<none>");
    expect(operands(a)).toBe("-o|x|-");
    expect(a.endMark).toBe(2);
  });

  test("without PERMUTE the first operand ends the options (xargs)", () => {
    const a = parse("xargs -n 1 rm -f -n x");
    expect(value(a, "-n --max-args")).toBe("1");
    expect(operands(a)).toBe("rm|-f|-n|x");
  });

  test("optional values are only attached (make -j, xargs -i)", () => {
    expect(value(parse("make -j4 all"), "-j --jobs")).toBe("4");
    expect(value(parse("make -j all"), "-j --jobs")).toBe("<missing>");
    expect(operands(parse("make -j all"))).toBe("all");
    expect(value(parse("make --jobs=8 all"), "-j")).toBe("8");
    expect(operands(parse("make --jobs 8 all"))).toBe("8|all");
  });

  test("values of every directory spelling (make, tar)", () => {
    const forms = ["make -C sub all", "make -Csub all", "make -kC sub all", "make --directory=sub all",
      "make --directory sub all", "make --dir=sub all", "make all -C sub"];
    for (let i = 0; i < forms.length; i++) expect(value(parse(forms[i]), "-C --directory")).toBe("sub", forms[i]);
    expect(value(parse("make -fC all"), "-C")).toBe("<none>"); // -f takes `C` as its file
  });

  test("tar's old-style first word takes the following words in order", () => {
    const a = parse("tar xCf dir a.tar member");
    expect(value(a, "-C --directory")).toBe("dir");
    expect(value(a, "-f --file")).toBe("a.tar");
    expect(a.has("-x --extract")).toBe(true);
    expect(operands(a)).toBe("member");
    const b = parse("tar -xf a.tar --to-command=sh member");
    expect(value(b, "--to-command")).toBe("sh");
    expect(value(b, "--file")).toBe("a.tar");
    expect(operands(b)).toBe("member");
  });

  test("single-dash long options (find)", () => {
    const a = parse("find . -name '*.c' -newer ref -delete");
    expect(value(a, "-name")).toBe("*.c");
    expect(value(a, "-newer")).toBe("ref");
    expect(a.has("-delete")).toBe(true);
    expect(operands(a)).toBe(".");
  });

  test("a dashed whole-word option among clustered shorts (zip -TT)", () => {
    const a = parse("zip -TT 'unzip -t' -rq out.zip dir");
    expect(value(a, "-TT --unzip-command")).toBe("unzip -t");
    expect(a.has("-r")).toBe(true);
    expect(a.has("-T")).toBe(false);
    expect(operands(a)).toBe("out.zip|dir");
  });

  test("subcommands switch to their own grammar (git)", () => {
    const a = parse("git -C repo clone --depth 1 -u ./pack https://h/r dir");
    expect(value(a, "-C")).toBe("repo");
    expect(a.sub === null).toBe(false);
    expect(text(a.subArg)).toBe("clone");
    expect(value(a, "-u --upload-pack")).toBe("./pack");
    expect(value(a, "--depth")).toBe("1");
    expect(operands(a)).toBe("https://h/r|dir");
    const b = parse("git status -s file");
    expect(b.sub === null).toBe(true);
    expect(operands(b)).toBe("status|-s|file");
  });

  test("a word computed at run time that may be an option sets dynamic", () => {
    const dyn = ["sort $OPTS in", "sort \"$f\"", "sort -$X in", "sort * ", "sort \"$@\"", "sort {-o,x} in"];
    for (let i = 0; i < dyn.length; i++) expect(parse(dyn[i]).dynamic).toBe(true, dyn[i]);
    const plain = ["sort \"./$f\"", "sort -- $OPTS", "sort ./*.txt", "sort in"];
    for (let i = 0; i < plain.length; i++) expect(parse(plain[i]).dynamic).toBe(false, plain[i]);
  });
});
