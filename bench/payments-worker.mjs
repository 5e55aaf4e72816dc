/**
 * The client side of bench/payments.ts, in its own process so the client's event loop never
 * competes with the server's: every buyer sends its requests one after another over a kept-alive
 * connection until its list runs out or the time is up. Plain JavaScript, so it starts without the
 * TypeScript loader.
 *
 * One message in: { method, url, seconds, confirm, buyers: [{ requests: [{ userId, token, body }] }] }.
 * A buyer with one request repeats it (the baseline); otherwise each request is sent once.
 * `confirm`: success is code 0 with already_credited false (a confirmation that credited coins).
 * One message out: rate inputs, latencies, failures by code, credits per buyer and this
 * process's CPU time.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

function send(agent, method, url, token, payload) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (c) => chunks.push(c));
        response.on('end', () => {
          try {
            resolve({
              status: response.statusCode,
              body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
            });
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

process.once('message', async ({ method, url, seconds, confirm, buyers }) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: buyers.length });
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
    buyers.map(async (buyer) => {
      const repeat = buyer.requests.length === 1;
      for (let i = 0; repeat || i < buyer.requests.length; i++) {
        if (performance.now() >= endAt) return;
        const { userId, token, body } = buyer.requests[repeat ? 0 : i];
        const t0 = performance.now();
        const reply = await send(agent, method, url, token, body);
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
  agent.destroy();
  process.send(
    {
      elapsedSeconds,
      latencies,
      ok,
      failed,
      failures,
      credited,
      ranOut,
      cpuMs: (cpu.user + cpu.system) / 1000,
    },
    () => process.exit(0),
  );
});
