import { randomUUID } from 'node:crypto';
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { users } from '../apps/server/src/modules/auth/auth.tables';
import { benchDatabase, inLoadProcess, startApp } from './lib';

const USERS = Number(process.env.BENCH_WALLET_USERS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DRAMAS = 20;
const EPISODES = 60;
const PRICE = 10;

const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0)
    : 0;

/** One row of the table; CPU is this process: the server (the HTTP client runs in its own). */
function summary(
  target: string,
  latencies: number[],
  ok: number,
  failed: number,
  elapsedSeconds: number,
  cpu: NodeJS.CpuUsage,
  loopAtStart: EventLoopUtilization,
) {
  latencies.sort((x, y) => x - y);
  const busy = performance.eventLoopUtilization(loopAtStart).utilization;
  return {
    target,
    'unlocks/s': Math.round(ok / elapsedSeconds),
    unlocks: ok,
    'p50 ms': Number(percentile(latencies, 50).toFixed(1)),
    'p99 ms': Number(percentile(latencies, 99).toFixed(1)),
    'max ms': Number((latencies.at(-1) ?? 0).toFixed(1)),
    errors: failed,
    'cpu ms/unlock': ok ? Number(((cpu.user + cpu.system) / 1000 / ok).toFixed(2)) : 0,
    // how busy the server's event loop was: near 100 % means Node, not the database, is the limit
    'server loop busy': `${Math.round(busy * 100)} %`,
  };
}

/**
 * Coin unlocks per second and p99 with USERS signed-in users unlocking at once, each one
 * episode after another (only the next locked episode can be bought), then the ledger invariant.
 */
