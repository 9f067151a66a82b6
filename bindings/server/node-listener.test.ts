import { afterEach, describe, expect, it } from "vitest";
import { connect } from "node:net";
import { listen, type Listening } from "./node-listener.ts";

let server: Listening | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

/** Send raw bytes, return the raw response (the server closes or we stop after the status line and body). */
function raw(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.end(text));
    let out = "";
    socket.on("data", (d) => (out += d));
    socket.on("end", () => resolve(out));
    socket.on("error", reject);
  });
}

describe("listen (Node http → web-standard handler)", () => {
  it("passes method, path, query, headers and a streamed body; loopback only by default", async () => {
    const seen: { method: string; url: string; auth: string | null; body: string }[] = [];
    server = await listen(async (request) => {
      seen.push({ method: request.method, url: request.url, auth: request.headers.get("authorization"), body: await request.text() });
      return new Response("ok", { status: 201, headers: { "x-test": "1" } });
    });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${server.url}/api/x?a=1&b=2`, { method: "POST", body: "hello", headers: { authorization: "Bearer t" } });
    expect(response.status).toBe(201);
    expect(response.headers.get("x-test")).toBe("1");
    expect(await response.text()).toBe("ok");
    expect(seen).toEqual([{ method: "POST", url: "http://localhost/api/x?a=1&b=2", auth: "Bearer t", body: "hello" }]);
  });

  it("ignores the Host header and absolute-form targets: the handler sees only the path", async () => {
    const urls: string[] = [];
    server = await listen((request) => (urls.push(request.url), new Response("")));
    await raw(server.port, "GET http://evil.example/api/actions?x=1 HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n");
    await raw(server.port, "GET //evil.example/p HTTP/1.1\r\nHost: attacker\r\nConnection: close\r\n\r\n");
    expect(urls).toEqual(["http://localhost/api/actions?x=1", "http://localhost/p"]);
  });

  it("answers a method fetch forbids with 400, and a throwing handler with 500 and no details", async () => {
    server = await listen(() => {
      throw new Error("secret detail");
    });
    expect(await raw(server.port, "TRACE / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")).toMatch(/^HTTP\/1\.1 400/);
    const warn = console.warn;
    console.warn = () => {};
    const response = await fetch(server.url + "/");
    console.warn = warn;
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain("secret detail");
  });

  it("drops a client that sends headers too slowly at the configured limit, not up to 30 s later", async () => {
    server = await listen(() => new Response("ok"), { headersTimeoutMs: 500, requestTimeoutMs: 1000 });
    const started = Date.now();
    const closed = await new Promise<{ after: number; reply: string }>((resolve) => {
      const socket = connect(server!.port, "127.0.0.1", () => socket.write("GET / HTTP/1.1\r\nHost: x\r\n"));
      const drip = setInterval(() => socket.write("X-Drip: 1\r\n"), 100);
      let reply = "";
      socket.on("data", (d) => (reply += d));
      socket.on("close", () => (clearInterval(drip), resolve({ after: Date.now() - started, reply })));
      socket.on("error", () => {});
    });
    expect(closed.reply).toMatch(/^HTTP\/1\.1 408/);
    expect(closed.after).toBeLessThan(3000);
  });

  it("close() lets requests already being handled finish and answers them, then stops", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started = 0;
    server = await listen(async () => {
      started++;
      await gate;
      return new Response("finished");
    });
    const inFlight = Array.from({ length: 8 }, () => fetch(`${server!.url}/slow`).then((r) => r.text()));
    while (started < 8) await new Promise((resolve) => setTimeout(resolve, 10));
    const closing = server.close();
    setTimeout(release, 100);
    expect(await Promise.all(inFlight)).toEqual(Array(8).fill("finished"));
    await closing;
    await expect(fetch(`${server.url}/after`)).rejects.toThrow();
    server = null;
  });

  it("close(graceMs) drops what is still running after the grace period", async () => {
    server = await listen(() => new Promise<Response>(() => {}));
    const stuck = fetch(`${server.url}/never`).then(() => "answered", () => "dropped");
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await server.close(200);
    expect(await stuck).toBe("dropped");
    expect(Date.now() - started).toBeLessThan(2000);
    server = null;
  });
});
