// A cd target the path code cannot resolve must still be a candidate working
// directory: `/`, so that `rm -rf *` after it fails closed rather than being
// checked against the other candidates only.
import { DangerChecker } from "../../shell/danger";
import { Attr } from "../../shell/syntax/tokens";

function candidates(d: DangerChecker): string[] {
  const out = new Array<string>();
  for (let i = 0; i < d.cwdStart.length; i++) {
    out.push(String.UTF8.decodeUnsafe(d.cwdText.ptr + <usize>d.cwdStart.get(i), <usize>d.cwdLen.get(i)));
  }
  return out;
}

function target(d: DangerChecker, text: string): void {
  const n = String.UTF8.byteLength(text);
  const p = heap.alloc(<usize>n), a = heap.alloc(<usize>n);
  String.UTF8.encodeUnsafe(changetype<usize>(text), text.length, p);
  for (let i = 0; i < n; i++) store<u8>(a + <usize>i, <u8>Attr.UNQUOTED);
  d.addTarget(p, a, n, 0, 0);
}

describe("cd targets that cannot be resolved", () => {
  test("an absolute path resolves to itself", () => {
    const d = new DangerChecker();
    target(d, "/tmp/x/..");
    expect(candidates(d)).toStrictEqual(["/tmp"]);
  });

  test("a path with a NUL byte is /", () => {
    const d = new DangerChecker();
    target(d, "/tmp/\0x");
    expect(candidates(d)).toStrictEqual(["/"]);
    d.resetCwds();
    d.addCwd(changetype<usize>(String.UTF8.encode("/work")), 5);
    target(d, "a\0b");
    expect(candidates(d)).toStrictEqual(["/work", "/"]);
  });
});
