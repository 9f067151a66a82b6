/**
 * @module
 * Tests only: a real redis-server (Debian's) on a random loopback port, with
 * persistence off, started by the test and stopped after it. A missing
 * redis-server is a failure with instructions, never a skip.
 */

import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface RedisServer {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Kill the server (SIGKILL: no chance to save) and start it again on the same port and data directory. */
  crashAndRestart(downMs?: number): Promise<void>;
}

export interface RedisOptions {
  /** Write every command to the append-only file before answering (appendfsync always): a restart loses nothing acknowledged. */
  durable?: boolean;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startRedis(options: RedisOptions = {}): Promise<RedisServer> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await startOnce(await freePort(), mkdtempSync(join(tmpdir(), "portcullis-redis-")), options);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") {
        throw new Error("redis-server is not installed: `apt-get install -y redis-server` (.ci/run does this); the Redis store tests need a real server");
      }
      lastError = error;
    }
  }
  throw lastError;
}

async function startOnce(port: number, dir: string, options: RedisOptions): Promise<RedisServer> {
  let child = await spawnRedis(port, dir, options);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: () => stop(child, dir),
    async crashAndRestart(downMs = 0) {
      const gone = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await gone;
      await new Promise((resolve) => setTimeout(resolve, downMs));
      child = await spawnRedis(port, dir, options);
    },
  };
}

async function spawnRedis(port: number, dir: string, options: RedisOptions): Promise<ChildProcess> {
  const persistence = options.durable ? ["--appendonly", "yes", "--appendfsync", "always"] : ["--appendonly", "no"];
  const child = spawn("redis-server", [
    "--port", String(port), "--bind", "127.0.0.1", "--save", "", ...persistence,
    "--dir", dir, "--daemonize", "no", "--loglevel", "warning", "--protected-mode", "yes",
  ], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<never>((_, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`redis-server exited with ${code}: ${output.trim()}`)));
  });
  exited.catch(() => {}); // after start-up, exiting is what stop() asks for
  await Promise.race([ping(port), exited]);
  return child;
}

/** Resolve once the server answers PING (up to ~5 s). */
async function ping(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("error", () => resolve(false));
      socket.once("connect", () => socket.write("PING\r\n"));
      socket.once("data", (d) => {
        socket.destroy();
        resolve(String(d).startsWith("+PONG"));
      });
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`redis-server did not answer on port ${port}`);
}

async function stop(child: ChildProcess, dir: string): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const done = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await done;
  }
  rmSync(dir, { recursive: true, force: true });
}
