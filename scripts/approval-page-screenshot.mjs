#!/usr/bin/env node
// Renders docs/approval-page.png for the README: the approval page in Debian's
// Chromium with three pending actions from a real passport policy.
//
//   npm run build && node scripts/approval-page-screenshot.mjs
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { ApprovalGate, PassportProvider, createApprovalHandler, guardToolCall, listen } from "../dist/node.js";

const approve = { approval_required: true };
const passport = {
  passport_id: "ap_screenshot", kind: "instance", spec_version: "oap/1.0", owner_id: "org_acme", owner_type: "org",
  assurance_level: "L1", status: "active",
  capabilities: [{ id: "system.command.execute" }, { id: "data.file.write" }, { id: "web.fetch" }],
  limits: {
    "system.command.execute": { allowed_commands: ["git", "npm"], ...approve },
    "data.file.write": { allowed_paths: ["/workspace"], ...approve },
    "web.fetch": { allowed_domains: ["*"], ...approve },
  },
};

const provider = await PassportProvider.create({ passport });
const gate = await ApprovalGate.create();
const token = "screenshot-token-0123456789";
const server = await listen(createApprovalHandler({ gate, guard: { provider }, tokens: [{ name: "dana", token, role: "approver" }] }));
const ask = (request) => guardToolCall(request, () => undefined, { provider, approvals: gate });

await ask({ tool_name: "bash", tool_input: { command: "git push --force origin release/2026-11", cwd: "/workspace" }, agent_id: "release-bot", thread_id: "thr_81c2", tool_call_id: "call_a1" });
await ask({
  tool_name: "write_file",
  tool_input: { path: "/workspace/.github/workflows/deploy.yml", content: "name: deploy\non:\n  push:\n    branches: [main]\njobs:\n  deploy:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: npm ci && npm run deploy -- --prod\n" },
  agent_id: "release-bot", thread_id: "thr_81c2", tool_call_id: "call_a2",
});
await ask({ tool_name: "web_fetch", tool_input: { url: "https://api.example.com/v2/invoices?status=overdue", method: "GET" }, agent_id: "billing-agent", thread_id: "thr_0f3e", tool_call_id: "call_b7" });
const decided = await ask({ tool_name: "bash", tool_input: { command: "npm publish" }, agent_id: "release-bot", thread_id: "thr_81c2" });

const profile = mkdtempSync(join(tmpdir(), "portcullis-shot-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: "/usr/bin/chromium", headless: true, viewport: { width: 1100, height: 1000 }, deviceScaleFactor: 1,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
});
try {
  const page = await context.newPage();
  await page.goto(server.url + "/");
  await page.fill("#token", token);
  await page.click("#unlock button[type=submit]");
  const card = page.locator(`article[data-action-id="${decided.action_id}"]`);
  await card.waitFor();
  await card.locator("input[name=message]").fill("publish from CI only");
  await card.getByRole("button", { name: "Reject" }).click();
  await card.waitFor({ state: "detached" });
  await page.locator("article.action").nth(2).waitFor();
  await page.screenshot({ path: "docs/approval-page.png", fullPage: true });
  console.log("wrote docs/approval-page.png");
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
  await server.close();
}
