import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TEST_JWT_SECRET, TEST_MEDIA_SECRET } from './harness';

const SERVER_DIR = path.resolve(import.meta.dirname, '..', '..');

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface Instance {
  url: string;
  process: ChildProcess;
  /** the instance's stderr and stdout so far, for failure messages */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** The real main.ts in a child process, sharing the given database, Redis and bucket. */
export async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'snapdrama-instance-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      JWT_SECRET: TEST_JWT_SECRET,
      MEDIA_SIGNING_SECRET: TEST_MEDIA_SECRET,
      SEED_DEMO: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance exited:\n${output}`);
    const ready = await fetch(`${url}/readyz`).catch(() => undefined);
    if (ready?.status === 200) break;
    if (Date.now() > deadline) throw new Error(`instance not ready in time:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    process: child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A tiny round-robin HTTP proxy in front of the instances, like a load balancer. */
export async function startProxy(targets: string[]): Promise<{
  url: string;
  close: () => Promise<void>;
}> {
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const server = http.createServer((req, res) => {
    const target = new URL(targets[next++ % targets.length] ?? '');
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end('{"code":502000,"message":"Bad gateway","data":null}');
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
}

export const sharedCachePrefix = () => `multi:${randomUUID()}`;
