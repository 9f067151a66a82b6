// The resident hook server answers only its hook client: a request a web page sends (Origin, Sec-Fetch-*) or one
// under a host name it was not started under (DNS rebinding) is refused before it is judged, counted or audited.
import { describe, expect, it } from "vitest";
import "../index.ts"; // provides the inlined release wasm
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { residentHandler, refusal } from "./resident.ts";

const body = JSON.stringify({ session_id: "s", cwd: "/", hook_event_name: "PreToolUse", tool_name: "mcp__dev__notes", tool_input: {} });

function server() {
  const policy = join(mkdtempSync(join(tmpdir(), "pc-resident-")), "settings.json");
  writeFileSync(policy, JSON.stringify({ permissions: { allow: ["mcp__dev"] } }));
  const judged: string[] = [];
  const handler = residentHandler({ policy, host: "127.0.0.1", judge: async (_g, agent, text) => (judged.push(text), { stdout: `{"agent":"${agent}"}\n`, exitCode: 0 }) });
  return { handler, judged };
}
const post = (headers: Record<string, string>) => new Request("http://127.0.0.1:8787/hooks/claude-code", { method: "POST", body, headers });

describe("resident hook server: who may ask", () => {
  it("refuses requests from web pages and foreign host names, unjudged", async () => {
    const { handler, judged } = server();
    const cases: Record<string, string>[] = [
      { origin: "https://evil.example", "content-type": "text/plain" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site", "sec-fetch-mode": "no-cors" },
      { host: "rebind.evil.example:8787" },
      { host: "127.0.0.1.nip.io:8787" },
    ];
    for (const headers of cases) {
      const r = await handler(post(headers));
      expect(r.status, JSON.stringify(headers)).toBe(403);
    }
    expect(judged).toEqual([]);
  });

  it("answers curl: no Origin, a loopback or the listening host", async () => {
    const { handler, judged } = server();
    for (const host of ["127.0.0.1:8787", "localhost:8787", "[::1]:8787", "LOCALHOST"]) {
      const r = await handler(post({ host, "content-type": "application/x-www-form-urlencoded" }));
      expect(r.status, host).toBe(200);
    }
    expect(judged).toHaveLength(4);
    expect(refusal(new Request("http://h/", { headers: { host: "devbox.internal:8787" } }), "devbox.internal")).toBeNull();
  });
});
