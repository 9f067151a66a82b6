// The plain-word loop (Lexer#plainWordsOf), the quoted-word shortcut (Lexer#commitQuotedWord) and the reserved-word
// look (Grammar#readReserved) against the code they replaced (lexer-before.ts): both parsers read the same bytes
// and must build the same tables, every byte and field of them, and fail with the same error.
// Inputs: hand-picked edges (every way a word ends, words ending at the end of input at every length around the
// eight-byte window, `=` and pattern bytes, quotes of every kind, `$'…'`, line continuations, here-documents,
// nested substitutions, comments, NUL, UTF-8, unterminated constructs, long words), then seeded random scripts of
// shell tokens, of fragments, and of raw bytes.
import { Parser } from "../../shell/syntax/parser";
import { IntList, Script } from "../../shell/syntax/nodes";
import { ParserBefore } from "./lexer-before";
import { XorShift } from "../xorshift";

const now = new Parser();
const before = new ParserBefore();

function bytesEqual(a: usize, b: usize, n: i32): bool {
  for (let i = 0; i < n; i++) if (load<u8>(a + <usize>i) != load<u8>(b + <usize>i)) return false;
  return true;
}

function listsEqual(a: IntList, b: IntList): bool {
  if (a.length != b.length) return false;
  for (let i = 0; i < a.length; i++) if (a.get(i) != b.get(i)) return false;
  return true;
}

function sameCommand(f: Script, s: Script, c: i32): bool {
  return f.cFirst(c) == s.cFirst(c) && f.cLast(c) == s.cLast(c) && f.cHost(c) == s.cHost(c) &&
    f.cSubst(c) == s.cSubst(c) && f.cFlags(c) == s.cFlags(c) && f.cStage(c) == s.cStage(c) &&
    f.cFunc(c) == s.cFunc(c) && f.cDepth(c) == s.cDepth(c);
}

/** "" when both parsers agree on (p, n), else what differs first. */
function differenceAt(p: usize, n: i32): string {
  const okNow = now.parseTop(p, n);
  const okBefore = before.parseTop(p, n);
  if (okNow != okBefore || now.err != before.err || now.errMsg != before.errMsg) {
    return "result: " + now.errMsg + " / " + before.errMsg;
  }
  if (now.pos != before.pos) return "position";
  const f = now.script, s = before.script;
  if (f.text.length != s.text.length || !bytesEqual(f.text.ptr, s.text.ptr, f.text.length)) return "arena text";
  if (f.attr.length != s.attr.length || !bytesEqual(f.attr.ptr, s.attr.ptr, f.attr.length)) return "arena attr";
  if (f.wordCount != s.wordCount) return "word count";
  for (let w = 0; w < f.wordCount; w++) {
    if (f.wStart(w) != s.wStart(w) || f.wLen(w) != s.wLen(w) || f.wInfo(w) != s.wInfo(w) ||
      f.wNext(w) != s.wNext(w) || f.wAux(w) != s.wAux(w) || f.wAux2(w) != s.wAux2(w)) {
      return "word " + w.toString();
    }
  }
  if (f.wordFlagsSeen != s.wordFlagsSeen) return "flags seen";
  if (f.commandCount != s.commandCount) return "command count";
  for (let c = 0; c < f.commandCount; c++) if (!sameCommand(f, s, c)) return "command " + c.toString();
  if (!listsEqual(f.sPipe, s.sPipe) || !listsEqual(f.sIndex, s.sIndex) || !listsEqual(f.sParent, s.sParent) ||
    f.pipeCount != s.pipeCount) return "stages";
  if (!listsEqual(now.cScope, before.cScope) || !listsEqual(now.scParent, before.scParent) ||
    !listsEqual(now.scOpaque, before.scOpaque)) return "scopes";
  if (!listsEqual(f.topFirst, s.topFirst) || !listsEqual(f.topLink, s.topLink) || f.topEnd != s.topEnd) return "top pipelines";
  if (!listsEqual(f.fName, s.fName) || !listsEqual(f.fFirst, s.fFirst) || !listsEqual(f.fEnd, s.fEnd)) return "functions";
  if (!listsEqual(f.envWords, s.envWords) || !listsEqual(f.envCmds, s.envCmds) || !listsEqual(f.arithWords, s.arithWords) ||
    !listsEqual(f.valueNames, s.valueNames) || !listsEqual(f.valueWords, s.valueWords) || !listsEqual(f.loopWords, s.loopWords) ||
    !listsEqual(f.forVar, s.forVar) || !listsEqual(f.forFirst, s.forFirst) || !listsEqual(f.forEnd, s.forEnd)) return "facts";
  if (now.contentSeen != before.contentSeen) return "content seen";
  return "";
}

function difference(cmd: string): string {
  const b = String.UTF8.encode(cmd, false);
  return differenceAt(changetype<usize>(b), b.byteLength);
}

