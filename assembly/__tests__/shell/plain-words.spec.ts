// The plain-word shortcut (Lexer#commitPlainWord) must build exactly the
// tables scanWord + commitWord build: the same arena bytes, word rows and
// command rows, and the same error. One parser takes the shortcut, the other
// scans every word the long way; both parse the same strings — hand-picked
// edges of "plain" and a few thousand random shell-ish strings.
import { Parser } from "../../shell/syntax/parser";
import { Script } from "../../shell/syntax/nodes";
import { WordFlag } from "../../shell/syntax/tokens";

const fast = new Parser();
const slow = new Parser();
slow.plainWords = false;

function bytesEqual(a: usize, b: usize, n: i32): bool {
  for (let i = 0; i < n; i++) if (load<u8>(a + <usize>i) != load<u8>(b + <usize>i)) return false;
  return true;
}

/** "" when both parses agree, else what differs first. */
function difference(cmd: string): string {
  const b = String.UTF8.encode(cmd, false);
  const okFast = fast.parseTop(changetype<usize>(b), b.byteLength);
  const okSlow = slow.parseTop(changetype<usize>(b), b.byteLength);
  if (okFast != okSlow || fast.errMsg != slow.errMsg) return "result: " + fast.errMsg + " / " + slow.errMsg;
  const f = fast.script, s = slow.script;
  if (f.text.length != s.text.length || !bytesEqual(f.text.ptr, s.text.ptr, f.text.length)) return "arena text";
  if (!bytesEqual(f.attr.ptr, s.attr.ptr, f.attr.length)) return "arena attr";
  if (f.wordCount != s.wordCount) return "word count";
  for (let w = 0; w < f.wordCount; w++) {
    if (f.wStart(w) != s.wStart(w) || f.wLen(w) != s.wLen(w) || f.wInfo(w) != s.wInfo(w) ||
      f.wNext(w) != s.wNext(w) || f.wAux(w) != s.wAux(w) || f.wAux2(w) != s.wAux2(w)) {
      return "word " + w.toString();
    }
  }
  // The flags seen (what the pattern prefilter reads) are every row's flags, on both paths.
  let seen = 0;
  for (let w = 0; w < f.wordCount; w++) seen |= f.wInfo(w) & ~WordFlag.KIND_MASK;
  const mask = ~WordFlag.KIND_MASK;
  if ((f.wordFlagsSeen & mask) != seen || (s.wordFlagsSeen & mask) != seen) return "flags seen";
  if (f.commandCount != s.commandCount) return "command count";
  for (let c = 0; c < f.commandCount; c++) {
    if (!sameCommand(f, s, c)) return "command " + c.toString();
  }
  return "";
}

function sameCommand(f: Script, s: Script, c: i32): bool {
  return f.cFirst(c) == s.cFirst(c) && f.cLast(c) == s.cLast(c) && f.cHost(c) == s.cHost(c) &&
    f.cSubst(c) == s.cSubst(c) && f.cFlags(c) == s.cFlags(c) && f.cStage(c) == s.cStage(c) &&
    f.cFunc(c) == s.cFunc(c) && f.cDepth(c) == s.cDepth(c);
}

describe("the oracle build", () => {
  test("reads the toggle (compiled with ORACLES: npm run test:oracles)", () => {
    // Without ORACLES the core never reads plainWords, and both runs below would be the same code.
    expect(isDefined(ORACLES)).toBe(true);
  });
});

