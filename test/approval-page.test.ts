// The approval page in real headless Chromium (Debian's, driven by
// playwright-core): an agent's call pauses, a person clicks, the retried call
// runs. Also what the page must withstand: arguments written by an attacker,
// a wrong token, and a token that must never reach a URL.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { ApprovalGate, createApprovalHandler, guardToolCall, PassportProvider, type GuardrailRequest } from "../bindings/index.ts";
import { listen, type Listening } from "../bindings/server/index.ts";
import { launchChromium, type Browser } from "./helpers/chromium.ts";

const TOKEN = "page-approver-token-0123456789";
const passport = JSON.parse(readFileSync(new URL("./vectors/policies/core-approval.json", import.meta.url), "utf8"));

let browser: Browser;
let server: Listening;
let gate: ApprovalGate;
let provider: PassportProvider;
let page: Page;
let consoleErrors: string[];
let requests: { url: string; authorization: string | undefined }[];

beforeAll(async () => {
  provider = await PassportProvider.create({ passport });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  gate = await ApprovalGate.create({ timeoutSeconds: 600 });
  server = await listen(createApprovalHandler({ gate, guard: { provider }, tokens: [{ name: "dana", token: TOKEN, role: "approver" }] }));
  page = await browser.context.newPage();
  consoleErrors = [];
  requests = [];
  page.on("console", (m) => void (m.type() === "error" && consoleErrors.push(m.text())));
  page.on("pageerror", (e) => void consoleErrors.push(String(e)));
  page.on("request", (r) => void requests.push({ url: r.url(), authorization: r.headers().authorization }));
});
afterEach(async () => {
  await page.close();
  await server.close();
});

const git = (command: string, extra: Partial<GuardrailRequest> = {}): GuardrailRequest =>
  ({ tool_name: "bash", tool_input: { command }, agent_id: "agent-7", thread_id: "thread-42", tool_call_id: "call_1", ...extra });

async function unlock(token = TOKEN) {
  await page.goto(server.url + "/");
  await page.fill("#token", token);
  await page.click("#unlock button[type=submit]");
}

const card = (id: string) => page.locator(`article.action[data-action-id="${id}"]`);

