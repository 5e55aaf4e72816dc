/**
 * An evening on the service: viewers browse lists, search, open drama info, start episodes, fetch
 * their signed media, unlock with coins and look at their coin history. Runs against one real
 * instance (main.ts in a child process) and then two sharing PostgreSQL and Redis, stepping the
 * number of connections until p99 passes 100 ms, and prints the sustained req/s per instance and
 * the ratio of two instances to one.
 *
 *   DATABASE_URL=postgres://... REDIS_URL=redis://... npm run bench -w @snapdrama/bench evening
 */
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { systemClock } from '../apps/server/src/clock';
import { users } from '../apps/server/src/modules/auth/auth.tables';
import { startInstance, type Instance } from '../apps/server/src/test/instances';
import { BENCH_SECRET, benchDatabase, load, startApp, type LoadResult } from './lib';

const TARGET_P99_MS = 100;
const STEPS = [1, 2, 4, 8, 16, 32, 64, 128];
const VIEWERS = 20;

type Request = { method: string; path: string; headers?: Record<string, string>; body?: string };

async function api(base: string, method: string, route: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}/api/v1${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { code: number; data: unknown };
}

/** The evening's requests of one signed-in viewer (a member with coins). */
export async function viewerMix(base: string, index: number, token: string): Promise<Request[]> {
  const dramId = (index % 6) + 1;
  const episode = await api(base, 'POST', '/drama/episode', token, { dramId, epsd: 1 });
  const urls = (episode.data as { videoUrlList?: { quality: string; videoUrl: string }[] } | null)
    ?.videoUrlList;
  const media = urls?.find((u) => u.quality === 'Auto')?.videoUrl ?? '';
  // the drama's first paid episode (demo dramas start paying at 5 to 9), bought once here; in the
  // mix its unlock answers "already unlocked" and its start plays, as on a viewer's second visit
  let paid = 1;
  for (let epsd = 1; epsd <= 12; epsd++) {
    const unlock = await api(base, 'POST', '/drama/episode/unlock/coin', token, { dramId, epsd });
    if (unlock.code === 0) {
      paid = epsd;
      break;
    }
  }
  const auth = { authorization: `Bearer ${token}` };
  const json = { ...auth, 'content-type': 'application/json' };
  const get = (p: string): Request => ({ method: 'GET', path: p, headers: auth });
  const post = (p: string, body: object): Request => ({
    method: 'POST',
    path: `/api/v1${p}`,
    headers: json,
    body: JSON.stringify(body),
  });
  // 20 requests in an evening's proportions: mostly browsing, a few plays, one coin action each
  return [
    get('/api/v1/drama/list/0/12/1'),
    get('/api/v1/drama/view-count/list/10/1'),
    get(`/api/v1/drama/info/${dramId}`),
    get('/api/v1/drama/list/0/12/2'),
    get(
      `/api/v1/drama/search/list/${encodeURIComponent(['moon', 'love', '사랑'][index % 3] ?? '')}/12/1`,
    ),
    post('/drama/episode', { dramId, epsd: 1 }),
    ...(media ? [get(media), get(media)] : []),
    get(`/api/v1/drama/info/${(dramId % 6) + 1}`),
    get('/api/v1/drama/list/0/12/1'),
    post('/drama/episode/unlock/coin', { dramId, epsd: paid }),
    get('/api/v1/drama/view-count/list/10/1'),
    get(
      `/api/v1/drama/search/list/${encodeURIComponent(['night', 'star', '비밀'][index % 3] ?? '')}/12/1`,
    ),
    post('/drama/episode', { dramId, epsd: paid }),
    get(`/api/v1/drama/info/${dramId}`),
    get('/api/v1/user/coin-history/A/2026-06-01/2026-11-30'),
    get('/api/v1/drama/list/0/12/3'),
    get(`/api/v1/drama/info/${((dramId + 1) % 6) + 1}`),
  ];
}

interface Step {
  connections: number;
  requestsPerSecond: number;
  p99: number;
  failed: number;
}