describe("plain words", () => {
  test("edges of a plain word build what the long way builds", () => {
    const cases = [
      "ls", "ls -la src", "a;b", "a&b", "a|b", "(a)", "a\nb", "a\tb", "a >b", "a>b", "a 2>&1", "a &>f", "a <(b)", "a>(b)",
      "x=1 y=2 cmd", "x+=1", "a[1]=2 c", "x=(1 2)", "declare -a x=(1 2)", "f() { a; }", "f(){ a;}",
      "a*", "a?b", "[ab]", "a]", "{a,b}", "{a..b}", "{a}", "~", "~/x", "a~", "x=~/a", "a#b", "a #b", "é ü 日本",
      "a\\ b", "a\\\nb", "a'b'", "a\"b\"", "a$b", "a`b`", "a$(b)", "\\rm -rf", "r''m", "a=", "=a", "a==b",
      "if a; then b; fi", "for i in a b; do c $i; done", "case x in a) b;; esac", "cat <<EOF\nx\nEOF\n", "a<<<b",
      "git status && npm run build -- --prod --config ./conf/production.json | tee build-log.txt; echo \"done; really\"",
      "a 10>f", "a 2 >f", "a {x}>f", "a {x}<f", "a {x} >f", "f () { a; }", "a 1<&2", "a;;", "a&&b||c", "a&>f b",
      "a )", "a ;;", "a &&", ")", "a {b", "a}", "time -p a", "! a", "coproc a", "[[ a =~ (b) ]]", "a\x00b", "\x80\xff",
      // Arguments after the name go through plainArgs; words of 8, 9, 16 and 17 bytes end windows exactly.
      "cmd abcdefgh abcdefghi ABCDEFGHIJKLMNOP ABCDEFGHIJKLMNOPQ", "cmd a_b-c.d/e0 x@y a[b] a`b` a{b} a:b,c^d",
      "cmd abcdefg\tx abcdefgh;y abcdefgh|z abcdefgh)", "cmd abcdefgh*", "cmd abcdefghé", "cmd abcdefgh=1 x=1", "cmd a #c\nb c",
      "cmd a\\\nb", "cmd abcdefgh\"q\"", "x=1 cmd a b=2", "cmd a 2>f b", "cmd a >f b <g c",
      // Quoted words (commitQuotedWord): whole, empty, ended every way, and the ones it leaves to scanWord.
      "echo \"a b\" 'c d'", "echo \"\" ''", "\"ls\" -la", "echo 'x$y' \"a;b|c&d\"", "echo \"a$b\" \"a`b`\" \"a\\\"b\"",
      "echo \"a\"b 'a'b \"a\"'b'", "echo \"a\";b", "(echo \"a\")", "echo \"a\"|b", "echo \"a\">f", "echo \"a\"&", "echo \"a\n b\"",
      "echo \"a", "echo 'a", "echo \"", "x=\"a b\" cmd", "x='a' cmd", "echo \"*\" '?' \"{a,b}\" '~'", "echo \"a\"\t'b'\n",
      "cat <<EOF \"a\"\nx\nEOF\n", "declare \"a=(1)\"", "\"f\"() { a; }", "echo 'é' \"日本\"",
    ];
    for (let i = 0; i < cases.length; i++) expect(difference(cases[i])).toBe("", cases[i]);
  });

  test("random shell-ish strings build what the long way builds", () => {
    // Every byte next to the eight-at-a-time word bytes (letters, digits, - . / _) too: @ [ ` { : , ^ Z A.
    const ALPHABET = " \t\n;&|()<>{}[]$`'\"\\#*?~!=-/.,:%@^+019abcrmxéAZ_";
    let seed: u32 = 0x2545f491;
    for (let i = 0; i < 5000; i++) {
      let cmd = "";
      seed ^= seed << 13; seed ^= seed >> 17; seed ^= seed << 5;
      const n = <i32>(seed % 40);
      for (let k = 0; k < n; k++) {
        seed ^= seed << 13; seed ^= seed >> 17; seed ^= seed << 5;
        // Mostly letters and blanks, so plain words are common and end in every way.
        const r = <i32>(seed % 100);
        cmd += r < 45 ? "ab"[r & 1] : r < 60 ? " " : r < 62 ? "long-word_Name/path.txt" : r < 63 ? "\"q; r\"" :
          r < 64 ? "'s$t'" : r < 65 ? "\"u$v\"" : ALPHABET.charAt(<i32>(seed >> 8) % ALPHABET.length);
      }
      expect(difference(cmd)).toBe("", cmd);
    }
  });
});
