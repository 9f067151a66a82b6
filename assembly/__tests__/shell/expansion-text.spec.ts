// A word with `${NAME-word}` family expansions read as their words
// (shell/expand/expansion-text.ts), as the lexer leaves them: the source text of the
// whole expansion run marked Attr.EXPANSION.
import { MAX_READINGS, WrittenReading, expansionEnd } from "../../shell/expand/expansion-text";
import { Script } from "../../shell/syntax/nodes";
import { Parser } from "../../shell/syntax/parser";
import { Walker } from "../../shell/interp/walk";
import { Attr } from "../../shell/syntax/tokens";
import { WordFlag } from "../../shell/syntax/tokens";

const reading = new WrittenReading();
const script = new Script();

/** `literal` then `expansion` (source text): the word's text and Attr bytes as the lexer builds them. */
function read(literal: string, expansion: string, after: string = ""): string | null {
  const text = literal + expansion + after;
  const t = String.UTF8.encode(text);
  const n = t.byteLength;
  const a = new Uint8Array(n);
  const l = String.UTF8.byteLength(literal), e = String.UTF8.byteLength(expansion);
  for (let i = l; i < l + e; i++) a[i] = <u8>Attr.EXPANSION;
  if (!reading.read(script, changetype<usize>(t), a.dataStart, n)) return null;
  return String.UTF8.decodeUnsafe(reading.word.text.ptr, <usize>reading.word.length);
}

function end(s: string): i32 {
  const t = String.UTF8.encode(s);
  return expansionEnd(changetype<usize>(t), 0, t.byteLength);
}

describe("WrittenReading", () => {
  test("each operator whose value may be its word", () => {
    expect(read("", "${x:-/etc/shadow}")).toBe("/etc/shadow");
    expect(read("", "${x-/etc/shadow}")).toBe("/etc/shadow");
    expect(read("", "${x:=/}")).toBe("/");
    expect(read("", "${x=/}")).toBe("/");
    expect(read("", "${x:+key.pem}")).toBe("key.pem");
    expect(read("", "${x+key.pem}")).toBe("key.pem");
  });
  test("other expansions add no reading", () => {
    expect(read("", "$x")).toBeNull();
    expect(read("", "${x}")).toBeNull();
    expect(read("", "${x:?/etc/shadow}")).toBeNull(); // an error, not a value
    expect(read("", "${x#/etc}")).toBeNull();
    expect(read("", "${#x}")).toBeNull();
    expect(read("cat", "")).toBeNull();
  });
  test("literal text around the expansion stays", () => {
    expect(read("of=", "${d:-/dev/sda}")).toBe("of=/dev/sda");
    expect(read("", "${x:-/etc}", "/shadow")).toBe("/etc/shadow");
    expect(read("", "${a:-/etc}${b:-/shadow}")).toBe("/etc/shadow"); // one run of two expansions
  });
  test("quotes are removed and escapes taken", () => {
    expect(read("", "${x:-'/etc/'\"shadow\"}")).toBe("/etc/shadow");
    expect(read("", "${x:-/etc/sha\\dow}")).toBe("/etc/shadow");
    expect(read("", "${x:-'a}b'}")).toBe("a}b"); // a quoted brace does not close it
  });
  test("a nested default is its word; other nested expansions stay", () => {
    expect(read("", "${x:-${y:-/etc/shadow}}")).toBe("/etc/shadow");
    expect(read("", "${x:-$HOME}")).toBe("$HOME");
    expect(reading.flags & WordFlag.DYNAMIC).toBe(WordFlag.DYNAMIC);
    expect(read("", "${x:-$(echo })/etc}")).toBe("$(echo })/etc"); // `}` inside $( ) does not close it
  });
  test("quoted parts are QUOTED, so only unquoted `*` is a glob", () => {
    expect(read("", "${x:-/*}")).toBe("/*");
    expect(reading.flags & WordFlag.GLOB).toBe(WordFlag.GLOB);
    expect(read("", "${x:-'/*'}")).toBe("/*");
    expect(reading.flags & WordFlag.GLOB).toBe(0);
  });
  test("an unterminated expansion adds no reading", () => {
    expect(read("", "${x:-/etc/shadow")).toBeNull();
  });
  test("nesting deeper than 8 is left as written", () => {
    let open = "", close = "";
    for (let i = 0; i < 12; i++) { open += "${x:-"; close += "}"; }
    const r = read("", open + "/" + close);
    expect(r).not.toBeNull();
    expect(r!.startsWith("${x:-")).toBe(true); // the levels past 8 keep their source text
  });
});

