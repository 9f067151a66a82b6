// The approval API's scripted flow every runtime runs (Node, Deno, Bun, workerd): the web-standard handler from
// the public API, a memory store, and fetch-style Requests — evaluate → ask → approve with the bearer token → the
// retried call is allowed once, then asks again; missing, wrong and agent tokens are refused. Plain JS with no
// imports: each driver passes in "portcullis" as its runtime resolves it. The transcript has action ids and
// timestamps masked (both are fresh in every run), so runtimes compare byte for byte.

const APPROVER = "approver-token-0123456789";
const AGENT = "agent-token-0123456789abc";
const NOW = Date.parse("2026-11-22T10:00:00Z");
const git = { tool_name: "bash", tool_input: { command: "git push origin main" }, agent_id: "a1", thread_id: "t1" };

export async function approvalFlow(api, passportText) {
  const clock = () => NOW;
  const provider = await api.PassportProvider.create({ passport: JSON.parse(passportText), clock });
  const gate = await api.ApprovalGate.create({ clock, timeoutSeconds: 600 });
  const handler = api.createApprovalHandler({
    gate,
    guard: { provider },
    tokens: [{ name: "alice", token: APPROVER, role: "approver" }, { name: "ci-agent", token: AGENT, role: "agent" }],
  });

  const transcript = [];
  const call = async (step, method, path, token, body) => {
    const headers = { "content-type": "application/json" };
    if (token !== null) headers.authorization = `Bearer ${token}`;
    const init = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
    const response = await handler(new Request(`http://portcullis.test${path}`, init));
    const text = await response.text();
    transcript.push({ step, status: response.status, authenticate: response.headers.get("www-authenticate"), body: JSON.parse(text) });
    return JSON.parse(text);
  };

  const asked = await call("evaluate", "POST", "/api/evaluate", AGENT, git);
  const id = asked.metadata?.action_id ?? "act_missing";
  await call("agent reads the action", "GET", `/api/actions/${id}`, AGENT);
  await call("approve without a token", "POST", `/api/actions/${id}/approve`, null, {});
  await call("approve with a wrong token", "POST", `/api/actions/${id}/approve`, "wrong-token-0123456789", {});
  await call("approve with the approver token plus one character", "POST", `/api/actions/${id}/approve`, APPROVER + "x", {});
  await call("approve with the agent token", "POST", `/api/actions/${id}/approve`, AGENT, {});
  await call("approve", "POST", `/api/actions/${id}/approve`, APPROVER, {});
  await call("retry", "POST", `/api/evaluate`, AGENT, git);
  await call("retry again", "POST", `/api/evaluate`, AGENT, git);
  await call("the approved action", "GET", `/api/actions/${id}`, APPROVER);
  await call("evaluate without a token", "POST", "/api/evaluate", null, git);
  return mask(transcript);
}

/** Action ids become act#1, act#2… in order of appearance (so "the same id" and "a new id" survive); times <time>. */
function mask(transcript) {
  const ids = new Map();
  const text = JSON.stringify(transcript)
    .replace(/act_[0-9a-f]{32}/g, (id) => {
      if (!ids.has(id)) ids.set(id, `act#${ids.size + 1}`);
      return ids.get(id);
    })
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g, "<time>");
  return JSON.parse(text);
}
