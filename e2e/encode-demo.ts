/*
 * Encodes the browser suite's demo video ahead of the suite: starts its server on its data folder,
 * waits until all the demo content is in (/healthz/content), and stops it. The suite's own start
 * then finds the content there and serves at once. CI runs this at the lowest priority while the
 * checks and the server suites run, in the CPU they leave idle (.ci/run).
 */
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { E2E_PORT, e2eServerEnv, root, SERVER_COMMAND } from './server';

const LIMIT_MS = 600_000;
const started = Date.now();
const server = spawn(SERVER_COMMAND, {
  cwd: root,
  env: { ...process.env, ...e2eServerEnv(E2E_PORT) },
  shell: true,
  stdio: 'inherit',
  // its own process group: the stop below reaches tsx's node and every ffmpeg it runs
  detached: true,
});
if (server.pid === undefined) throw new Error('the server did not start');
const group = server.pid;
let exited = false;
server.on('exit', () => (exited = true));

const groupAlive = () => {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
};

async function stopServer() {
  // the server drains, stops encoding and closes its database on SIGTERM (main.ts)
  if (groupAlive()) process.kill(-group, 'SIGTERM');
  while (groupAlive()) await sleep(100);
}

// stopped early (CI stops it when a stage before the browser suite fails): the server goes too
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.once(signal, () => void stopServer().then(() => process.exit(1)));

async function contentReady(): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${E2E_PORT}/healthz/content`);
    return response.status === 200;
  } catch {
    return false;
  }
}

let ready = false;
while (!exited && Date.now() - started < LIMIT_MS) {
  if (await contentReady()) {
    ready = true;
    break;
  }
  await sleep(500);
}
await stopServer();
const seconds = Math.round((Date.now() - started) / 1000);
if (!ready) {
  console.error(`encode-demo: the demo content was not ready after ${seconds} s`);
  process.exit(1);
}
console.log(`encode-demo: the browser suite's demo content is ready (${seconds} s)`);
