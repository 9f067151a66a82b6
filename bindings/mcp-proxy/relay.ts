/**
 * @module
 * The proxy's plumbing: JSON-RPC messages between the client's transport and
 * the server's, forwarded as they are except for what the guard must see.
 * `tools/call` and `tools/list` from the client are answered by the proxy
 * (the server gets them under the proxy's own ids); everything else —
 * resources, prompts, sampling, roots, progress, pings — passes through.
 *
 * Responses are forwarded only to requests that were forwarded: a server
 * cannot answer a `tools/call` the proxy holds (or denied) by guessing its
 * id, and a client cannot answer a request the server never made. Nothing a
 * peer sends makes the relay throw: malformed input is logged and dropped.
 */

import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

type Id = string | number;
type Message = Record<string, unknown>;

/** A JSON-RPC error a request is answered with. */
export class JsonRpcError extends Error {
  constructor(readonly code: number, message: string, readonly data?: unknown) {
    super(message);
  }
}

export interface RelayHandlers {
  /**
   * The result of a client's tools/call; `forward` sends it to the server and resolves with the server's result.
   * `cancelled` fires when the client cancels the call or the connection closes.
   */
  callTool(params: Message, id: Id, forward: (signal: AbortSignal) => Promise<unknown>, cancelled: AbortSignal): Promise<unknown>;
  /** The server's tools/list result as the client may see it. */
  listTools(result: unknown): Promise<unknown>;
  /**
   * The client's result for a request the server made (`sampling/createMessage`: a model's answer), as the server
   * may see it. Absent: passed as it is. A throw answers the server with an error instead.
   */
  clientResult?(method: string, result: unknown): Promise<unknown>;
  log(message: string): void;
}

interface Waiter {
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

const key = (id: Id) => `${typeof id}:${id}`;
const isId = (id: unknown): id is Id => typeof id === "string" || (typeof id === "number" && Number.isFinite(id));

export class McpRelay {
  /** The capabilities the client declared in `initialize` (elicitation support is read from it). */
  clientCapabilities: Record<string, unknown> | undefined;
  /** Resolves when either side closed (the other is closed then). */
  readonly closed: Promise<void>;

  readonly #nonce = Math.random().toString(36).slice(2, 10);
  #seq = 0;
  /** Requests the proxy sent, by side, waiting for their response. */
  readonly #toServer = new Map<string, Waiter>();
  readonly #toClient = new Map<string, Waiter>();
  /** Ids of peer requests forwarded as they are: only these get a response forwarded. */
  readonly #clientIds = new Set<string>();
  /** Server requests forwarded to the client, with their method. */
  readonly #serverIds = new Map<string, string>();
  /** Client requests the proxy answers itself, for `notifications/cancelled`. */
  readonly #held = new Map<string, AbortController>();
  #closing = false;
  #markClosed!: () => void;