export async function run(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl)
    console.log('DATABASE_URL is not set: measuring on embedded PGlite (one connection)');
  // a new database each run, so every run measures the same table sizes
  const app = await startApp({
    databaseUrl: databaseUrl && (await benchDatabase(databaseUrl, 'snapdrama_bench_wallet', true)),
    redisUrl: process.env.REDIS_URL,
    seed: false,
  });
  try {
    const { services, database } = app;
    const now = new Date();
    const dramaIds: number[] = [];
    for (let d = 0; d < DRAMAS; d++) {
      const slug = `bench-wallet-${randomUUID().slice(0, 8)}`;
      dramaIds.push(
        await services.catalogRepo.upsertDrama(
          {
            slug,
            titleKey: `drama.${slug}.title`,
            descriptionKey: `drama.${slug}.description`,
            posterVerticalPath: '/resources/none.jpg',
            posterHorizontalPath: '/resources/none.jpg',
            episodeCount: EPISODES,
            registeredAt: now,
          },
          [],
          Array.from({ length: EPISODES }, (_, e) => ({
            number: e + 1,
            coin: e === 0 ? 0 : PRICE,
            mediaPrefix: 'clips/none',
          })),
        ),
      );
    }
    const members: { userId: string; token: string }[] = [];
    for (let i = 0; i < USERS; i++) {
      const [row] = await database.db
        .insert(users)
        .values({
          authMethod: 'google',
          providerSubject: `bench-${randomUUID()}`,
          nickname: `Bench${i}`,
          createdAt: now,
        })
        .returning({ id: users.id });
      if (!row) throw new Error('user insert failed');
      // coins in three lots of both kinds, so unlocks cross lots
      for (const [k, lot] of [
        { kind: 'bonus' as const, amount: 3_000, validDays: 3 },
        { kind: 'paid' as const, amount: 6_000, validDays: 7 },
        { kind: 'bonus' as const, amount: 6_000, validDays: 7 },
      ].entries()) {
        await services.wallet.grant({
          userId: row.id,
          kind: lot.kind,
          amount: lot.amount,
          source: lot.kind === 'paid' ? 'purchase' : 'event',
          idempotencyKey: `bench-${row.id}-${k}`,
          validDays: lot.validDays,
        });
      }
      const session = await services.auth.startSessionForUser(row.id);
      members.push({ userId: row.id, token: session.accessToken });
    }

    const perUser = new Map<string, number>();
    const position = members.map((_, i) => ({ drama: i % DRAMAS, epsd: 2 }));
    const failures = new Map<string, number>();

    /** Every user unlocks one episode after another for SECONDS; one row of the table. */
    async function drive(
      target: string,
      unlock: (
        m: (typeof members)[number],
        dramId: number,
        epsd: number,
      ) => Promise<{ charged: number; code: number }>,
    ) {
      const latencies: number[] = [];
      let ok = 0;
      let failed = 0;
      const endAt = performance.now() + SECONDS * 1000;
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      const loop = performance.eventLoopUtilization();
      await Promise.all(
        members.map(async (m, i) => {
          const at = position[i];
          if (!at) return;
          while (performance.now() < endAt) {
            if (at.epsd > EPISODES) {
              at.drama = (at.drama + 1) % DRAMAS;
              at.epsd = 2;
            }
            const t0 = performance.now();
            const result = await unlock(m, dramaIds[at.drama] ?? 0, at.epsd);
            latencies.push(performance.now() - t0);
            if (result.code === 0 && result.charged === PRICE) {
              ok += 1;
              perUser.set(m.userId, (perUser.get(m.userId) ?? 0) + 1);
              at.epsd += 1;
            } else {
              failed += 1;
              failures.set(String(result.code), (failures.get(String(result.code)) ?? 0) + 1);
              break;
            }
          }
        }),
      );
      const elapsed = (performance.now() - started) / 1000;
      return summary(target, latencies, ok, failed, elapsed, process.cpuUsage(cpuBefore), loop);
    }

    /** The HTTP row: the client loop runs in another process (load-worker.mjs), like a real client. */
    async function overHttp() {
      const target = 'POST /drama/episode/unlock/coin';
      const cpuBefore = process.cpuUsage();
      const loop = performance.eventLoopUtilization();
      const r = await inLoadProcess<{
        elapsedSeconds: number;
        latencies: number[];
        ok: number;
        failed: number;
        failures: Record<string, number>;
        perUser: Record<string, number>;
        positions: typeof position;
      }>('unlocks', {
        url: `${app.url}/api/v1/drama/episode/unlock/coin`,
        members: members.map((m) => ({ userId: m.userId, token: m.token })),
        dramaIds,
        episodes: EPISODES,
        price: PRICE,
        seconds: SECONDS,
        positions: position,
      });
      const cpu = process.cpuUsage(cpuBefore);
      for (const [userId, n] of Object.entries(r.perUser))
        perUser.set(userId, (perUser.get(userId) ?? 0) + n);
      r.positions.forEach((p, i) => position.splice(i, 1, p));
      for (const [code, n] of Object.entries(r.failures))
        failures.set(code, (failures.get(code) ?? 0) + n);
      return summary(target, r.latencies, r.ok, r.failed, r.elapsedSeconds, cpu, loop);
    }

    const rows = [
      await overHttp(),
      // the same work without HTTP, JSON and the session check: what the ledger itself costs
      await drive('wallet.spendForEpisode (in process)', async (m, dramId, epsd) => {
        try {
          const data = await services.wallet.spendForEpisode(
            { userId: m.userId, authMethod: 'google' },
            dramId,
            epsd,
          );
          return { code: 0, charged: data.usag_coin };
        } catch (error) {
          return { code: (error as { code?: number }).code ?? -1, charged: 0 };
        }
      }),
    ];

    // every user's balance is exactly what was granted minus what was bought
    let balanceMismatches = 0;
    for (const m of members) {
      const b = await services.wallet.balances(m.userId);
      if (b.paid + b.bonus !== 15_000 - (perUser.get(m.userId) ?? 0) * PRICE)
        balanceMismatches += 1;
    }
    const check = await services.wallet.checkInvariant();

    console.log(`database: ${database.kind}, ${USERS} concurrent users, ${SECONDS} s`);
    console.table(rows);
    if (failures.size) console.log('failures by code:', Object.fromEntries(failures));
    const t = check.totals;
    console.log(
      `invariant: ${check.violations.length} violations; granted ${t.granted} = valid ${t.valid} + expired ${t.expired} + spent ${t.spent} + refunded ${t.refunded}; balance mismatches ${balanceMismatches}`,
    );
    if (check.violations.length || balanceMismatches || rows.some((r) => r.errors))
      process.exitCode = 1;
  } finally {
    await app.close();
  }
}
