// The docs' "Ask a human" passport and the `portcullis serve` example of the HTTP API page, run as written (on a
// free port instead of 8787): the passport validates and the curl request gets the ask the page shows.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const page = (name: string) => readFileSync(new URL(`../docs/${name}`, import.meta.url), "utf8");
const dir = mkdtempSync(join(tmpdir(), "portcullis-readme-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The first fenced block of `lang` (whatever its attributes) after `marker` in `text`. */
function blockAfter(text: string, marker: string, lang: string): string {
  const at = text.indexOf(marker);
  expect(at, marker).toBeGreaterThan(-1);
  const match = new RegExp("```" + lang + "[^\\n]*\\n([\\s\\S]*?)\\n```").exec(text.slice(at));
  expect(match, `${lang} block after ${marker}`).not.toBeNull();
  return match![1]!;
}

const passportText = blockAfter(page("approvals.md"), "A passport whose git commands need a person's approval", "json");
const serveBlock = blockAfter(page("http-api.md"), "## Example", "sh");

describe("docs: Ask a human and the HTTP API", () => {
  it("the passport is complete: validate accepts it and a git command asks", () => {
    const file = join(dir, "approval-passport.json");
    writeFileSync(file, passportText);
    expect(spawnSync(process.execPath, [cli, "validate", file], { encoding: "utf8" }).status).toBe(0);
    const check = spawnSync(process.execPath, [cli, "check", "--policy", file, "--tool", "bash", "--input", '{"command":"git push"}'], { encoding: "utf8" });
    expect(check.status).toBe(3);
  });

  it("the serve example: tokens from the environment, the curl request gets an ask with a pending action", async () => {
    const file = join(dir, "approval-passport.json");
    writeFileSync(file, passportText);
    // What the example runs, as written.
    expect(serveBlock).toContain("npx portcullis serve --policy approval-passport.json --port 8787 &");
    for (const name of ["PORTCULLIS_TOKEN", "PORTCULLIS_AGENT_TOKEN"]) expect(serveBlock).toContain(`export ${name}=$(openssl rand -hex 16)`);
    expect(serveBlock).toContain('-H "authorization: Bearer $PORTCULLIS_AGENT_TOKEN"');
    const body = /-d '([^']+)'/.exec(serveBlock)![1]!;
    const env = { ...process.env, PORTCULLIS_TOKEN: randomBytes(16).toString("hex"), PORTCULLIS_AGENT_TOKEN: randomBytes(16).toString("hex") };
    const server = spawn(process.execPath, [cli, "serve", "--policy", "approval-passport.json", "--port", "0"], { cwd: dir, env });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = "";
        server.stdout.on("data", (chunk) => {
          out += chunk;
          const found = /approvals on (http:\/\/\S+?)\//.exec(out);
          if (found) resolve(found[1]!);
        });
        server.once("exit", (code) => reject(new Error(`serve exited with ${code}`)));
      });
      const response = await fetch(`${url}/api/evaluate`, {
        method: "POST",
        headers: { authorization: `Bearer ${env.PORTCULLIS_AGENT_TOKEN}`, "content-type": "application/json" },
        body,
      });
      expect(response.status).toBe(200);
      const decision = await response.json();
      expect(decision).toMatchObject({ decision: "ask", metadata: { status: "pending", action_id: expect.stringMatching(/^act_/) } });
      expect(decision.metadata.expires_at).toEqual(expect.any(String));
    } finally {
      server.kill("SIGTERM");
    }
  }, 30_000);
});