describe("the approval page in Chromium", () => {
  it("an agent's call pauses, a person clicks Approve, the retried call runs", async () => {
    const push = vi.fn(() => "pushed to origin/main");
    const first = await guardToolCall(git("git push origin main"), push, { provider, approvals: gate });
    expect(push).not.toHaveBeenCalled();
    const id = (first as { action_id: string }).action_id;

    await unlock();
    await card(id).waitFor({ timeout: 10_000 });
    expect(await page.locator("#unlock").isVisible()).toBe(false);
    expect(await card(id).locator(".editor").isVisible()).toBe(false);
    await expect.poll(() => card(id).locator("h3").textContent()).toBe("bash");
    expect(await card(id).locator("dl.args").textContent()).toContain("git push origin main");
    expect(await card(id).locator(".reasons").textContent()).toContain("oap.approval_required");
    expect(await page.locator("#count").textContent()).toBe("1");
    await card(id).getByRole("button", { name: "Approve once" }).click();
    await card(id).waitFor({ state: "detached", timeout: 10_000 });
    expect(await page.locator("#decided").textContent()).toContain("approved once by dana");

    expect(await guardToolCall(git("git push origin main", { tool_call_id: "call_2" }), push, { provider, approvals: gate })).toBe("pushed to origin/main");
    expect(push).toHaveBeenCalledTimes(1);
    expect(consoleErrors, consoleErrors.join("\n")).toEqual([]);
  });

  it("a waiting agent resumes when a person approves for a window; later calls in the window run too", async () => {
    const run = vi.fn(() => "ok");
    await unlock();
    const waiting = guardToolCall(git("git push origin release"), run, { provider, approvals: gate, waitForApproval: { pollMs: 50 } });
    const item = page.locator("article.action").first();
    await item.waitFor({ timeout: 10_000 });
    await item.locator("select[name=ttl]").selectOption("3600");
    await item.getByRole("button", { name: "Approve for" }).click();
    expect(await waiting).toBe("ok");
    expect(await guardToolCall(git("git push origin release"), run, { provider, approvals: gate })).toBe("ok");
    expect(run).toHaveBeenCalledTimes(2);
  });

  it("reject with a message: the agent reads it and the tool never runs", async () => {
    const run = vi.fn();
    const { action_id } = (await guardToolCall(git("git push --tags"), run, { provider, approvals: gate })) as { action_id: string };
    await unlock();
    await card(action_id).waitFor({ timeout: 10_000 });
    await card(action_id).locator("input[name=message]").fill("tags go out on Monday");
    await card(action_id).getByRole("button", { name: "Reject" }).click();
    await card(action_id).waitFor({ state: "detached", timeout: 10_000 });
    const retry = (await guardToolCall(git("git push --tags"), run, { provider, approvals: gate })) as { content: string };
    expect(retry.content).toContain("a human rejected this call: tags go out on Monday");
    expect(run).not.toHaveBeenCalled();
  });

  it("edit: a denied edit shows the policy's reason in place; an allowed edit is what runs", async () => {
    const run = vi.fn((..._args: unknown[]) => "ran");
    const { action_id } = (await guardToolCall(git("git push --force"), run, { provider, approvals: gate })) as { action_id: string };
    await unlock();
    const c = card(action_id);
    await c.waitFor({ timeout: 10_000 });
    expect(await c.locator("textarea").isVisible()).toBe(false);
    await c.getByRole("button", { name: "Edit arguments" }).click();
    expect(await c.locator("textarea").isVisible()).toBe(true);
    expect(JSON.parse(await c.locator("textarea").inputValue())).toEqual({ command: "git push --force" });
    await c.locator("textarea").fill('{"command": "rm -rf /"}');
    await c.getByRole("button", { name: "Approve edited call" }).click();
    await expect.poll(() => c.locator(".error").textContent()).toContain("the policy denies the edited arguments");
    await c.locator("textarea").fill("{not json");
    await c.getByRole("button", { name: "Approve edited call" }).click();
    await expect.poll(() => c.locator(".error").textContent()).toContain("not valid JSON");
    await c.locator("textarea").fill('{"command": "git push --force-with-lease"}');
    await c.getByRole("button", { name: "Approve edited call" }).click();
    await c.waitFor({ state: "detached", timeout: 10_000 });
    const told = (await guardToolCall(git("git push --force"), run, { provider, approvals: gate })) as { content: string };
    expect(told.content).toContain('{"command":"git push --force-with-lease"}');
    expect(await guardToolCall(git("git push --force-with-lease"), () => run("edited"), { provider, approvals: gate })).toBe("ran");
    expect(run.mock.calls).toEqual([["edited"]]);
  });

  it("always allow for this thread; the scope choices an action cannot have are disabled", async () => {
    const { action_id } = (await guardToolCall(git("git fetch --all"), () => 1, { provider, approvals: gate })) as { action_id: string };
    const noThread = (await guardToolCall(git("git gc", { thread_id: null }), () => 1, { provider, approvals: gate })) as { action_id: string };
    await unlock();
    await card(noThread.action_id).waitFor({ timeout: 10_000 });
    expect(await card(noThread.action_id).locator("option[value=thread]").isDisabled()).toBe(true);
    expect(await card(noThread.action_id).locator("select[name=scope]").inputValue()).toBe("agent");
    await card(action_id).locator("select[name=scope]").selectOption("thread");
    await card(action_id).getByRole("button", { name: "Always allow" }).click();
    await card(action_id).waitFor({ state: "detached", timeout: 10_000 });
    for (const agent of ["agent-7", "agent-8"]) {
      expect(await guardToolCall(git("git fetch --all", { agent_id: agent }), () => "fetched", { provider, approvals: gate })).toBe("fetched");
    }
  });

  it("renders attacker-written arguments as text: no markup, no script, long values folded", async () => {
    const payloads = {
      command: "git log --format='<img src=x onerror=\"window.__pwned=1\">'",
      note: "</script><script>window.__pwned=2</script><svg onload=window.__pwned=3>",
      "<b onclick=window.__pwned=4>key</b>": "javascript:window.__pwned=5",
      blob: "A".repeat(5000) + "<iframe src=javascript:window.__pwned=6>",
      nested: { deeper: ["<style>body{display:none}</style>", { "\u202eevil": "\u200bzero-width" }] },
    };
    const { action_id } = (await guardToolCall({ ...git("x"), tool_input: payloads }, () => 1, { provider, approvals: gate })) as { action_id: string };
    expect(action_id).toBeDefined();
    await unlock();
    const c = card(action_id);
    await c.waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator("#actions img, #actions script, #actions svg, #actions iframe, #actions style, #actions b").count()).toBe(0);
    const text = await c.locator("dl.args").textContent();
    expect(text).toContain('<img src=x onerror="window.__pwned=1">');
    expect(text).toContain("<b onclick=window.__pwned=4>key</b>");
    const folded = c.locator("details.fold").first();
    expect(await folded.locator("summary").textContent()).toMatch(/AAAA… \(5\d+ characters\)$/);
    expect(await folded.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await page.waitForTimeout(100);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(consoleErrors, consoleErrors.join("\n")).toEqual([]);
  });

  it("keeps the token out of URLs, sends it only as a bearer header, and locks on a wrong one", async () => {
    await unlock("not-the-right-token-000000");
    await expect.poll(() => page.locator("#unlock-error").textContent(), { timeout: 10_000 }).toBe("That token was not accepted.");
    expect(await page.locator("#unlock").isVisible()).toBe(true);
    expect(await page.locator("#queue").isVisible()).toBe(false);
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await unlock();
    await expect.poll(() => page.locator("#status").textContent(), { timeout: 10_000 }).toContain("Live");
    const api = requests.filter((r) => r.url.includes("/api/"));
    expect(api.length).toBeGreaterThan(0);
    for (const r of requests) expect(r.url).not.toContain(TOKEN);
    expect(api.every((r) => r.authorization === `Bearer ${TOKEN}` || r.authorization === "Bearer not-the-right-token-000000")).toBe(true);
    expect(page.url()).toBe(server.url + "/");
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });

  it("is live: new requests appear and ones decided elsewhere disappear, without a reload", async () => {
    await unlock();
    await expect.poll(() => page.locator("#empty").isVisible(), { timeout: 10_000 }).toBe(true);
    const a = (await guardToolCall(git("git push a"), () => 1, { provider, approvals: gate })) as { action_id: string };
    const b = (await guardToolCall(git("git push b"), () => 1, { provider, approvals: gate })) as { action_id: string };
    await card(a.action_id).waitFor({ timeout: 10_000 });
    await card(b.action_id).waitFor({ timeout: 10_000 });
    await card(a.action_id).locator("input[name=message]").fill("typing survives polling");
    await gate.reject(b.action_id, { message: "decided from the CLI" });
    await card(b.action_id).waitFor({ state: "detached", timeout: 10_000 });
    expect(await card(a.action_id).locator("input[name=message]").inputValue()).toBe("typing survives polling");
    expect(await page.locator("#count").textContent()).toBe("1");
  });

  it("pages through a queue longer than one page of the API: older requests load on demand and stay live", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 57; i++) {
      const r = await guardToolCall(git(`git push origin branch-${i}`, { tool_call_id: `call_${i}` }), () => 1, { provider, approvals: gate });
      ids.push((r as { action_id: string }).action_id);
    }
    const shown = () => page.locator("article.action").evaluateAll((cards) => cards.map((c) => (c as HTMLElement).dataset.actionId));
    await unlock();
    await expect.poll(async () => (await shown()).length, { timeout: 10_000 }).toBe(50);
    expect(await page.locator("#count").textContent()).toBe("50+");
    expect(await page.locator("#more").isVisible()).toBe(true);
    await page.click("#more");
    await expect.poll(async () => (await shown()).length, { timeout: 10_000 }).toBe(57);
    expect(new Set(await shown())).toEqual(new Set(ids));
    expect(await page.locator("#count").textContent()).toBe("57");
    expect(await page.locator("#more").isVisible()).toBe(false);
    expect(requests.some((r) => r.url.includes("cursor=") && !r.url.includes(TOKEN))).toBe(true);
    // Polls keep both pages: an action decided elsewhere leaves, the rest stay.
    await gate.reject(ids[3], { message: "no" });
    await expect.poll(async () => (await shown()).length, { timeout: 10_000 }).toBe(56);
    expect(consoleErrors, consoleErrors.join("\n")).toEqual([]);
  });
});
