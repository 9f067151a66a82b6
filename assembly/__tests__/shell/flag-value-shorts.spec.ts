// blocked_patterns compare flags, and a short option that takes a value ends its cluster: the rest is the
// value, not flags. Which shorts take a value comes from the program's row grammar, and for git from the
// subcommand row the command names (`git tag -uf` signs with key "f"; `git push -uf` is -u -f).
import { CommandInput, CommandLimits, checkCommand } from "../../policy/capabilities/command";
import { Verdict } from "../../policy/verdict";

function decide(cmd: string, pattern: string): string {
  const l = new CommandLimits();
  l.allowedCommands = ["git", "tar", "xz", "zstd"];
  l.blockedPatterns = [pattern];
  expect(l.compile()).toBe("", pattern);
  const i = new CommandInput();
  const b = String.UTF8.encode(cmd, false);
  i.commandPtr = changetype<usize>(b);
  i.commandLen = b.byteLength;
  const v = new Verdict();
  return checkCommand(l, i, v) ? "allow" : v.code;
}

const BLOCKED = "oap.blocked_pattern";

describe("flags behind a short option that takes a value", () => {
  test("git push: -u and -o take no value from the clustered force flag", () => {
    expect(decide("git push -uf origin main", "git push --force")).toBe(BLOCKED);
    expect(decide("git push -fu origin main", "git push --force")).toBe(BLOCKED);
    expect(decide("git -C repo push -qf origin main", "git push -f")).toBe(BLOCKED);
    // push's grammar: -o takes a value, so `-of` sends the push option "f".
    expect(decide("git push -of origin main", "git push -f")).toBe("allow");
  });

  test("git's subcommand rows: tag -u, commit -m and checkout -b take a value", () => {
    expect(decide("git tag -uf v1", "git tag -f")).toBe("allow");
    expect(decide("git tag -fu key v1", "git tag -f")).toBe(BLOCKED);
    expect(decide("git commit -mf", "git commit -f")).toBe("allow");
    expect(decide("git checkout -bf main", "git checkout -f")).toBe("allow");
    expect(decide("git checkout -fb x", "git checkout -f")).toBe(BLOCKED);
    // branch has no row with value shorts: -m is a flag (rename), so -mf forces it.
    expect(decide("git branch -mf a b", "git branch -f")).toBe(BLOCKED);
  });

  test("tar: the grammar's value shorts (-I, -F, -f take a value)", () => {
    expect(decide("tar -Ixz -cf a.tar d", "tar -x")).toBe("allow");
    expect(decide("tar -xIzstd -f a.tar", "tar -x")).toBe(BLOCKED);
    expect(decide("tar -cvf x.tar d", "tar -x")).toBe("allow");
    expect(decide("tar -cvxf a.tar", "tar -x")).toBe(BLOCKED);
  });
});
