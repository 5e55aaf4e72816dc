/*
 * Encodes the browser suite's demo video ahead of the suite: starts its server on its data folder,
 * waits until all the demo content is in (/healthz/content), and stops it. The suite's own start
 * then finds the content there and serves at once. CI runs this at the lowest priority while the
 * checks and the server suites run, in the CPU they leave idle (.ci/run).
 */
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { E2E_PORT, e2eServerEnv, root, SERVER_ENTRY } from './server';

const LIMIT_MS = 600_000;
const started = Date.now();
// one process (tsx as a loader, no wrappers), in this process's session: a priority set on this
// one (nice) holds for the server and every ffmpeg it runs, and SIGTERM reaches the server itself
const server = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
  cwd: root,
  env: { ...process.env, ...e2eServerEnv(E2E_PORT) },
  stdio: 'inherit',
});
const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
let running = true;
void exited.then(() => (running = false));

async function stopServer() {
  // the server drains, stops encoding and closes its database on SIGTERM (main.ts)
  if (running) server.kill('SIGTERM');
  await exited;
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
while (running && Date.now() - started < LIMIT_MS) {
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
