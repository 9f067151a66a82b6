// The parser and the walk: which simple commands a string runs, with their
// words after quote removal, and how they are reached. `views()` renders every
// view (a command, or what a wrapper runs) as "argv|argv|…"; equivalent
// spellings must render the same (STYLE.md §5: one table, many spellings).
import { Parser } from "../../shell/syntax/parser";
import { Walker } from "../../shell/interp/walk";
import { ViewFlag } from "../../shell/syntax/nodes";
import { ParseError } from "../../shell/syntax/tokens";
import { str } from "../../util/bytes";

const p = new Parser();
const w = new Walker(p);

function parse(cmd: string): bool {
  const b = String.UTF8.encode(cmd, false);
  return p.parseTop(changetype<usize>(b), b.byteLength) && w.run();
}

/** Every view as its argv joined by spaces, views separated by `|`; "!error" on a parse error. */
function views(cmd: string): string {
  if (!parse(cmd)) return "!" + p.errMsg;
  const s = p.script;
  let out = "";
  for (let v = 0; v < s.viewCount; v++) {
    if (v > 0) out += "|";
    const c = s.vCmd(v), e = s.vEnd(v);
    for (let k = s.vStart(v); k < e; k++) {
      if (k > s.vStart(v)) out += " ";
      const a = s.arg(c, k);
      out += str(s.wordPtr(a), s.wordLen(a));
    }
  }
  return out;
}

function flagsOf(cmd: string, view: i32): i32 {
  if (!parse(cmd)) return -1;
  return p.script.vFlags(view);
}

function same(spellings: Array<string>, want: string): void {
  for (let i = 0; i < spellings.length; i++) expect(views(spellings[i])).toBe(want, spellings[i]);
}

describe("segments", () => {
  test("lists, and-or, pipes, background, newlines", () => {
    expect(views("a; b && c || d | e & f\ng")).toBe("a|b|c|d|e|f|g");
    expect(views("a |& b")).toBe("a|b");
    expect(views("a ;; b")).toBe("!unexpected token near ';'");
  });
  test("compound commands", () => {
    expect(views("(a; b) && { c; }")).toBe("a|b|c");
    expect(views("if a; then b; elif c; then d; else e; fi")).toBe("a|b|c|d|e");
    expect(views("while a; do b; done; until c; do d; done")).toBe("a|b|c|d");
    expect(views("for i in 1 2; do b $i; done")).toBe("b $i");
    expect(views("for ((i=0; i<3; i++)); do b; done")).toBe("b");
    expect(views("select x in a b; do c; done")).toBe("c");
    expect(views("case $x in a|b) c;; (d) e;& *) f;;& esac")).toBe("c|e|f");
    expect(views("[[ -f x && $(a) ]] && b")).toBe("a|b");
    expect(views("(( x = $(a) )) && b")).toBe("a|b");
    expect(views("f() { a; }; function g { b; }; h() ( c )")).toBe("a|b|c");
    expect(views("coproc a b")).toBe("a b");
    expect(views("time -p a | ! b")).toBe("a|! b");
  });
  test("substitutions run", () => {
    expect(views("a $(b) `c` <(d) >(e) \"$(f)\" ${x:-$(g)} $((1+$(h)))")).toBe(
      "a $(…) `…` <(…) >(…) $(…) ${x:-$(g)} $((1+$(h)))|b|c|d|e|f|g|h");
    expect(views("x=$(a)")).toBe("a");
    expect(views("a=(1 $(b) 2) c")).toBe("c|b"); // views in command order: c is reserved before b
    expect(views("echo `echo \\`a\\``")).toBe("echo `…`|echo `…`|a");
    expect(views("$((a + 1))")).toBe("$((a + 1))");
    expect(views("$( (a) )")).toBe("$(…)|a");
  });
  test("here-documents", () => {
    expect(views("cat <<EOF\n$(a)\nEOF\nb")).toBe("cat|a|b");
    expect(views("cat <<'EOF'\n$(a)\nEOF\nb")).toBe("cat|b");
    expect(views("cat <<-EOF\n\t$(a)\n\tEOF\nb")).toBe("cat|a|b");
    expect(views("cat <<A <<B\n$(x)\nA\n$(y)\nB\nz")).toBe("cat|x|y|z");
    expect(views("x=$(cat <<EOF\n$(a)\nEOF\n)")).toBe("cat|a");
  });
  test("comments and continuations", () => {
    expect(views("a # b; c\nd")).toBe("a|d");
    expect(views("a#b")).toBe("a#b");
    expect(views("l\\\ns -a\\\n -b")).toBe("ls -a -b");
  });
});

describe("words", () => {
  test("quote removal and escapes give the same word", () => {
    same(["curl x", "c''url x", "c\\url x", "\"c\"url x", "$'\\x63url' x", "$'\\143url' x", "$'\\u0063url' x",
      "cu$'r'l x", "'curl' x", "\\c\\u\\r\\l x", "cu\\\nrl x", "$\"curl\" x"], "curl x");
  });
  test("ANSI-C strings", () => {
    expect(views("echo $'a\\tb\\n'")).toBe("echo a\tb\n");
    expect(views("echo $'a\\x00b'c")).toBe("echo ac");
    expect(views("echo $'\\cA'")).toBe("echo \x01");
  });
  test("expansions keep their source text and make a word dynamic", () => {
    expect(views("echo ${HOME}/x $HOME \"$@\" $1 ${#x}")).toBe("echo $HOME/x $HOME $@ $1 ${#x}");
    expect(flagsOf("$X a", 0) & ViewFlag.NAME_DYNAMIC).toBe(ViewFlag.NAME_DYNAMIC);
    expect(flagsOf("/bin/r? a", 0) & ViewFlag.NAME_DYNAMIC).toBe(ViewFlag.NAME_DYNAMIC);
    expect(flagsOf("{rm,-rf,/}", 0) & ViewFlag.NAME_DYNAMIC).toBe(ViewFlag.NAME_DYNAMIC);
    expect(flagsOf("'r?' a", 0) & ViewFlag.NAME_DYNAMIC).toBe(0);
    expect(flagsOf("{} a", 0) & ViewFlag.NAME_DYNAMIC).toBe(ViewFlag.NAME_DYNAMIC);
  });
  test("redirections are not argv", () => {
    expect(views("a 2>&1 >out <in b >>x &>y c")).toBe("a b c");
    expect(views("> f a")).toBe("a");
  });
});

