/**
 * @module
 * Serve a web-standard handler on Node's http module: each request becomes
 * a `Request` (the body streamed, never buffered here), each `Response` is
 * written back. The URL is built on a fixed origin, so a client's Host
 * header cannot change what the handler sees. Loopback by default.
 */

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { Readable } from "node:stream";

export interface ListenOptions {
  /** 0 picks a free port (default). */
  port?: number;
  /** Default 127.0.0.1: put a TLS proxy in front before listening anywhere else. */
  host?: string;
  /** A client must send all request headers within this (default 10 000 ms). */
  headersTimeoutMs?: number;
  /** A client must send the whole request within this (default 30 000 ms). */
  requestTimeoutMs?: number;
}

export interface Listening {
  url: string;
  port: number;
  /**
   * Stop accepting connections and let requests already being handled finish
   * (their responses are sent), for at most `graceMs` (default 10 000 ms);
   * then drop whatever is left. Idle keep-alive connections close at once.
   */
  close(graceMs?: number): Promise<void>;
}

export type FetchHandler = (request: Request) => Response | Promise<Response>;

export function listen(handler: FetchHandler, options: ListenOptions = {}): Promise<Listening> {
  const host = options.host ?? "127.0.0.1";
  const headersTimeout = options.headersTimeoutMs ?? 10_000;
  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  // Slow-loris limits. Node enforces them on a timer that runs every connectionsCheckingInterval (30 s by
  // default), which would let a slow client hold a connection up to 30 s past the limit: check every 250 ms.
  let closing = false;
  const server = createServer({ headersTimeout, requestTimeout, connectionsCheckingInterval: Math.min(250, headersTimeout) }, (req, res) => {
    void respond(handler, req, res, () => closing);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      const { port } = server.address() as { port: number };
      const shown = host.includes(":") ? `[${host}]` : host;
      resolve({
        url: `http://${shown}:${port}`,
        port,
        close: (graceMs = 10_000) => new Promise<void>((done) => {
          closing = true;
          const force = setTimeout(() => server.closeAllConnections(), graceMs);
          server.close(() => {
            clearTimeout(force);
            done();
          });
          server.closeIdleConnections();
        }),
      });
    });
  });
}

async function respond(handler: FetchHandler, req: IncomingMessage, res: ServerResponse, draining: () => boolean): Promise<void> {
  let request: Request;
  try {
    request = toRequest(req);
  } catch {
    res.writeHead(400, { "content-type": "text/plain; charset=utf-8" }).end("bad request\n"); // e.g. a method fetch forbids (TRACE)
    req.resume();
    return;
  }
  try {
    const response = await handler(request);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, key) => (headers[key] = value));
    // While draining, every answer ends its connection, so close() does not wait for keep-alive clients.
    if (draining()) headers.connection = "close";
    res.writeHead(response.status, headers);
    if (response.body && req.method !== "HEAD") {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) res.write(chunk);
    }
    res.end();
  } catch (error) {
    if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
    res.end("internal error\n");
    console.warn(`portcullis: http: ${(error as Error)?.message ?? error}`);
  }
}

function toRequest(req: IncomingMessage): Request {
  const url = new URL(req.url ?? "/", "http://localhost");
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(`http://localhost${url.pathname}${url.search}`, {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    // @ts-expect-error Node's fetch needs `duplex` for a streamed body; the DOM types lack it.
    duplex: hasBody ? "half" : undefined,
  });
}
