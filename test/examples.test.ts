// Each runtime's example runs as docs/runtimes.md says, in that runtime, and decides what it should.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { launchChromium, ROOT, run, scriptCommand, startWorker } from "./matrix/runtimes.ts";
import { serveStatic, STRICT_CSP } from "../examples/browser/serve.mjs";

const example = (path: string) => join(ROOT, "examples", path);
const codes = (stdout: string) => stdout.trim().split("\n").map((line) => JSON.parse(line).reasons[0].code);

describe("examples", () => {
  it("node/agent-loop.mjs: the agent reads the denial and adapts", async () => {
    const { status, stdout, stderr } = await run(...scriptCommand("node", example("node/agent-loop.mjs")));
    expect(stderr).toBe("");
    expect(status).toBe(0);
    const verdicts = stdout.split("\n").filter((line) => !line.startsWith("  ") && line);
    expect(verdicts).toEqual([
      'allow read_file {"path":"/workspace/package.json"}',
      'deny bash {"command":"git status && rm -rf ~","timeout":60}',
      'allow bash {"command":"git status","timeout":60}',
      'deny read_file {"path":"/workspace/../workspace/.env"}',
    ]);
    expect(stdout).toContain("(oap.dangerous_operation)");
    expect(stdout).toContain("(would run: git status)");
  });

  it("deno/check.ts: YAML config through a Deno host, with read/write on examples/ only", async () => {
    const [deno] = scriptCommand("deno", "");
    const args = ["run", "--no-prompt", "--allow-read=examples", "--allow-write=examples", example("deno/check.ts")];
    const denied = await run(deno, [...args, "bash", '{"command":"rm -rf /"}']);
    expect(denied.status, denied.stderr).toBe(1);
    expect(codes(denied.stdout)).toEqual(["oap.dangerous_operation"]);
    const allowed = await run(deno, [...args, "run_tests", '{"command":"npm test","timeout":120}']); // tool_map from the YAML
    expect(allowed.status, allowed.stderr).toBe(0);
    expect(codes(allowed.stdout)).toEqual(["oap.allowed"]);
    const withoutRead = await run(deno, ["run", "--no-prompt", example("deno/check.ts"), "bash", "{}"]);
    expect(withoutRead.status).not.toBe(0);
    expect(withoutRead.stderr).toMatch(/NotCapable|Requires read access/);
  });

  it("bun/eval.ts: JSON Lines in, one decision per line out", async () => {
    const input = ['{"tool_name":"bash","tool_input":{"command":"ls","timeout":5}}', "not json", "", '{"tool_name":"web_fetch","tool_input":{"url":"http://169.254.169.254/latest"}}'];
    const { status, stdout, stderr } = await run(...scriptCommand("bun", example("bun/eval.ts")), { input: input.join("\n") + "\n" });
    expect(status, stderr).toBe(0);
    expect(codes(stdout)).toEqual(["oap.allowed", "oap.invalid_context", "oap.private_ip_blocked"]);
  });

  it("worker/worker.mjs answers POST /evaluate in workerd", async () => {
    const worker = await startWorker(example("worker/wrangler.toml"));
    try {
      const post = (body: string) => worker.fetch("/evaluate", { method: "POST", body });
      const denied = await post('{"tool_name":"bash","tool_input":{"command":"rm -rf /"}}');
      expect([denied.status, ((await denied.json()) as any).reasons[0].code]).toEqual([200, "oap.dangerous_operation"]);
      const allowed = await post('{"tool_name":"read_file","tool_input":{"path":"/workspace/README.md"}}');
      expect([allowed.status, ((await allowed.json()) as any).decision]).toEqual([200, "allow"]);
      const malformed = await post('{"tool_name": "bash", "tool_input": ');
      expect([malformed.status, ((await malformed.json()) as any).decision]).toEqual([400, "deny"]);
      expect((await worker.fetch("/evaluate")).status).toBe(405);
      expect((await worker.fetch("/")).status).toBe(404);
    } finally {
      await worker.close();
    }
  });

  describe("browser/index.html in Chromium", () => {
    let browser: Awaited<ReturnType<typeof launchChromium>>;
    beforeAll(async () => {
      browser = await launchChromium();
    });
    afterAll(async () => {
      await browser?.close();
    });

    async function open(csp: string) {
      const server = await serveStatic({ root: ROOT, csp });
      const page = await browser.newPage();
      await page.goto(`${server.url}/examples/browser/`);
      await page.waitForFunction(() => document.documentElement.dataset.ready === "true", undefined, { timeout: 20_000 });
      return { page, server };
    }

    it(`checks tool calls client-side under "${STRICT_CSP}"`, async () => {
      const { page, server } = await open(STRICT_CSP);
      try {
        expect(await page.textContent("#decision")).toMatch(/^DENY oap\.dangerous_operation\n.*rm -rf ~/);
        await page.fill("#args", '{"command": "git status", "timeout": 60}');
        await page.click("button[type=submit]");
        await page.waitForFunction(() => document.querySelector<HTMLElement>("#decision")?.dataset.decision === "allow");
        expect(await page.textContent("#decision")).toMatch(/^ALLOW oap\.allowed/);
      } finally {
        await page.close();
        await server.close();
      }
    });

    it("fails closed with the reason when the CSP lacks 'wasm-unsafe-eval'", async () => {
      const { page, server } = await open("default-src 'self'; script-src 'self'");
      try {
        await page.fill("#args", '{"command": "git status", "timeout": 60}');
        await page.click("button[type=submit]");
        await page.waitForFunction(() => document.querySelector("#decision")?.textContent?.startsWith("DENY oap.evaluator_error"), undefined, { timeout: 20_000 });
        const text = await page.textContent("#decision");
        expect(text).toMatch(/^DENY oap\.evaluator_error\n/);
        expect(text, text ?? "").toContain("a browser page needs 'wasm-unsafe-eval' in its CSP script-src");
      } finally {
        await page.close();
        await server.close();
      }
    });
  });
});