describe("expansionEnd", () => {
  test("each kind of expansion", () => {
    expect(end("$HOME/x")).toBe(5);
    expect(end("$1x")).toBe(2);
    expect(end("${a:-{b}}c")).toBe(8); // a bare `{` does not open a group: `}` after b closes it
    expect(end("$(echo ')')x")).toBe(11);
    expect(end("`a\\`b`c")).toBe(6);
    expect(end("${x")).toBe(3);
  });
});

const parser = new Parser();
const walker = new Walker(parser);

/** Every reading of the last word of `cmd`'s last command, joined by `|`; "" when it has none. */
function readings(cmd: string): string {
  const b = String.UTF8.encode(cmd, false);
  if (!parser.parseTop(changetype<usize>(b), b.byteLength) || !walker.run()) return "!parse";
  const s = parser.script;
  const c = s.commandCount - 1;
  // The command's other words are read first, as the checks do: what they leave cached must not matter.
  const last = s.cArgc(c) - 1;
  for (let k = 0; k < last; k++) {
    const o = s.arg(c, k);
    reading.read(s, s.wordPtr(o), s.attrPtr(o), s.wordLen(o));
  }
  const w = s.arg(c, last);
  if (!reading.read(s, s.wordPtr(w), s.attrPtr(w), s.wordLen(w))) return "";
  const n = reading.readings;
  if (n > MAX_READINGS) return "!many";
  let out = "";
  for (let k = 0; k < n; k++) {
    reading.read(s, s.wordPtr(w), s.attrPtr(w), s.wordLen(w), k);
    out += (k > 0 ? "|" : "") + String.UTF8.decodeUnsafe(reading.word.text.ptr, <usize>reading.word.length);
  }
  return out;
}

