// The decoding-tool reading of a path (file-alternate.ts): what changes under
// it, and that a path only a plain reading exists for reads as null — the
// shortcut for plain ASCII must not swallow any byte that starts a decoding.
import { alternatePath } from "../../policy/capabilities/file/file-alternate";

function reading(path: string): string {
  const alt = alternatePath(path);
  return alt === null ? "(same)" : alt;
}

describe("alternatePath", () => {
  test("plain paths read as written", () => {
    expect(reading("/workspace/src/index.ts")).toBe("(same)");
    expect(reading("a$b/c d/e~f")).toBe("(same)");
    expect(reading("")).toBe("(same)");
    expect(reading("/tmp/x/")).toBe("(same)");
  });

  test("each byte that starts a decoding still decodes", () => {
    expect(reading("/a/%2e%2e/etc")).toBe("/a/../etc");
    expect(reading("/a/%252e%252e/etc")).toBe("/a/../etc");
    expect(reading("a\\b")).toBe("a/b");
    expect(reading("$HOME/.ssh")).toBe("~/.ssh");
    expect(reading("${HOME}/.ssh")).toBe("~/.ssh");
    expect(reading("\uff0fetc\uff0fshadow")).toBe("/etc/shadow");
    expect(reading("a\u2215b")).toBe("a/b");
    expect(reading("\u2025/x")).toBe("../x");
    expect(reading("id_r\u017fa")).toBe("id_rsa");
    expect(reading("/a/%C0%AFetc")).toBe("/a//etc"); // overlong '/', read as lax decoders do
  });

  test("a decoding anywhere in a long path is found", () => {
    let long = "";
    for (let i = 0; i < 40; i++) long += "dir" + i.toString() + "/";
    expect(reading(long + "file")).toBe("(same)");
    expect(reading(long + "%2e%2e/file")).toBe(long + "../file");
    expect(reading(long + "a\\file")).toBe(long + "a/file");
    expect(reading(long + "\uff0e\uff0e/file")).toBe(long + "../file");
  });
});
