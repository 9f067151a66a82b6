// `portcullis serve` under the things that go wrong in operation: SIGKILL in
// the middle of load next to a second server sharing the store, SIGTERM with
// requests in flight.
import { afterAll, describe, expect, it } from "vitest";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request as httpRequest } from "node:http";
import { AGENT, api, gitCall, killServers, serve, type Server } from "./helpers/serve-process.ts";
import { startRedis } from "./helpers/redis-server.ts";

const dir = mkdtempSync(join(tmpdir(), "portcullis-crash-"));
afterAll(() => {
  killServers();
  rmSync(dir, { recursive: true, force: true });
});

/** Asks for distinct calls against `server` until stopped; collects the ids it acknowledged. */
function loadAgainst(server: Server, prefix: string, acknowledged: string[]) {
  let running = true;
  const workers = Array.from({ length: 12 }, (_, worker) => worker).map(async (worker) => {
    for (let i = 0; running; i++) {
      try {
        // One agent per worker: the load stays under the cap of open actions per agent.
        const call = gitCall(`git push origin ${prefix}-${worker}-${i}`, { agent_id: `${prefix}-${worker}` });
        const reply = await api(server, "POST", "/api/evaluate", call, AGENT);
        if (reply.status === 200 && reply.body.metadata?.action_id) acknowledged.push(reply.body.metadata.action_id);
      } catch {
        return; // the server was killed mid-request: that request was never acknowledged
      }
    }
  });
  return { stop: async () => ((running = false), await Promise.all(workers)) };
}

describe("serve --store sqlite under SIGKILL", () => {
  it("restarts every time, the second live server keeps answering, nothing acknowledged is lost", async () => {
    const file = join(dir, "crash.db");
    const store = `sqlite:${file}`;
    let lockLeft = 0;
    const steady = await serve(["--store", store]);
    const acknowledged: string[] = [];
    let slowest = 0;
    for (let round = 0; round < 5; round++) {
      const victim = await serve(["--store", store]);
      const load = loadAgainst(victim, `r${round}`, acknowledged);
      const steadyLoad = loadAgainst(steady, `s${round}`, acknowledged);
      await new Promise((resolve) => setTimeout(resolve, 300 + round * 150));
      await victim.stop("SIGKILL");
      if (existsSync(`${file}.lock`)) lockLeft++;
      await load.stop();
      // The second server must not wedge on a lock the dead one left: it answers within the takeover time.
      const started = Date.now();
      const reply = await api(steady, "POST", "/api/evaluate", gitCall(`git push origin after-${round}`, { agent_id: `after-${round}` }), AGENT);
      slowest = Math.max(slowest, Date.now() - started);
      expect(reply.status).toBe(200);
      expect(reply.body.decision).toBe("ask");
      await steadyLoad.stop();
    }
    console.log(`serve-crash: ${acknowledged.length} actions acknowledged, ${lockLeft} of 5 kills left the lock behind, slowest answer after a kill ${slowest} ms`);
    expect(slowest).toBeLessThan(4500);
    const restarted = await serve(["--store", store]);
    const missing: string[] = [];
    for (const id of acknowledged) {
      if ((await api(restarted, "GET", `/api/actions/${id}`)).status !== 200) missing.push(id);
    }
    expect(acknowledged.length).toBeGreaterThan(20);
    expect(missing).toEqual([]);
    await Promise.all([restarted.stop(), steady.stop()]);
  }, 120_000);
});

