/**
 * @module
 * A Redis connection any portcullis store kind can use (approvals today,
 * rate-limit counters next): raw commands, Lua scripts run by SHA with an
 * EVAL fallback, and one key layout, `<prefix>:{<kind>}:<name>`, whose hash
 * tag keeps each kind's keys in one cluster slot so its scripts may touch
 * several keys. Give it a `redis://` URL (it opens an ioredis client) or a
 * client you already have (ioredis `call`, node-redis `sendCommand`).
 *
 * Fail closed: commands are not queued while disconnected, so an outage is
 * an error the gate turns into a deny, never a hang or a silent allow.
 */

export type RedisArg = string | number;

/** ioredis (`call`) or node-redis v4+ (`sendCommand`); anything with one of these works. */
export type RedisClientLike =
  | { call(command: string, ...args: RedisArg[]): Promise<unknown>; quit?(): Promise<unknown>; disconnect?(): void }
  | { sendCommand(args: string[]): Promise<unknown>; quit?(): Promise<unknown>; disconnect?(): void };

export interface RedisOptions {
  /** First part of every key (default "portcullis"). */
  keyPrefix?: string;
  /** For URLs: give up connecting after this long (default 5000 ms). */
  connectTimeoutMs?: number;
}

/** Where a store keeps its keys: its own connection, or one shared with other stores. */
export interface RedisStoreOptions extends RedisOptions {
  /** A redis:// URL, or a client (ioredis, node-redis) you manage. */
  url?: string;
  client?: RedisClientLike;
  /** Or a connection to share with other stores; the store then leaves closing it to you. */
  connection?: RedisConnection;
}

export class RedisConnection {
  private readonly scripts = new Map<string, string>();

  private constructor(
    private readonly send: (args: RedisArg[]) => Promise<unknown>,
    private readonly shutdown: (() => Promise<void>) | null,
    readonly prefix: string,
  ) {}

  static async connect(target: string | RedisClientLike, options: RedisOptions = {}): Promise<RedisConnection> {
    const prefix = options.keyPrefix ?? "portcullis";
    if (!/^[A-Za-z0-9_.:-]{1,64}$/.test(prefix)) throw new TypeError("redis: keyPrefix must be 1-64 letters, digits or _ . : -");
    if (typeof target !== "string") return new RedisConnection(sender(target), null, prefix);
    const client = await openIoredis(target, options.connectTimeoutMs ?? 5000);
    return new RedisConnection(sender(client), async () => {
      try {
        await client.quit();
      } catch {
        client.disconnect();
      }
    }, prefix);
  }

  /** The connection a store works on: the one given (`owned: false`, the caller closes it) or a new one. */
  static async forStore(options: RedisStoreOptions): Promise<{ redis: RedisConnection; owned: boolean }> {
    if (options.connection) return { redis: options.connection, owned: false };
    const target = options.client ?? options.url;
    if (target === undefined) throw new TypeError("redis store: give a `url`, a `client` or a `connection`");
    return { redis: await RedisConnection.connect(target, options), owned: true };
  }

  /** `<prefix>:{<kind>}:<name>`. */
  key(kind: string, name: string): string {
    return `${this.prefix}:{${kind}}:${name}`;
  }

  command(...args: RedisArg[]): Promise<unknown> {
    return this.send(args);
  }

  /** Run a Lua script atomically: EVALSHA, loading it on NOSCRIPT (after a restart or a failover). */
  async eval(script: string, keys: string[], args: RedisArg[]): Promise<unknown> {
    let sha = this.scripts.get(script);
    if (!sha) {
      sha = String(await this.send(["SCRIPT", "LOAD", script]));
      this.scripts.set(script, sha);
    }
    try {
      return await this.send(["EVALSHA", sha, keys.length, ...keys, ...args]);
    } catch (error) {
      if (!/NOSCRIPT/.test((error as Error)?.message ?? "")) throw error;
      return this.send(["EVAL", script, keys.length, ...keys, ...args]);
    }
  }

  /** Closes the client only if this connection opened it. */
  async close(): Promise<void> {
    await this.shutdown?.();
  }
}

function sender(client: RedisClientLike): (args: RedisArg[]) => Promise<unknown> {
  if ("call" in client && typeof client.call === "function") return ([command, ...rest]) => client.call(String(command), ...rest);
  if ("sendCommand" in client && typeof client.sendCommand === "function") return (args) => client.sendCommand(args.map(String));
  throw new TypeError("redis: expected a redis:// URL or a client with call() (ioredis) or sendCommand() (node-redis)");
}

interface Ioredis {
  call(command: string, ...args: RedisArg[]): Promise<unknown>;
  connect(): Promise<void>;
  quit(): Promise<unknown>;
  disconnect(): void;
  on(event: "error", listener: (error: Error) => void): unknown;
}

async function openIoredis(url: string, connectTimeout: number): Promise<Ioredis> {
  if (!/^rediss?:\/\//.test(url)) throw new TypeError(`redis: expected a redis:// or rediss:// URL, got '${url}'`);
  let Redis: new (url: string, options: object) => Ioredis;
  try {
    const module = (await import("ioredis")) as unknown as { default?: typeof Redis; Redis?: typeof Redis };
    Redis = (module.Redis ?? module.default)!;
  } catch (error) {
    throw new Error(`redis store needs the optional package ioredis (npm install ioredis): ${(error as Error).message}`);
  }
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout,
    enableOfflineQueue: false, // fail at once while disconnected instead of queueing a tool call's approval check
    maxRetriesPerRequest: 1,
    retryStrategy: (times: number) => Math.min(times * 200, 2000),
  });
  client.on("error", () => {}); // surfaced through the failing command; without a listener ioredis logs to stderr
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw new Error(`redis: cannot connect to ${redactUrl(url)}: ${(error as Error).message}`);
  }
  return client;
}

/** A URL for messages: never the password. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/[^@/]*@/, "//***@");
}
