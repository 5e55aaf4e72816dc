/**
 * The client side of bench/payments.ts, in its own process so the client's event loop never
 * competes with the server's: every buyer sends its confirmations one after another over a
 * kept-alive connection. Plain JavaScript, so it starts without the TypeScript loader.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

function put(agent, url, token, payload) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'PUT',
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

process.once('message', async ({ url, buyers, seconds }) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: buyers.length });
  const latencies = [];
  const failures = {};
  const credited = {};
  let ok = 0;
  let failed = 0;
  const started = performance.now();
  const endAt = started + seconds * 1000;
  await Promise.all(
    buyers.map(async (buyer) => {
      for (const confirm of buyer.confirms) {
        if (performance.now() >= endAt) break;
        const t0 = performance.now();
        const reply = await put(agent, url, buyer.token, JSON.stringify(confirm));
        latencies.push(performance.now() - t0);
        if (reply.status === 200 && reply.body.code === 0 && !reply.body.data.already_credited) {
          ok += 1;
          credited[buyer.userId] = (credited[buyer.userId] ?? 0) + 1;
        } else {
          failed += 1;
          const code = String(reply.body?.code ?? reply.status);
          failures[code] = (failures[code] ?? 0) + 1;
        }
      }
    }),
  );
  const elapsedSeconds = (performance.now() - started) / 1000;
  agent.destroy();
  process.send({ elapsedSeconds, latencies, ok, failed, failures, credited }, () =>
    process.exit(0),
  );
});
