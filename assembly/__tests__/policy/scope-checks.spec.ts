// The command scopes' shortcuts for the paths a command reads and writes (command-scopes.ts), against the plain
// check: each path judged by admitsCanonical itself (which compiles and resolves the limits on every call) with
// no record of the paths allowed before, where the shortcuts prepare the limits once per decision, answer a
// path allowed before from a record, and look a path up only when a record of its length exists. Seeded
// commands over a small pool of paths (the same path twice, paths of one length, trees, globs, `cd`, `~`,
// blocked and sensitive places, read and write) decided by the same policy both ways: the same verdicts.
import { PassportPolicy } from "../../policy/passport";
import { RequestView } from "../../policy/request";
import { setPlainAdmits } from "../../policy/capabilities/command/command-scopes";
import { ByteBuffer } from "../../util/bytes";
import { compilePassport, verdictOf } from "./helpers";
import { XorShift } from "../xorshift";

const DOC = '{"type":"passport","workspace_root":"/workspace","passport":{"status":"active","spec_version":"oap/1.0",' +
  '"capabilities":[{"id":"system.command.execute"},{"id":"data.file.read"},{"id":"data.file.write"},{"id":"web.fetch"}],' +
  '"limits":{"system.command.execute":{"allowed_commands":["*"],"builtin_checks":false},' +
  '"data.file.read":{"allowed_paths":["/workspace","~/notes","/tmp"],"blocked_patterns":[".env","id_rsa","*.pem"],"builtin_checks":true},' +
  '"data.file.write":{"allowed_paths":["/workspace","/tmp/out"],"blocked_paths":["/workspace/.git","/workspace/node_modules"],' +
  '"blocked_patterns":[".env",".npmrc"]},"web.fetch":{"allowed_domains":["github.com"]}}}}';

const PROGRAMS: StaticArray<string> = ["cat", "ls -la", "grep -rn x", "head -n 2", "tee", "cp", "cp -r", "mv", "rm", "rm -r", "touch",
  "find", "mkdir -p", "wc -l", "sed -i s/a/b/", "tar cf out.tar"];
const PATHS: StaticArray<string> = ["src", "src/a.ts", "src/b.ts", "./src/a.ts", "build-log.txt", "notes/todo.txt", "/workspace/src",
  "/workspace/src/a.ts", ".env", "src/.env", "id_rsa", "k.pem", ".git/config", "node_modules/x", "/tmp/a", "/tmp/out/b",
  "~/notes/n.md", "~/x", "../x", "/etc/passwd", "src/*.ts", "*.txt", ".npmrc", "a%2e", "dir/../src", "/workspace/.git",
  "abcdefgh", "abcdefgi", "src/c", "src/d", "/dev/null", "-", "'sp ace'"];
const JOINS: StaticArray<string> = [" && ", "; ", " | ", " || "];
const CWDS: StaticArray<string> = ["", "/workspace", "/workspace/src", "/tmp"];

function decide(policy: PassportPolicy, view: RequestView, request: string): string {
  const v = verdictOf(policy, view, request);
  return v.decision.toString() + "|" + v.code + "|" + v.rule + "|" + v.message;
}

function pick(rng: XorShift, list: StaticArray<string>): string {
  return list[<i32>(rng.next() % <u32>list.length)];
}

function command(rng: XorShift): string {
  let s = "";
  for (let c = 0, n = 1 + <i32>(rng.next() % 4); c < n; c++) {
    if (c > 0) s += pick(rng, JOINS);
    const r = rng.next() % 10;
    if (r == 0) { s += "cd " + pick(rng, PATHS); continue; }
    s += pick(rng, PROGRAMS);
    for (let k = 0, m = 1 + <i32>(rng.next() % 3); k < m; k++) s += " " + pick(rng, PATHS);
    if (r == 1) s += " > " + pick(rng, PATHS);
    if (r == 2) s += " < " + pick(rng, PATHS);
  }
  return s;
}

function request(cmd: string, cwd: string, home: bool): string {
  const b = new ByteBuffer(256);
  b.appendString('{"tool_name":"bash","tool_input":{"command":');
  b.appendString('"' + cmd + '"'); // the pools hold no '"' or '\\'
  if (cwd.length > 0) b.appendString(',"cwd":"' + cwd + '"');
  b.appendString("}");
  if (home) b.appendString(',"context":{"home":"/home/u"}');
  b.appendString("}");
  return b.toString();
}

describe("command scopes: the shortcuts for paths against admitsCanonical on every path", () => {
  test("the same verdicts for 10,000 seeded commands", () => {
    expect(isDefined(ORACLES)).toBe(true);
    const policy = compilePassport(DOC);
    const view = new RequestView();
    const rng = new XorShift(0x5c0be5);
    let allowed = 0, denied = 0;
    for (let round = 0; round < 10000; round++) {
      const text = request(command(rng), pick(rng, CWDS), (rng.next() & 1) == 0);
      setPlainAdmits(false);
      const fast = decide(policy, view, text);
      setPlainAdmits(true);
      const plain = decide(policy, view, text);
      setPlainAdmits(false);
      if (fast != plain) expect(fast).toBe(plain, text);
      if (fast.startsWith("0|")) allowed++;
      else denied++;
    }
    expect(allowed).toBeGreaterThan(400);
    expect(denied).toBeGreaterThan(400);
  });
});
