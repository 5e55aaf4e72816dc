/**
 * The load generators, run in a child process so the client's event loop never competes with the
 * server's (a real client is another machine); autocannon also only aggregates its results on a
 * main thread. Plain JavaScript, so it starts without the TypeScript loader.
 *
 * Jobs (the first message: { job, options }):
 * - 'autocannon': autocannon against one url, cycling through `paths` when given.
 * - 'unlocks': each member unlocks one episode after another for `seconds` (bench/wallet.ts).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

async function runAutocannon({ url, connections, duration, headers, method, body, paths, mix }) {
  let next = 0;
  const result = await autocannon({
    url,
    connections,
    duration,
    headers,
    method,
    body,
    // `mix`: whole requests ({ method, path, headers, body }) taken in turn, a mixed workload
    requests: mix?.length
      ? [{ setupRequest: (request) => ({ ...request, ...mix[next++ % mix.length] }) }]
      : paths?.length
        ? [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }]
        : undefined,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** One POST with a kept-alive connection; the reply's status and parsed JSON body. */
function post(agent, url, headers, payload) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          ...headers,
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
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

async function runUnlocks({ url, members, dramaIds, episodes, price, seconds, positions }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: members.length });
  const latencies = [];
  const perUser = {};
  const failures = {};
  let ok = 0;
  let failed = 0;
  const started = performance.now();
  const endAt = started + seconds * 1000;
  await Promise.all(
    members.map(async (m, i) => {
      const at = positions[i];
      while (performance.now() < endAt) {
        if (at.epsd > episodes) {
          at.drama = (at.drama + 1) % dramaIds.length;
          at.epsd = 2;
        }
        const t0 = performance.now();
        let code;
        let charged = 0;
        try {
          const reply = await post(
            agent,
            url,
            { authorization: `Bearer ${m.token}` },
            JSON.stringify({ dramId: dramaIds[at.drama], epsd: at.epsd }),
          );
          code = reply.status === 200 ? reply.body.code : reply.body.code || reply.status;
          charged = reply.body.data?.usag_coin ?? 0;
        } catch (error) {
          code = error.code ?? 'network';
        }
        latencies.push(performance.now() - t0);
        if (code === 0 && charged === price) {
          ok += 1;
          perUser[m.userId] = (perUser[m.userId] ?? 0) + 1;
          at.epsd += 1;
        } else {
          failed += 1;
          failures[code] = (failures[code] ?? 0) + 1;
          break;
        }
      }
    }),
  );
  agent.destroy();
  return {
    elapsedSeconds: (performance.now() - started) / 1000,
    latencies,
    ok,
    failed,
    failures,
    perUser,
    positions,
  };
}

const jobs = { autocannon: runAutocannon, unlocks: runUnlocks };
process.once('message', async ({ job, options }) => {
  process.send(await jobs[job](options), () => process.exit(0));
});