describe("WrittenReading over a command's variables", () => {
  test("each written value of a variable is a reading", () => {
    expect(readings("d=/; rm -rf $d")).toBe("/");
    expect(readings("d=/; d=/tmp; rm -rf \"$d\"")).toBe("/|/tmp");
    expect(readings("export d=/etc; local e=x; rm -rf ${d}")).toBe("/etc");
    expect(readings("for d in /tmp /; do rm -rf $d; done")).toBe("/tmp|/");
  });
  test("a computed part of a value stays any text; the written ones stay", () => {
    expect(readings("d=$(pwd); rm -rf $d")).toBe("$(…)");
    expect(readings("d=/; d=$d; rm -rf $d")).toBe("/|$d"); // a value that uses itself: its own old value
    expect(readings("rm -rf $d")).toBe("");
  });
  test("a value that uses other variables stands for each of theirs", () => {
    expect(readings("g=/; f=$g; rm -rf $f")).toBe("/");
    expect(readings("g=/; h=$g; f=\"$h\"/x; rm -rf $f")).toBe("//x");
    expect(readings("a=/; a=/tmp; f=$a/; rm -rf $f")).toBe("//|/tmp/");
    expect(readings("h=$HOME; rm -rf $h")).toBe("$HOME");
    expect(readings("a=$b; b=$a; rm -rf $a")).toBe("$a"); // a cycle: unknown
    // A name flattened inside a cycle is flattened again: `b` read after `a` still has a's `/`.
    expect(readings("a=$b; a=/; b=$a; rm -rf $a $b")).toBe("$a|/");
    expect(readings("a=/; d=$a; for x in $d; do rm -rf $x; done")).toBe("/");
  });
  test("a chain longer than MAX_CHAIN counts as too many", () => {
    let cmd = "a0=/; ";
    for (let i = 1; i <= 20; i++) cmd += "a" + i.toString() + "=$a" + (i - 1).toString() + "; ";
    expect(readings(cmd + "rm -rf $a20")).toBe("!many");
    expect(readings(cmd + "rm -rf $a5")).toBe("/");
  });
  test("positional parameters: set, function calls and shell arguments", () => {
    expect(readings("set -- / x; rm -rf $1")).toBe("/|x");
    expect(readings("set -e; set -o pipefail -- /tmp; rm -rf \"$@\"")).toBe("/tmp");
    expect(readings("f() { echo; }; f -rf /; rm -rf \"$2\"")).toBe("-rf|/");
    expect(readings("bash -c 'rm -rf $1' _ /")).toBe("rm -rf $1|_|/");
    expect(readings("set -- x /; rm -rf \"${@:2}\"")).toBe("x|/"); // a slice of the list, not of each value
    expect(readings("a=(x /); rm -rf \"${a[@]:1}\"")).toBe("x|/");
    expect(readings("set -- /x; rm -rf \"${1:0:1}\"")).toBe("/");
  });
  test("operations on a written value", () => {
    expect(readings("f=/x/y; rm -rf ${f%/*}")).toBe("/x");
    expect(readings("f=/x/y; rm -rf ${f%%/*}")).toBe("");
    expect(readings("f=/x/y; rm -rf ${f#/x}")).toBe("/y");
    expect(readings("f=/x/y; rm -rf ${f##*/}")).toBe("y");
    expect(readings("f=/x/y; rm -rf ${f:0:1}")).toBe("/");
    expect(readings("f=/x/y; rm -rf ${f::2}")).toBe("/x");
    expect(readings("f=/x/y; rm -rf ${f: -1}")).toBe("y");
    expect(readings("f=/x/y; rm -rf ${f/x/}")).toBe("//y");
    expect(readings("f=/x/x; rm -rf ${f//x/}")).toBe("//");
    expect(readings("f=/x/y; rm -rf ${f/%y/z}")).toBe("/x/z");
    expect(readings("f=/TMP; rm -rf ${f,,}")).toBe("/tmp");
    expect(readings("f=/x; rm -rf ${f/[a-z]/}")).toBe("${f/[a-z]/}"); // a class: not worked out, any text
  });
  test("array elements are values of the array", () => {
    expect(readings("a=(x \"/ y\"); rm -rf ${a[1]}")).toBe("x|/ y");
    expect(readings("a=([2]=/tmp x); a[5]=/; a+=(z); rm -rf ${a[@]}")).toBe("/tmp|x|/|z");
  });
  test("indirection and namerefs name the variable meant", () => {
    expect(readings("x=/; y=x; rm -rf ${!y}")).toBe("/");
    expect(readings("declare -n r=x; x=/tmp; rm -rf $r")).toBe("/tmp");
    expect(readings("y=nothing; rm -rf ${!y}")).toBe("${!y}");
  });
  test("+= appends in order, beside the values set with =", () => {
    expect(readings("d=/e; d+=tc; rm -rf $d")).toBe("/e|/etc");
  });
  test("two variables give every combination", () => {
    expect(readings("a=/; a=/x; b=x; b=; rm -rf $a$b")).toBe("/x|/xx|/|/x");
  });
  test("past MAX_READINGS combinations the caller is told", () => {
    let cmd = "";
    for (let i = 0; i <= MAX_READINGS; i++) cmd += "d=" + i.toString() + "; ";
    expect(readings(cmd + "rm -rf $d")).toBe("!many");
  });
});
