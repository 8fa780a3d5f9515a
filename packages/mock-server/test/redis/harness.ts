// A real redis-server on a free port, started by the tests as a child process
// and stopped at the end, and mock processes (instance.mjs) sharing it.
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';

export const INSTALL = 'apt-get install -y redis-server';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface RedisServer {
  readonly url: string;
  /** A client of its own, for the tests to look at the keys. */
  readonly client: Redis;
  /** Stops it (SIGTERM: the append-only file is kept) and waits for the exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port and directory. */
  start(): Promise<void>;
  /** Stops it and removes its directory. */
  dispose(): Promise<void>;
}

export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'mock-redis-'));
  let child: ChildProcess | undefined;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const server = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes'],
        { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child = server;
      let output = '';
      server.on('error', (error: NodeJS.ErrnoException) =>
        reject(
          error.code === 'ENOENT' ? new Error(`redis-server is not installed; these tests need it: ${INSTALL}`) : error,
        ),
      );
      server.stdout!.on('data', (chunk: Buffer) => {
        output += chunk;
        if (output.includes('Ready to accept connections')) resolve();
      });
      server.on('exit', (code) => reject(new Error(`redis-server exited (${code}):\n${output}`)));
    });
  await start();
  const client = new Redis(`redis://127.0.0.1:${port}/0`, { maxRetriesPerRequest: null });
  // While the outage test has it stopped, the client reconnects quietly.
  client.on('error', () => undefined);
  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };
  return {
    url: `redis://127.0.0.1:${port}/0`,
    client,
    stop,
    start,
    async dispose() {
      client.disconnect();
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface InstanceSettings {
  store: string;
  prefix: string;
  now?: number;
  idleMs?: number;
  rateLimit?: boolean;
  seed?: boolean;
  limits?: Record<string, number>;
}

export interface Instance {
  readonly url: string;
  readonly process: ChildProcess;
  /** Sets the instance's clock (ms since the epoch) and waits until it has. */
  setClock(now: number): Promise<void>;
  /** fetch with a bearer token; a form body if given. */
  call(method: string, path: string, token: string, body?: string): Promise<Response>;
  stop(): Promise<void>;
}

const INSTANCE = fileURLToPath(new URL('./instance.mjs', import.meta.url));

export async function startInstance(settings: InstanceSettings): Promise<Instance> {
  if (!existsSync(new URL('../../dist/node/index.js', import.meta.url)))
    throw new Error('The mock is not built: run `pnpm --filter @webmon/mock-server build` first.');
  const child = fork(INSTANCE, [JSON.stringify(settings)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (message: { url?: string }) => (message.url ? resolve(message.url) : reject()));
    child.once('exit', (code) => reject(new Error(`the mock process exited (${code}) before listening`)));
  });
  return {
    url,
    process: child,
    setClock: (now) =>
      new Promise<void>((resolve) => {
        child.once('message', () => resolve());
        child.send({ now });
      }),
    call: (method, path, token, body) =>
      fetch(`${url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body !== undefined && { 'content-type': 'application/x-www-form-urlencoded' }),
        },
        body,
      }),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await exited;
    },
  };
}
