// A file tool's glob read as globbing libraries read it (tool-glob.ts): brace and extglob alternatives, then
// escapes and one-byte classes. Each reading here is one node-glob or ripgrep makes of the glob; a reading the
// judge never sees is a path it never checks.
import { MAX_GLOB_LENGTH, globAlternatives, hasGlobSyntax, isOnlyStars, isWildSegment, literalGlob } from "../../policy/capabilities/file/tool-glob";

function alternatives(glob: string): string {
  const out = globAlternatives(glob);
  return out === null ? "(refused)" : out.join(" | ");
}

describe("globAlternatives", () => {
  test("a glob without braces is its own one alternative", () => {
    expect(alternatives("src/**/*.ts")).toBe("src/**/*.ts");
    expect(alternatives("")).toBe("");
  });

  test("comma groups expand, nested and side by side", () => {
    expect(alternatives("{/etc,x}/passwd")).toBe("/etc/passwd | x/passwd");
    expect(alternatives("a{b,c{d,e}}f")).toBe("abf | acdf | acef");
    expect(alternatives("{a,b}{c,d}")).toBe("ac | ad | bc | bd");
    expect(alternatives("..{,}/etc")).toBe("../etc | ../etc");
    expect(alternatives("{..,x}/etc/passwd")).toBe("../etc/passwd | x/etc/passwd");
  });

  test("braces the libraries read differently are refused: a group of one, unbalanced, a comma or bar in a class", () => {
    expect(alternatives("**/{.env}")).toBe("(refused)");
    expect(alternatives("{x},/etc/passwd}")).toBe("(refused)");
    expect(alternatives("{x},/home/agent/.ss}h/*")).toBe("(refused)");
    expect(alternatives("{a,b")).toBe("(refused)");
    expect(alternatives("a,b}")).toBe("(refused)");
    expect(alternatives("{[,.]env,x}")).toBe("(refused)");
    expect(alternatives("@([|.]env)")).toBe("(refused)");
    expect(alternatives("[{]x")).toBe("(refused)");
    expect(alternatives("a,b")).toBe("a,b");
  });

  test("escaped braces and commas are not groups", () => {
    expect(alternatives("\\{a,b\\}")).toBe("\\{a,b\\}");
    expect(alternatives("{a\\,b,c}")).toBe("a\\,b | c");
  });

  test("extglob groups are alternatives too", () => {
    expect(alternatives("@(.env)")).toBe(".env");
    expect(alternatives("@(a|b).ts")).toBe("a.ts | b.ts");
    expect(alternatives("?(x).ts")).toBe(".ts | x.ts");
    expect(alternatives("!(x).ts")).toBe("*.ts");
  });

  test("a brace range or too many alternatives is refused", () => {
    expect(alternatives("{a..z}/x")).toBe("(refused)");
    expect(alternatives("{1..9}")).toBe("(refused)");
    expect(alternatives("{a,b,c,d}{a,b,c,d}{a,b,c,d}{a,b}")).toBe("(refused)");
    expect(alternatives("{a,b,c,d}{a,b,c,d}{a,b,c,d}")).not.toBe("(refused)");
  });
});

describe("literalGlob", () => {
  test("escapes and one-byte classes read as the byte", () => {
    expect(literalGlob("[.-.][.-.]/etc/passwd")).toBe("../etc/passwd");
    expect(literalGlob("[..][e-e]nv")).toBe(".env");
    expect(literalGlob("[i-i][d-d][_-_]rsa")).toBe("id_rsa");
    expect(literalGlob("[.][.]/etc/passwd")).toBe("../etc/passwd");
    expect(literalGlob(".\\./etc/passwd")).toBe("../etc/passwd");
    expect(literalGlob(".en[v]")).toBe(".env");
    expect(literalGlob("[\\.]x")).toBe(".x");
  });

  test("an escaped wildcard is one byte of any kind, never a literal that hides a name", () => {
    expect(literalGlob("a\\*b")).toBe("a?b");
    expect(literalGlob("\\[x]")).toBe("?x]");
  });

  test("classes of several bytes, negated classes and a slash stay glob syntax", () => {
    expect(literalGlob("[ab].ts")).toBe("[ab].ts");
    expect(literalGlob("[!.]x")).toBe("[!.]x");
    expect(literalGlob("[^.]x")).toBe("[^.]x");
    expect(literalGlob("[/]etc")).toBe("[/]etc");
    expect(literalGlob("[[:alpha:]]x")).toBe("[[:alpha:]]x");
    expect(literalGlob("[a-b]x")).toBe("[a-b]x");
    expect(literalGlob("[.a]x")).toBe("[.a]x");
  });

  test("an unterminated class is left as written", () => {
    expect(literalGlob("a[b")).toBe("a[b");
  });
});

describe("letters that fold to ASCII", () => {
  test("long s and the Kelvin sign read as s and k", () => {
    expect(alternatives("**/.\u017F\u017F[[:alpha:]]/*")).toBe("**/.ss[[:alpha:]]/*");
    expect(alternatives("*.\u212A[[:alpha:]]y")).toBe("*.k[[:alpha:]]y");
  });
});

describe("segments", () => {
  test("glob syntax", () => {
    expect(hasGlobSyntax("src/index.ts")).toBe(false);
    expect(hasGlobSyntax("app/[id]/page.tsx")).toBe(true);
    expect(hasGlobSyntax("{a,b}")).toBe(true);
    expect(hasGlobSyntax("a\\b")).toBe(true);
    expect(hasGlobSyntax("@(.env)")).toBe(true);
    expect(hasGlobSyntax("src/!(x).ts")).toBe(true);
    expect(hasGlobSyntax("docs/(draft).md")).toBe(false);
  });

  test("wildcard segments and segments of only stars", () => {
    expect(isWildSegment(".e?v")).toBe(true);
    expect(isWildSegment(".env")).toBe(false);
    expect(isOnlyStars("**")).toBe(true);
    expect(isOnlyStars("*.ts")).toBe(false);
    expect(isOnlyStars("")).toBe(false);
  });
});

describe("long globs", () => {
  test("a glob longer than MAX_GLOB_LENGTH is refused, and so is a long run of unclosed braces", () => {
    expect(alternatives("a".repeat(MAX_GLOB_LENGTH + 1))).toBe("(refused)");
    expect(alternatives("{".repeat(MAX_GLOB_LENGTH - 4) + "a,b}")).toBe("(refused)");
    expect(alternatives("{a,b}".repeat(6))).not.toBe("(refused)");
  });
});