/** Steps the connections, split evenly over the instances, until p99 passes the target. */
async function stepUp(instances: Instance[], mixes: Request[][]): Promise<Step[]> {
  const steps: Step[] = [];
  for (const connections of STEPS.filter((c) => c >= instances.length)) {
    const per = Math.max(1, Math.floor(connections / instances.length));
    const results: LoadResult[] = await Promise.all(
      instances.map((instance, i) =>
        load(`evening x${instances.length} #${i}`, {
          url: instance.url,
          connections: per,
          duration: Number(process.env.BENCH_SECONDS ?? 8),
          mix: mixes.filter((_, j) => j % instances.length === i).flat(),
        }),
      ),
    );
    const step = {
      connections: per * instances.length,
      requestsPerSecond: results.reduce((s, r) => s + r.requestsPerSecond, 0),
      p99: Math.max(...results.map((r) => r.p99)),
      failed: results.reduce((s, r) => s + r.errors + r.non2xx, 0),
    };
    steps.push(step);
    console.log(
      `  ${instances.length} instance(s), ${step.connections} connections: ${Math.round(step.requestsPerSecond)} req/s, p99 ${step.p99} ms, ${step.failed} failed`,
    );
    if (step.p99 > TARGET_P99_MS) break;
  }
  return steps;
}

/** The best throughput among the steps that kept p99 within the target. */
const sustained = (steps: Step[]) =>
  Math.max(0, ...steps.filter((s) => s.p99 <= TARGET_P99_MS).map((s) => s.requestsPerSecond));

export async function run(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  if (!databaseUrl || !redisUrl) {
    console.log('evening needs DATABASE_URL and REDIS_URL (PostgreSQL and Redis); skipped');
    return;
  }
  const url = await benchDatabase(databaseUrl, 'bench_evening', true);
  const media = await mkdtemp(path.join(tmpdir(), 'snapdrama-evening-'));
  // the pre-encoded test clips stand in for the demo seed's (no encoding during the bench)
  await symlink(
    path.resolve(import.meta.dirname, '../apps/server/.cache/test-media/clips'),
    path.join(media, 'clips'),
  ).catch(() => undefined);
  const env = {
    DATABASE_URL: url,
    DATABASE_POOL_SIZE: '10',
    REDIS_URL: redisUrl,
    CACHE_PREFIX: `bench:${randomUUID()}`,
    MEDIA_DIR: media,
    // the members' sessions are made by this process's app
    JWT_SECRET: BENCH_SECRET,
    MEDIA_SIGNING_SECRET: BENCH_SECRET,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'error',
    // one load generator on one address stands for many viewers
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000000',
    WRITE_RATE_LIMIT_PER_MINUTE: '1000000000',
  };
  const instances: Instance[] = [];
  try {
    instances.push(await startInstance(env)); // seeds the catalog once
    instances.push(await startInstance(env));
    const first = instances[0];
    if (!first) throw new Error('no instance');
    // members (only members unlock and keep coin history), made the way a sign-in ends, with coins
    const admin = await startApp({ databaseUrl: url, redisUrl, seed: false });
    const tokens: string[] = [];
    try {
      for (let i = 0; i < VIEWERS; i++) {
        const [row] = await admin.database.db
          .insert(users)
          .values({
            authMethod: 'google',
            providerSubject: `evening-${randomUUID()}`,
            nickname: `Evening${i}`,
            email: `evening${i}@example.test`,
            createdAt: systemClock.now(),
          })
          .returning({ id: users.id });
        if (!row) throw new Error('user insert returned nothing');
        await admin.services.wallet.grant({
          userId: row.id,
          kind: 'paid',
          amount: 100_000,
          source: 'purchase',
          idempotencyKey: `evening-${row.id}`,
          validDays: 30,
        });
        tokens.push((await admin.services.auth.startSessionForUser(row.id)).accessToken);
      }
    } finally {
      await admin.close();
    }
    const mixes = await Promise.all(tokens.map((token, i) => viewerMix(first.url, i, token)));
    console.log(`mix of ${mixes[0]?.length ?? 0} requests per viewer, ${VIEWERS} viewers`);
    const one = await stepUp([first], mixes);
    const two = await stepUp(instances, mixes);
    const s1 = sustained(one);
    const s2 = sustained(two);
    console.table([
      {
        setup: '1 instance',
        'sustained req/s (p99 <= 100 ms)': Math.round(s1),
        'req/s per instance': Math.round(s1),
      },
      {
        setup: '2 instances',
        'sustained req/s (p99 <= 100 ms)': Math.round(s2),
        'req/s per instance': Math.round(s2 / 2),
      },
    ]);
    console.log(
      `two-to-one ratio: ${s1 ? (s2 / s1).toFixed(2) : 'n/a'}x (cores: ${(await import('node:os')).cpus().length})`,
    );
  } finally {
    for (const instance of instances) await instance.stop();
    await rm(media, { recursive: true, force: true });
  }
}