  constructor(readonly client: Transport, readonly server: Transport, readonly handlers: RelayHandlers) {
    this.closed = new Promise((resolve) => (this.#markClosed = resolve));
  }

  async start(): Promise<void> {
    this.server.onmessage = (m) => this.#safely(() => this.#fromServer(m as unknown as Message));
    this.client.onmessage = (m) => this.#safely(() => this.#fromClient(m as unknown as Message));
    this.server.onerror = (e) => this.handlers.log(`server transport: ${e.message}`);
    this.client.onerror = (e) => this.handlers.log(`client transport: ${e.message}`);
    this.server.onclose = () => void this.close("the server closed");
    this.client.onclose = () => void this.close("the client closed");
    await this.server.start();
    await this.client.start();
  }

  async close(why = "closed"): Promise<void> {
    if (this.#closing) return;
    this.#closing = true;
    this.handlers.log(`closing: ${why}`);
    for (const waiter of [...this.#toServer.values(), ...this.#toClient.values()]) waiter.reject(new JsonRpcError(-32000, "connection closed"));
    for (const controller of this.#held.values()) controller.abort();
    await Promise.allSettled([this.server.close(), this.client.close()]);
    this.#markClosed();
  }

  /** Send a request of the proxy's own to the client (elicitation). */
  requestClient(method: string, params: unknown, signal?: AbortSignal): Promise<unknown> {
    return this.#request(this.client, this.#toClient, method, params, signal);
  }

  /** Send a request of the proxy's own to the server. */
  requestServer(method: string, params: unknown, signal?: AbortSignal): Promise<unknown> {
    return this.#request(this.server, this.#toServer, method, params, signal);
  }

  #request(to: Transport, waiting: Map<string, Waiter>, method: string, params: unknown, signal?: AbortSignal): Promise<unknown> {
    // Ids the peers cannot guess: a server never sees the nonce, so it cannot answer for the client.
    const id = `portcullis-${this.#nonce}-${++this.#seq}`;
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => {
        if (!waiting.delete(key(id))) return;
        void this.#send(to, { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: id, reason: String(signal!.reason ?? "aborted") } });
        reject(signal!.reason);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      waiting.set(key(id), {
        resolve: (r) => (signal?.removeEventListener("abort", onAbort), resolve(r)),
        reject: (e) => (signal?.removeEventListener("abort", onAbort), reject(e)),
      });
      const message: Message = { jsonrpc: "2.0", id, method };
      if (params !== undefined) message.params = params;
      void this.#send(to, message).then((sent) => {
        if (sent || !waiting.delete(key(id))) return;
        reject(new JsonRpcError(-32000, `portcullis: the MCP ${to === this.client ? "client" : "server"} cannot be reached`));
      });
    });
  }

  async #fromClient(m: Message): Promise<void> {
    if (typeof m.method === "string" && isId(m.id)) return this.#clientRequest(m, m.id);
    if (typeof m.method === "string") {
      // Only MCP notifications travel without an id: anything else (a `tools/call` with no id, which some servers
      // run anyway) would reach the server unjudged.
      if (!m.method.startsWith("notifications/")) {
        return void this.handlers.log(`dropped a client message '${m.method.slice(0, 80)}' without a usable id (only notifications/* may have none)`);
      }
      if (m.method === "notifications/cancelled") {
        const id = (m.params as Message | undefined)?.requestId;
        const held = isId(id) ? this.#held.get(key(id)) : undefined;
        if (held) return void held.abort("cancelled by the client");
      }
      return void (await this.#send(this.server, m));
    }
    if (isId(m.id) && this.#settle(this.#toClient, m)) return;
    const method = isId(m.id) ? this.#serverIds.get(key(m.id)) : undefined;
    if (method !== undefined) {
      this.#serverIds.delete(key(m.id as Id));
      return void (await this.#send(this.server, await this.#filterClientResult(method, m)));
    }
    this.handlers.log(`dropped a client message that answers no request the server made (id ${JSON.stringify(m.id)})`);
  }

  async #clientRequest(m: Message, id: Id): Promise<void> {
    if (m.method === "initialize") {
      const caps = (m.params as Message | undefined)?.capabilities;
      this.clientCapabilities = caps !== null && typeof caps === "object" && !Array.isArray(caps) ? (caps as Message) : {};
    }
    if (m.method !== "tools/call" && m.method !== "tools/list") {
      this.#clientIds.add(key(id));
      if (await this.#send(this.server, m)) return;
      this.#clientIds.delete(key(id));
      return this.#reply(id, undefined, new JsonRpcError(-32000, "portcullis: the MCP server cannot be reached"));
    }
    if (this.#held.has(key(id))) return this.#reply(id, undefined, new JsonRpcError(-32600, `request id ${JSON.stringify(id)} is already in use`));
    const controller = new AbortController();
    this.#held.set(key(id), controller);
    const params = m.params === undefined ? {} : m.params;
    try {
      if (params === null || typeof params !== "object" || Array.isArray(params)) throw new JsonRpcError(-32602, `${m.method} params must be an object`);
      let result: unknown;
      if (m.method === "tools/list") {
        result = await this.handlers.listTools(await this.requestServer("tools/list", params, controller.signal));
      } else {
        const forward = (signal: AbortSignal) => this.requestServer("tools/call", params, AbortSignal.any([signal, controller.signal]));
        result = await this.handlers.callTool(params as Message, id, forward, controller.signal);
      }
      await this.#reply(id, result);
    } catch (error) {
      if (controller.signal.aborted) return; // the client cancelled: it expects no response
      await this.#reply(id, undefined, error);
    } finally {
      this.#held.delete(key(id));
    }
  }

  async #fromServer(m: Message): Promise<void> {
    if (typeof m.method === "string") {
      if (isId(m.id)) this.#serverIds.set(key(m.id), m.method);
      return void (await this.#send(this.client, m));
    }
    if (isId(m.id) && this.#settle(this.#toServer, m)) return;
    if (isId(m.id) && this.#clientIds.delete(key(m.id))) return void (await this.#send(this.client, m));
    this.handlers.log(`dropped a server message that answers no request the client made (id ${JSON.stringify(m.id)})`);
  }

  /** The client's answer to a server request, through `clientResult` when it has a result. */
  async #filterClientResult(method: string, m: Message): Promise<Message> {
    if (!this.handlers.clientResult || !("result" in m)) return m;
    try {
      return { ...m, result: await this.handlers.clientResult(method, m.result) };
    } catch (error) {
      const e = error instanceof JsonRpcError ? error : new JsonRpcError(-32603, `portcullis: ${(error as Error)?.message ?? String(error)}`);
      return { jsonrpc: "2.0", id: m.id, error: { code: e.code, message: e.message } };
    }
  }

  /** A response to one of the proxy's own requests: settle it. */
  #settle(waiting: Map<string, Waiter>, m: Message): boolean {
    const waiter = waiting.get(key(m.id as Id));
    if (!waiter) return false;
    waiting.delete(key(m.id as Id));
    const error = m.error as Message | undefined;
    if (error !== undefined) {
      const code = typeof error?.code === "number" ? error.code : -32603;
      const message = typeof error?.message === "string" ? error.message : "the peer answered with a malformed error";
      waiter.reject(new JsonRpcError(code, message, error?.data));
    } else if ("result" in m) {
      waiter.resolve(m.result);
    } else {
      waiter.reject(new JsonRpcError(-32603, "the peer's response has neither result nor error"));
    }
    return true;
  }

  async #reply(id: Id, result: unknown, error?: unknown): Promise<void> {
    if (error === undefined) return void (await this.#send(this.client, { jsonrpc: "2.0", id, result }));
    const e = error instanceof JsonRpcError ? error : new JsonRpcError(-32603, `portcullis: ${(error as Error)?.message ?? String(error)}`);
    const body: Message = { code: e.code, message: e.message };
    if (e.data !== undefined) body.data = e.data;
    await this.#send(this.client, { jsonrpc: "2.0", id, error: body });
  }

  /** True when sent; a failure is logged, never thrown. */
  async #send(to: Transport, m: Message): Promise<boolean> {
    if (this.#closing) return false;
    try {
      await to.send(m as unknown as JSONRPCMessage);
      return true;
    } catch (error) {
      this.handlers.log(`cannot send to the ${to === this.client ? "client" : "server"}: ${(error as Error)?.message ?? error}`);
      return false;
    }
  }

  #safely(work: () => Promise<void>): void {
    work().catch((error) => this.handlers.log(`internal error: ${(error as Error)?.stack ?? error}`));
  }
}