/** The bytes shown with escapes, for a failure message. */
function shown(p: usize, n: i32): string {
  let out = "";
  for (let i = 0; i < n; i++) {
    const c = <u32>load<u8>(p + <usize>i);
    out += c >= 0x20 && c < 0x7f ? String.fromCharCode(c) : "\\x" + c.toString(16);
  }
  return out;
}

function repeat(s: string, n: i32): string {
  let out = "";
  for (let i = 0; i < n; i++) out += s;
  return out;
}

describe("plain-word loop and reserved words: new against old", () => {
  test("the edges of a plain word", () => {
    const cases = [
      "ls", "ls -la src", "a;b", "a&b", "a|b", "(a)", "a\nb", "a\tb", "a >b", "a>b", "a 2>&1", "a &>f", "a <(b)", "a>(b)",
      "x=1 y=2 cmd", "x+=1", "a[1]=2 c", "x=(1 2)", "declare -a x=(1 2)", "f() { a; }", "f(){ a;}", "cmd a=b c=d",
      "a*", "a?b", "[ab]", "a]", "{a,b}", "{a..b}", "{a}", "~", "~/x", "a~", "x=~/a", "a#b", "a #b", "a \t #b\nc", "é ü 日本",
      "a\\ b", "a\\\nb", "a \\\nb", "a'b'", "a\"b\"", "a$b", "a`b`", "a$(b)", "\\rm -rf", "r''m", "a=", "=a", "a==b",
      "if a; then b; fi", "for i in a b; do c $i; done", "case x in a) b;; esac", "while a; do b; done", "until a; do b; done",
      "a &", "a & b", "a && b || c", "a | b |& c", "! a | b", "time -p a b", "{ a b; }", "(a b) | c", "a b)", "a ;; b",
      "git status && npm run build -- --prod --config ./conf/production.json | tee build-log.txt; echo \"done; really\" && ls -la src/components src/utils && grep -rn \"TODO\" src | head -n 20 > notes/todo.txt",
      "a 10>f", "a 2 >f", "a {x}>f", "a {x}<f", "a {x} >f", "f () { a; }", "a 1<&2", "a;;", "a )", "a &&", ")", "a {b", "a}",
      "coproc a", "[[ a =~ (b) ]]", "[[ a == b ]] && c d", "a\x00b", "\x80\xff", "a\x01b c\x7f",
      "cmd abcdefgh abcdefghi ABCDEFGHIJKLMNOP ABCDEFGHIJKLMNOPQ", "cmd a_b-c.d/e0 x@y a[b] a`b` a{b} a:b,c^d",
      "cmd abcdefg\tx abcdefgh;y abcdefgh|z abcdefgh)", "cmd abcdefgh*", "cmd abcdefghé", "cmd abcdefgh=1 x=1", "cmd a #c\nb c",
      "echo \"a b\" 'c d' e", "echo \"\" '' x", "\"ls\" -la", "echo $'a\\'b' c", "echo $\"a\" b", "echo a$'\\n'b c",
      "cat <<EOF\nx y\nEOF\nz w", "cat <<-EOF\n\tx\n\tEOF\na b", "cat <<'E' a b\n$x\nE\nc", "a <<<b c", "cat <<E\n",
      "echo $(a b $(c d) e) f g", "echo `a b` c", "x=$(a b) c d", "echo ${a:-b c} d", "echo $((1+2)) x", "(( x = 1 )) && a b",
      "echo \"a", "echo 'a", "echo $(a", "echo `a", "echo ${a", "a (", "a |", "a >", "cat <<E\nunterminated",
      "echo a\\", "a b\\", "\\", "#", "# only a comment", "a # c\n# d\nb", "   ", "\t\ta\t\tb\t\t",
      "cmd " + repeat("x", 300) + " " + repeat("ab/", 100) + " y", repeat("w ", 200), repeat("ab;", 100), repeat("é", 40) + " z",
    ];
    for (let i = 0; i < cases.length; i++) expect(difference(cases[i])).toBe("", cases[i]);
  });

  test("words that end at the end of input, at every length around the eight-byte window", () => {
    const tails = ["", "*", "=", "é", "#", "\\", "'", "a'b'", ")", ";", "&", "|", " ", "\t", "\n"];
    for (let n = 1; n <= 26; n++) {
      const word = repeat("abcdefghijklmnopqrstuvwxyz", 1).substring(0, n);
      for (let t = 0; t < tails.length; t++) {
        const cases = ["cmd " + word + tails[t], word + tails[t], "x " + word + tails[t] + " y", "a=" + word + tails[t],
          "cmd " + word + tails[t] + word, word + " " + word + tails[t]];
        for (let i = 0; i < cases.length; i++) expect(difference(cases[i])).toBe("", cases[i]);
      }
    }
  });

  test("quoted words of every length around the eight-byte copy, and what may end them", () => {
    const INSIDE = ["", "a", "; |&", "é日", "a b", "*?[~{,}", "=", "\t\n", "abcdefgh", "x'y", "x\"y", "$x", "`a`", "\\"];
    const AFTER = ["", " ", ";", "|", "&", ")", "\n", "x", "'z'", "\"z\"", "$x", "=", "#", "\\", ">f", "<f", "(", " b c"];
    for (let n = 0; n <= 19; n++) {
      const body = repeat("abcdefghijklmnopqrstuvwxyz", 1).substring(0, n);
      for (let i = 0; i < INSIDE.length; i++) {
        for (let j = 0; j < AFTER.length; j++) {
          const inner = body + INSIDE[i];
          const cases = ["echo '" + inner + "'" + AFTER[j], "echo \"" + inner + "\"" + AFTER[j], "'" + inner + "'" + AFTER[j],
            "a >'" + inner + "'" + AFTER[j], "echo x \"" + inner + AFTER[j], "x='" + inner + "' y"];
          for (let c = 0; c < cases.length; c++) expect(difference(cases[c])).toBe("", cases[c]);
        }
      }
    }
  });

  test("reserved words and near misses in command position, at every distance from the end of input", () => {
    const WORDS = ["if", "fi", "do", "in", "for", "then", "else", "elif", "done", "case", "esac", "time", "while",
      "until", "select", "coproc", "function", "functions", "functio", "fun", "iff", "f", "i", "d", "t", "x", "[[", "{",
      "}", "!", "If", "DONE", "whilE", "tim", "timex", "untilx", "selectt", "coprocs", "abcdefgh", "abcdefghi"];
    const AFTER = ["", " ", ";", "\n", "&", "|", ")", "(", "<", ">", "\"", "'", "$x", "`a`", "\\", "x", "X", "1", "=",
      "-", "é", "\t", "#", "{", "}", "[", "]", "*", "a b", " a; b", "; then c; fi"];
    const PAD = ["", " abcdefgh", "; a b c d e f g h i"];
    for (let i = 0; i < WORDS.length; i++) {
      for (let j = 0; j < AFTER.length; j++) {
        for (let k = 0; k < PAD.length; k++) {
          const w = WORDS[i] + AFTER[j] + PAD[k];
          const cases = [w, "a; " + w, "a | " + w, "{ " + w + "; }", "if " + w + "; then b; fi", "time " + w];
          for (let c = 0; c < cases.length; c++) expect(difference(cases[c])).toBe("", cases[c]);
        }
      }
    }
  });

  test("random scripts of shell tokens", () => {
    const TOKENS = [
      " ", " ", " ", "\t", "\n", ";", "&", "|", "&&", "||", "(", ")", "{ ", " }", "<", ">", "2>&1", ">>", "<<<",
      "'", "\"", "\\", "\\\n", "$", "`", "#", "*", "?", "[", "]", "~", "=", "!", "é", "日本", "\x00", "\x7f",
      "a", "b", "ls", "-la", "src/x.ts", "long-word_Name/path.txt", "abcdefgh", "abcdefghi", "x=1", "A_B+=c",
      "'q; r'", "\"u $v\"", "\"w\"", "$'\\x41 \\''", "$(a b)", "$(a $(b c))", "`d e`", "${x}", "$((1+2))", "<(f)",
      "if", "then", "fi", "for", "in", "do", "done", "case", "esac", "while", "time", "function", "declare", "export",
      "<<E\nbody $x\nE\n", "<<-'E'\n\tbody\nE\n", "# comment\n",
    ];
    const random = new XorShift(0x1b873593);
    for (let round = 0; round < 6000; round++) {
      const parts = <i32>(random.next() % 24);
      let cmd = "";
      for (let k = 0; k < parts; k++) cmd += TOKENS[<i32>(random.next() % <u32>TOKENS.length)];
      expect(difference(cmd)).toBe("", cmd);
    }
  });

  test("random bytes, mostly word bytes and blanks", () => {
    const random = new XorShift(0x85ebca6b);
    const buf = new ArrayBuffer(96);
    const p = changetype<usize>(buf);
    const WORDISH = "abcxyzABZ019-./_:@,%+^";
    for (let round = 0; round < 6000; round++) {
      const n = <i32>(random.next() % 96);
      for (let i = 0; i < n; i++) {
        const r = random.next();
        const pick = r % 100;
        let c: u32;
        if (pick < 55) c = <u32>WORDISH.charCodeAt(<i32>((r >> 8) % <u32>WORDISH.length));
        else if (pick < 75) c = 0x20;
        else if (pick < 78) c = 0x09;
        else c = (r >> 8) & 0xff;
        store<u8>(p + <usize>i, <u8>c);
      }
      const d = differenceAt(p, n);
      if (d != "") expect(d).toBe("", shown(p, n));
    }
  });
});
