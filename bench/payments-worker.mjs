/**
 * The client side of bench/payments.ts, in its own process so the client's event loop never
 * competes with the server's: every buyer sends its requests one after another over its own
 * kept-alive connection until its list runs out or the time is up. Plain JavaScript, so it starts
 * without the TypeScript loader.
 *
 * A lean load generator (decision 0711): it shares the two cores with the server, so every
 * millisecond it spends is one the server does not get. Each request is serialized to bytes once,
 * before the clock starts, and written on a raw `node:net` socket; the reply is read by its
 * status line and Content-Length (the server always sends one for JSON) without Node's HTTP
 * client machinery (agents, IncomingMessage streams, header objects). `http.request` cost
 * 0.6-0.75 ms of CPU per confirmation here; this costs about a tenth of that.
 *
 * Messages: in { type: 'work', method, url, seconds, confirm, buyers: [{ requests: [{ userId,
 * token, body }] }] }; out { type: 'ready' } once connected; in { type: 'go' }; out
 * { type: 'finished' } after the last reply; in { type: 'report' }; out { type: 'report', result }
 * (the parent measures the server between ready/go and finished).
 * A buyer with one request repeats it (the baseline); otherwise each request is sent once.
 * `confirm`: success is code 0 with already_credited false (a confirmation that credited coins).
 * The result: rate inputs, latencies, failures by code, credits per buyer and this process's CPU
 * time over the same window.
 */
import net from 'node:net';
import { performance } from 'node:perf_hooks';

const HEADER_END = Buffer.from('\r\n\r\n');

/** The bytes of one HTTP/1.1 request (kept alive, the default of HTTP/1.1). */
function serialize(method, target, token, body) {
  const payload = Buffer.from(body, 'utf8');
  const head =
    `${method} ${target.pathname}${target.search} HTTP/1.1\r\n` +
    `host: ${target.host}\r\n` +
    `authorization: Bearer ${token}\r\n` +
    'content-type: application/json\r\n' +
    `content-length: ${payload.length}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), payload]);
}

/**
 * One kept-alive connection that sends a request and resolves with { status, body } (body parsed
 * as JSON). One request at a time: a buyer waits for its reply before the next one.
 */
function connection(target) {
  const socket = net.connect({ host: target.hostname, port: Number(target.port), noDelay: true });
  let buffered = Buffer.alloc(0);
  let pending;
  let failure;
  const ready = new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.on('error', (error) => {
    failure = error;
    pending?.reject(error);
    pending = undefined;
  });
  socket.on('close', () => {
    pending?.reject(failure ?? new Error('the server closed the connection'));
    pending = undefined;
  });
  socket.on('data', (chunk) => {
    buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
    const end = buffered.indexOf(HEADER_END);
    if (end < 0 || !pending) return;
    const head = buffered.toString('latin1', 0, end);
    const status = Number(head.slice(9, 12));
    const match = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!match) {
      pending.reject(new Error(`a reply without content-length: ${head.split('\r\n')[0]}`));
      pending = undefined;
      socket.destroy();
      return;
    }
    const length = Number(match[1]);
    const start = end + HEADER_END.length;
    if (buffered.length < start + length) return;
    const text = buffered.toString('utf8', start, start + length);
    buffered = buffered.subarray(start + length);
    const done = pending;
    pending = undefined;
    try {
      done.resolve({ status, body: JSON.parse(text) });
    } catch (error) {
      done.reject(error);
    }
  });
  return {
    ready,
    send(bytes) {
      return new Promise((resolve, reject) => {
        if (failure) return reject(failure);
        pending = { resolve, reject };
        socket.write(bytes);
      });
    },
    close: () => socket.destroy(),
  };
}

/** The next message of this type from the parent. */
const nextMessage = (type) =>
  new Promise((resolve) => {
    const listen = (m) => {
      if (m?.type !== type) return;
      process.off('message', listen);
      resolve(m);
    };
    process.on('message', listen);
  });

nextMessage('work').then(async ({ method, url, seconds, confirm, buyers }) => {
  const target = new URL(url);
  // everything a request needs is made before the clock starts
  const prepared = buyers.map((buyer) =>
    buyer.requests.map(({ userId, token, body }) => ({
      userId,
      bytes: serialize(method, target, token, body),
    })),
  );
  const connections = buyers.map(() => connection(target));
  await Promise.all(connections.map((c) => c.ready));
  // the parent opens its measuring window, then says go
  const go = nextMessage('go');
  process.send({ type: 'ready' });
  await go;
  const latencies = [];
  const failures = {};
  const credited = {};
  let ok = 0;
  let failed = 0;
  let ranOut = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const endAt = started + seconds * 1000;
  await Promise.all(
    prepared.map(async (requests, b) => {
      const conn = connections[b];
      const repeat = requests.length === 1;
      for (let i = 0; repeat || i < requests.length; i++) {
        const t0 = performance.now();
        if (t0 >= endAt) return;
        const { userId, bytes } = requests[repeat ? 0 : i];
        const reply = await conn.send(bytes);
        latencies.push(performance.now() - t0);
        const good =
          reply.status === 200 &&
          reply.body.code === 0 &&
          (!confirm || !reply.body.data.already_credited);
        if (good) {
          ok += 1;
          if (confirm) credited[userId] = (credited[userId] ?? 0) + 1;
        } else {
          failed += 1;
          const code = String(reply.body?.code ?? reply.status);
          failures[code] = (failures[code] ?? 0) + 1;
        }
      }
      ranOut += 1;
    }),
  );
  const elapsedSeconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  // the parent closes its window before the report (the latencies) crosses over
  const report = nextMessage('report');
  process.send({ type: 'finished' });
  await report;
  for (const c of connections) c.close();
  process.send(
    {
      type: 'report',
      result: {
        elapsedSeconds,
        latencies,
        ok,
        failed,
        failures,
        credited,
        ranOut,
        cpuMs: (cpu.user + cpu.system) / 1000,
      },
    },
    () => process.exit(0),
  );
});
