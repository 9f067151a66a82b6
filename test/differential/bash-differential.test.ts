// The differential check in `npm test`: a fixed-seed run of generated scripts (20,000 unless
// PORTCULLIS_DIFF_SCRIPTS says otherwise) through the built core and a sandboxed real bash. Any script bash ran a
// forbidden command for while the analysis allowed it fails the suite with its shrunk, minimal form.
import { beforeAll, describe, expect, it } from "vitest";
import { createServer } from "node:net";
import { checkScripts, formatReport, runDifferential } from "./run.mjs";

const scripts = Number(process.env.PORTCULLIS_DIFF_SCRIPTS ?? 20_000);
const seed = process.env.PORTCULLIS_DIFF_SEED === undefined ? undefined : Number(process.env.PORTCULLIS_DIFF_SEED);

describe("shell analysis against real bash: the harness", () => {
  it("sees what bash runs: probes, their argv, and only the runs of the script itself", async () => {
    const [plain, hidden, inert, blocked, cleared] = await checkScripts([
      "probe 'a b' ''",
      "x=$(evil 1); probe",
      "echo '$(evil)'",
      "tool x --force & wait",
      "exec -c evil gone",
    ]);
    expect(plain.runs).toEqual([{ name: "probe", argv: ["a b", ""] }]);
    expect(plain.decision).toBe("allow");
    expect(hidden.runs).toEqual([{ name: "evil", argv: ["1"] }, { name: "probe", argv: [] }]);
    expect(hidden.forbidden).toMatch(/ran evil/);
    expect(hidden.decision).toBe("deny");
    expect(inert.runs).toEqual([]);
    expect(inert.decision).toBe("allow");
    expect(blocked.forbidden).toMatch(/--force/);
    expect(blocked.decision).toBe("deny");
    // A script that clears its environment still has its runs counted (they are attributed by rerunning alone).
    expect(cleared.forbidden).toMatch(/ran evil/);
  });

  it("runs nothing but probes: no other program is on PATH, and there is no network", async () => {
    const server = createServer((socket) => socket.end());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const [other, net, control] = await checkScripts([
        "ls && probe listed",
        `exec 3<>/dev/tcp/127.0.0.1/${port} && probe connected`,
        "probe ran",
      ]);
      expect(other.runs).toEqual([]);
      expect(other.status).toBe(127);
      // A listening port on this host's loopback is out of reach.
      expect(net.runs).toEqual([]);
      expect(control.runs).toEqual([{ name: "probe", argv: ["ran"] }]);
    } finally {
      server.close();
    }
  });
});

describe(`shell analysis against real bash: ${scripts} generated scripts`, () => {
  let stats: Awaited<ReturnType<typeof runDifferential>>;
  let report = "";
  beforeAll(async () => {
    stats = await runDifferential({ scripts, ...(seed === undefined ? {} : { seed }) });
    report = formatReport(stats);
    console.log(report);
  }, 900_000);

  it("is informative: most scripts pass the analysis, and most of those run a probe", () => {
    expect(stats.scripts).toBe(scripts);
    expect(stats.allowed / stats.scripts).toBeGreaterThan(0.35);
    expect(stats.ranProbe / stats.allowed).toBeGreaterThan(0.6);
  });

  it("finds no allowed script that runs a command allowed_commands does not list (evil)", () => {
    const found = stats.violations.filter((v) => v.what.startsWith("ran evil"));
    expect(found.map((v) => v.minimal), report).toEqual([]);
  });

  it("finds no allowed script that runs a command blocked_patterns forbids (tool --force)", () => {
    const found = stats.violations.filter((v) => !v.what.startsWith("ran evil"));
    expect(found.map((v) => v.minimal), report).toEqual([]);
  });
});