describe("serve on SIGTERM", () => {
  it("answers every request in flight before it exits, and exits 0", async () => {
    const server = await serve([]);
    const { port } = new URL(server.url);
    const body = JSON.stringify(gitCall("git push origin drain"));
    const half = body.length >> 1;
    const replies: Promise<number>[] = [];
    const writers: ((rest: string) => void)[] = [];
    for (let i = 0; i < 16; i++) {
      replies.push(new Promise((resolve, reject) => {
        const req = httpRequest({
          port, method: "POST", path: "/api/evaluate",
          headers: { authorization: `Bearer ${AGENT}`, "content-type": "application/json", "content-length": body.length },
        }, (res) => (res.resume(), resolve(res.statusCode!)));
        req.on("error", reject);
        req.write(body.slice(0, half));
        writers.push((rest) => req.end(rest));
      }));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exited = server.stop("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const finish of writers) finish(body.slice(half));
    expect(await Promise.all(replies)).toEqual(Array(16).fill(200));
    expect(await exited).toBe(0);
  });
});

describe("serve --store redis when Redis crashes and comes back", () => {
  it("fails closed while Redis is away, recovers after, and nothing acknowledged is lost or used twice", async () => {
    const redis = await startRedis({ durable: true });
    const server = await serve(["--store", redis.url]);
    // Ten approve-onces, to be consumed while Redis goes away and comes back.
    const approved: string[] = [];
    for (let i = 0; i < 10; i++) {
      const id = (await api(server, "POST", "/api/evaluate", gitCall(`git push origin once-${i}`), AGENT)).body.metadata.action_id;
      expect((await api(server, "POST", `/api/actions/${id}/approve`, {})).status).toBe(200);
      approved.push(id);
    }
    const acknowledged: string[] = [];
    const allowed = new Map<string, number>();
    const outage = { on: false, allowedDuring: 0, answeredDuring: 0 };
    let running = true;
    const workers = [0, 1, 2, 3].map(async (worker) => {
      for (let i = 0; running; i++) {
        const once = i % 2 === 0;
        const call = once ? gitCall(`git push origin once-${(worker + i) % 10}`) : gitCall(`git push origin new-${worker}-${i}`, { agent_id: `w${worker}` });
        const reply = await api(server, "POST", "/api/evaluate", call, AGENT).catch(() => null);
        if (!reply) continue;
        if (outage.on) {
          outage.answeredDuring++;
          if (reply.body.decision === "allow") outage.allowedDuring++;
        }
        if (reply.status !== 200) continue;
        if (reply.body.decision === "allow") allowed.set(reply.body.metadata.action_id, (allowed.get(reply.body.metadata.action_id) ?? 0) + 1);
        else if (!once && reply.body.metadata?.action_id) acknowledged.push(reply.body.metadata.action_id);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    outage.on = true;
    await redis.crashAndRestart(800);
    outage.on = false;
    // Recovery: the server answers again once its client has reconnected.
    let recovered = false;
    for (let i = 0; i < 50 && !recovered; i++) {
      recovered = (await api(server, "POST", "/api/evaluate", gitCall(`git push origin probe-${i}`), AGENT)).status === 200;
      if (!recovered) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(recovered).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 400));
    running = false;
    await Promise.all(workers);
    expect(outage.answeredDuring).toBeGreaterThan(0);
    expect(outage.allowedDuring).toBe(0);
    expect([...allowed.values()].every((n) => n === 1)).toBe(true);
    for (const id of allowed.keys()) expect((await api(server, "GET", `/api/actions/${id}`)).body.status).toBe("consumed");
    const lost = [];
    for (const id of acknowledged) if ((await api(server, "GET", `/api/actions/${id}`)).status !== 200) lost.push(id);
    expect(acknowledged.length).toBeGreaterThan(10);
    expect(lost).toEqual([]);
    await server.stop();
    await redis.stop();
  }, 60_000);
});

describe("serve with hostile requests in the mix", () => {
  it("judges the costliest requests within a bounded time while other clients keep getting answers", async () => {
    const server = await serve([]);
    const hostile = [
      gitCall("cat <<EOF\n" + "$(x)\n".repeat(12_000) + "EOF"),
      gitCall("git status " + "a ".repeat(30_000)),
      gitCall("git status && ".repeat(4_500) + "git status"),
      gitCall("git " + "$(echo ".repeat(5_000) + ")".repeat(5_000)),
      { tool_name: "bash", tool_input: { command: "git status", pad: "[".repeat(200_000) + "]".repeat(200_000) }, agent_id: "a1" },
      { tool_name: "bash", tool_input: Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i])), agent_id: "a1" },
    ];
    let attacking = true;
    const slowest = { hostile: 0, normal: 0 };
    const attacker = (async () => {
      while (attacking) {
        for (const body of hostile) {
          const started = Date.now();
          const response = await fetch(`${server.url}/api/evaluate`, {
            method: "POST", headers: { authorization: `Bearer ${AGENT}`, "content-type": "application/json" }, body: JSON.stringify(body),
          });
          const decided = await response.json();
          slowest.hostile = Math.max(slowest.hostile, Date.now() - started);
          expect(response.status === 200 ? decided.decision : response.status).not.toBe("allow");
        }
      }
    })();
    const normal: number[] = [];
    for (let i = 0; i < 40; i++) {
      const started = Date.now();
      const reply = await api(server, "POST", "/api/evaluate", gitCall("rm -rf ~"), AGENT);
      normal.push(reply.status);
      slowest.normal = Math.max(slowest.normal, Date.now() - started);
    }
    attacking = false;
    await attacker;
    console.log(`serve hostile mix: slowest hostile request ${slowest.hostile} ms, slowest ordinary request ${slowest.normal} ms`);
    expect(normal).toEqual(Array(40).fill(200));
    // Bounded cost: no request holds the server for seconds (the work budget and size limits cap each judgement).
    expect(slowest.hostile).toBeLessThan(5000);
    expect(slowest.normal).toBeLessThan(5000);
    await server.stop();
  }, 60_000);
});
