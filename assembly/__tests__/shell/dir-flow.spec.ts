// Where the commands of a script may run when any cd may fail: the directories listed, in the order first reached,
// or the problem that stops the analysis. The tool's cwd is /w/app, the home /home/a.
import { Parser } from "../../shell/syntax/parser";
import { Walker } from "../../shell/interp/walk";
import { CwdTracker } from "../../shell/interp/cwd";
import { DirFlow, FlowProblem } from "../../shell/interp/dir-flow";

const p = new Parser();
const w = new Walker(p);
const t = new CwdTracker();
const f = new DirFlow();
const CWD = String.UTF8.encode("/w/app", false);
const HOME = String.UTF8.encode("/home/a", false);

function flow(cmd: string, cdpath: bool = false): string {
  const b = String.UTF8.encode(cmd, false);
  expect(p.parseTop(changetype<usize>(b), b.byteLength) && w.run()).toBe(true, cmd);
  t.run(p, changetype<usize>(CWD), CWD.byteLength, changetype<usize>(HOME), HOME.byteLength);
  f.run(p, t, changetype<usize>(CWD), CWD.byteLength, cdpath);
  if (f.problem != FlowProblem.NONE) return "problem " + f.problem.toString();
  const r = f.reached, out: string[] = [];
  for (let i = 0; i < r.count; i++) out.push(String.UTF8.decodeUnsafe(r.text.ptr + <usize>r.start.get(i), <usize>r.len.get(i)));
  return out.join(" ");
}

describe("where commands may run when a cd may fail", () => {
  test("no cd: the tool's cwd", () => {
    expect(flow("ls")).toBe("/w/app");
  });

  test("; runs the next command whether the cd succeeded or not", () => {
    expect(flow("cd missing; cd ../..; ls")).toBe("/w/app /w/app/missing /w /");
    expect(flow("cd src; ls; cd ../lib; ls")).toBe("/w/app /w/app/src /w/app/lib /w/lib");
  });

  test("&& runs it only where the cd succeeded", () => {
    expect(flow("cd missing && cd ../..; ls")).toBe("/w/app /w/app/missing /w");
    expect(flow("cd a && cd b && ls")).toBe("/w/app /w/app/a /w/app/a/b");
  });

  test("|| runs it only where the cd failed, and ! swaps the two", () => {
    expect(flow("cd missing || cd ../..; ls")).toBe("/w/app /w/app/missing /");
    expect(flow("! cd missing && cd ../..; ls")).toBe("/w/app / /w/app/missing");
    expect(flow("! cd a || ls")).toBe("/w/app /w/app/a");
  });

  test("the last cd runs nothing after it, unless a trap runs at exit", () => {
    expect(flow("cd src; make; cd ..")).toBe("/w/app /w/app/src");
    expect(flow("trap 'ls' EXIT; cd src; make; cd ..")).toBe("/w/app /w/app/src /w");
  });

  test("an absolute cd lands in one place from every state", () => {
    expect(flow("cd missing; cd /w/x; ls")).toBe("/w/app /w/app/missing /w/x");
    expect(flow("cd; ls")).toBe("/w/app /home/a");
  });

  test("cd - goes back to $OLDPWD: known only where every earlier cd succeeded", () => {
    expect(flow("cd a && cd - && ls")).toBe("/w/app /w/app/a");
    expect(flow("cd a; cd -; ls")).toBe("problem " + FlowProblem.OLDPWD_OUTSIDE.toString());
  });

  test("popd goes back to a directory the shell was in", () => {
    expect(flow("pushd src && make && popd; ls")).toBe("/w/app /w/app/src");
  });

  test("CDPATH makes a relative cd go anywhere; ./ and absolute paths do not search it", () => {
    expect(flow("cd etc && ls", true)).toBe("problem " + FlowProblem.CDPATH.toString());
    expect(flow("cd ./etc && ls", true)).toBe("/w/app /w/app/etc");
    expect(flow("cd /w/x && ls", true)).toBe("/w/app /w/x");
  });

  test("a cd inside a compound: each cd taken or not, in order", () => {
    expect(flow("if cd missing; then ls; fi; cd ../..; ls")).toBe("/w/app /w/app/missing / /w");
    expect(flow("(cd a && make); (cd b && make)")).toBe("/w/app /w/app/a /w/app/b");
    expect(flow("(cd a; cd -); ls")).toBe("problem " + FlowProblem.OLDPWD_OUTSIDE.toString());
    expect(flow("(cd \"$D\"); ls")).toBe("problem " + FlowProblem.NOT_FOLLOWED.toString());
  });

  test("a subshell's cd moves only that subshell", () => {
    expect(flow("(cd a && make); (cd b && make); (cd c && make); (cd d && make); (cd e && make); (cd f && make); (cd g && make)"))
      .toBe("/w/app /w/app/a /w/app/b /w/app/c /w/app/d /w/app/e /w/app/f /w/app/g");
    expect(flow("(cd a; cd ../..); ls")).toBe("/w/app /w/app/a / /w");
    expect(flow("env -C sub ls; { cd ..; }; ls")).toBe("/w/app /w/app/sub /w");
  });

  test("inside a compound, a cd after `cd x &&` starts only where that cd went", () => {
    expect(flow("(cd a/b && cd ../..) && ls")).toBe("/w/app /w/app/a/b");
    expect(flow("(cd a/b && cd ../.. && cd ..) && ls")).toBe("/w/app /w/app/a/b /w");
    expect(flow("(cd a/b; cd ../..) && ls")).toBe("/w/app /w/app/a/b /");
    expect(flow("(! cd a/b && cd ../..) && ls")).toBe("/w/app /w/app/a/b /");
    expect(flow("({ ! cd a/b; } && cd ../..) && ls")).toBe("/w/app /w/app/a/b /");
    expect(flow("(cd a/b || cd ../..) && ls")).toBe("/w/app /w/app/a/b /");
    expect(flow("((cd a/b) && cd ../..) && ls")).toBe("/w/app /w/app/a/b /");
  });

  test("too many possible directories: not followed", () => {
    expect(flow("cd a; cd b; cd c; cd d; cd e; cd f; cd g; ls")).toBe("problem " + FlowProblem.TOO_MANY.toString());
  });
});
