// analyze() is the shell's one entry: bytes and where they run in, an Analysis out. Each way a command
// cannot be analyzed has its status (the command rule turns each into a denial), and a command that can
// leaves its views, facts and places, in the instance's one Analysis.
import { Analysis, AnalysisEnv, AnalysisStatus, analyze } from "../../shell/analysis";

const env = new AnalysisEnv();
const HOME = "/home/u";
const homeBytes = String.UTF8.encode(HOME, false);

function run(cmd: string, homeSet: bool = false): Analysis {
  const b = String.UTF8.encode(cmd, false);
  env.homePtr = changetype<usize>(homeBytes);
  env.homeLen = homeBytes.byteLength;
  env.homeSet = homeSet;
  return analyze(changetype<usize>(b), b.byteLength, env);
}

function runBytes(bytes: u8[]): AnalysisStatus {
  const b = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) b[i] = bytes[i];
  return analyze(b.dataStart, b.length, env).status;
}

describe("analyze", () => {
  test("statuses of commands that cannot be analyzed", () => {
    expect(run("").status).toBe(AnalysisStatus.BLANK);
    expect(run(" \t\n").status).toBe(AnalysisStatus.BLANK);
    expect(run("echo " + "x".repeat(70000)).status).toBe(AnalysisStatus.TOO_LONG);
    expect(runBytes([0x6c, 0x73, 0x00])).toBe(AnalysisStatus.NUL);
    expect(runBytes([0x6c, 0x73, 0x20, 0xff])).toBe(AnalysisStatus.NOT_UTF8);
    expect(run("echo 'open").status).toBe(AnalysisStatus.UNPARSEABLE);
    expect(run("# only a comment").status).toBe(AnalysisStatus.NO_COMMAND);
  });

  test("views, facts and places of a command", () => {
    const a = run("cd src && ls -la; echo done");
    expect(a.status).toBe(AnalysisStatus.OK);
    expect(a.script.viewCount).toBe(3);
    expect(a.homeWritten).toBe(false);
    expect(a.homeLen).toBe(HOME.length);
    expect(a.places.result.length).toBe(1); // the one cd, resolved
  });

  test("the home is unknown once the command or the host's environment sets HOME", () => {
    expect(run("HOME=/etc; cd; cat shadow").homeLen).toBe(0);
    expect(run("cat ~/x", true).homeWritten).toBe(true);
    expect(run("cat ~/x", true).homeLen).toBe(0);
    expect(run("cat ~/x").homeLen).toBe(HOME.length);
  });

  test("one Analysis, reused call after call", () => {
    const a = run("ls");
    const b = run("echo 'open");
    expect(changetype<usize>(a)).toBe(changetype<usize>(b));
  });
});