describe("wrappers and payloads", () => {
  test("wrappers expose what they run", () => {
    expect(views("sudo -u r env A=1 nice -n 5 timeout -s 9 5 nohup rm x")).toBe(
      "sudo -u r env A=1 nice -n 5 timeout -s 9 5 nohup rm x|env A=1 nice -n 5 timeout -s 9 5 nohup rm x|" +
      "nice -n 5 timeout -s 9 5 nohup rm x|timeout -s 9 5 nohup rm x|nohup rm x|rm x");
    expect(views("xargs -I{} -n1 rm {}")).toBe("xargs -I{} -n1 rm {}|rm {}");
    expect(views("find . -exec rm {} \\; -execdir mv {} x +")).toBe("find . -exec rm {} ; -execdir mv {} x +|rm {}|mv {} x +");
    expect(views("command -v rm")).toBe("command -v rm");
    expect(views("exec 3>&1")).toBe("exec");
    expect(views("busybox rm x")).toBe("busybox rm x|rm x");
    expect(views("git bisect run make")).toBe("git bisect run make|make");
  });
  test("payloads are parsed as code", () => {
    expect(views("bash -c 'a; b'")).toBe("bash -c a; b|a|b");
    expect(views("sh -ec 'a'")).toBe("sh -ec a|a");
    expect(views("eval a \"b c\"")).toBe("eval a b c|a b c"); // eval joins its words
    expect(views("trap 'a' EXIT")).toBe("trap a EXIT|a");
    expect(views("watch 'a | b'")).toBe("watch a | b|a|b");
    expect(views("ssh -p 22 h a b")).toBe("ssh -p 22 h a b|a b");
    expect(views("echo 'a b' | sh")).toBe("echo a b|sh|a b");
    expect(views("sh <<'E'\na\nE")).toBe("sh|a");
    expect(views("sh <<< a")).toBe("sh|a");
    expect(views("git -c alias.x='!a b' x")).toBe("git -c alias.x=!a b x|a b");
    expect(views("GIT_EDITOR=a git commit")).toBe("git commit|a");
    expect(views("x='$(a)' b")).toBe("b|a");
  });
  test("code that cannot be seen is flagged", () => {
    expect(flagsOf("bash -c \"$X\"", 0) & ViewFlag.PAYLOAD_DYNAMIC).toBe(ViewFlag.PAYLOAD_DYNAMIC);
    expect(flagsOf("eval $X", 0) & ViewFlag.PAYLOAD_DYNAMIC).toBe(ViewFlag.PAYLOAD_DYNAMIC);
    expect(flagsOf("cat f | sh", 1) & ViewFlag.STDIN_UNKNOWN).toBe(ViewFlag.STDIN_UNKNOWN);
    expect(flagsOf("sh < <(a)", 0) & ViewFlag.STDIN_UNKNOWN).toBe(ViewFlag.STDIN_UNKNOWN);
    expect(flagsOf("sh script.sh", 0) & (ViewFlag.STDIN_UNKNOWN | ViewFlag.PAYLOAD_DYNAMIC)).toBe(0);
    expect(flagsOf("python3 -", 0) & ViewFlag.READS_STDIN).toBe(ViewFlag.READS_STDIN);
    expect(flagsOf("python3 -m json.tool", 0) & ViewFlag.READS_STDIN).toBe(0);
  });
  test("variables a command sets", () => {
    parse("A=1 B=2 c; export D=1 E; for F in x; do :; done; read -r G; : ${H:=1}; printf -v I x");
    const s = p.script;
    let names = "";
    for (let i = 0; i < s.envWords.length; i++) names += str(s.wordPtr(s.envWords.get(i)), s.wordLen(s.envWords.get(i))) + " ";
    expect(names).toBe("F H A=1 B=2 D=1 E G I "); // loop and ${:=} variables are found while parsing
  });
});

describe("errors", () => {
  test("unterminated constructs", () => {
    expect(views("echo 'a")).toBe("!unterminated single quote");
    expect(views("echo \"a")).toBe("!unterminated double quote");
    expect(views("echo $(a")).toBe("!expected ) at end of input");
    expect(views("echo `a")).toBe("!unterminated backtick");
    expect(views("echo ${a")).toBe("!unterminated ${");
    expect(views("if a; then b")).toBe("!expected 'fi' at end of input");
    expect(views("a && ")).toBe("!expected a command after && or || at end of input");
    expect(views("{ }")).toBe("!empty { } near '}'");
  });
  test("limits", () => {
    let s = "";
    for (let i = 0; i < 50; i++) s += "$(";
    s += "a";
    for (let i = 0; i < 50; i++) s += ")";
    expect(parse(s)).toBe(false);
    expect(p.err).toBe(ParseError.TOO_DEEP);
    expect(parse("eval eval eval eval eval eval eval a")).toBe(false);
    expect(p.err).toBe(ParseError.TOO_DEEP);
    expect(parse("eval eval eval eval eval eval a")).toBe(true);
    expect(parse("echo ${x@P}")).toBe(false);
    expect(p.err).toBe(ParseError.UNSUPPORTED);
  });
});
