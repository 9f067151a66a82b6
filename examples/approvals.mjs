// Ask a human, in one process: the call pauses, someone approves, the retry runs once.
//   npm run build && node examples/approvals.mjs
import { PassportProvider, ApprovalGate, guardToolCall } from "../dist/index.js";

const passport = {
  passport_id: "ap_example", kind: "instance", spec_version: "oap/1.0", owner_id: "org_example", owner_type: "org",
  assurance_level: "L1", status: "active",
  capabilities: [{ id: "system.command.execute" }],
  limits: { "system.command.execute": { allowed_commands: ["git"], approval_required: true } },
};

const provider = await PassportProvider.create({ passport });
const approvals = await ApprovalGate.create(); // in memory; SQLite and Redis stores live in portcullis/stores/*
const run = (call) => `ran: ${call.tool_input.command}`;

const call = { tool_name: "bash", tool_input: { command: "git push origin main" }, agent_id: "agent-1", thread_id: "thread-1", tool_call_id: "call_1" };
const first = await guardToolCall(call, () => run(call), { provider, approvals });
console.log(first.content); // Action requires approval (ID: act_…). …

await approvals.approve(first.action_id, { decidedBy: "dana" }); // what the page or POST /api/actions/:id/approve does
console.log(await guardToolCall(call, () => run(call), { provider, approvals })); // ran: git push origin main
console.log((await guardToolCall(call, () => run(call), { provider, approvals })).pending); // true: approved once, now consumed
