import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { users } from '../apps/server/src/modules/auth/auth.tables';
import { startApp } from './lib';

const USERS = Number(process.env.BENCH_WALLET_USERS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DRAMAS = 4;
const EPISODES = 60;
const PRICE = 10;

const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0)
    : 0;

/**
 * Coin unlocks per second and p99 with USERS signed-in users unlocking at once, each one
 * episode after another (only the next locked episode can be bought), then the ledger invariant.
 */
export async function run(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl)
    console.log('DATABASE_URL is not set: measuring on embedded PGlite (one connection)');
  const app = await startApp({ databaseUrl, redisUrl: process.env.REDIS_URL, seed: false });
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

    const latencies: number[] = [];
    let ok = 0;
    let failed = 0;
    const failures = new Map<string, number>();
    const perUser = new Map<string, number>();
    const endAt = performance.now() + SECONDS * 1000;
    const started = performance.now();
    const cpuBefore = process.cpuUsage();

    await Promise.all(
      members.map(async (m, i) => {
        let drama = i % DRAMAS;
        let epsd = 2;
        while (performance.now() < endAt) {
          if (epsd > EPISODES) {
            drama = (drama + 1) % DRAMAS;
            epsd = 2;
          }
          const t0 = performance.now();
          const res = await fetch(`${app.url}/api/v1/drama/episode/unlock/coin`, {
            method: 'POST',
            headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ dramId: dramaIds[drama], epsd }),
          });
          const body = (await res.json()) as { code: number; data: { usag_coin: number } | null };
          latencies.push(performance.now() - t0);
          if (res.status === 200 && body.code === 0 && body.data?.usag_coin === PRICE) {
            ok += 1;
            perUser.set(m.userId, (perUser.get(m.userId) ?? 0) + 1);
            epsd += 1;
          } else {
            failed += 1;
            failures.set(String(body.code), (failures.get(String(body.code)) ?? 0) + 1);
            break;
          }
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    // client and server share this process: CPU per unlock bounds what one core can do
    const cpuMsPerUnlock = ok ? (cpu.user + cpu.system) / 1000 / ok : 0;
    latencies.sort((a, b) => a - b);

    // every user's balance is exactly what was granted minus what was bought
    let balanceMismatches = 0;
    for (const m of members) {
      const b = await services.wallet.balances(m.userId);
      if (b.paid + b.bonus !== 15_000 - (perUser.get(m.userId) ?? 0) * PRICE)
        balanceMismatches += 1;
    }
    const check = await services.wallet.checkInvariant();

    console.log(`database: ${database.kind}, ${USERS} concurrent users, ${SECONDS} s`);
    console.table([
      {
        target: 'POST /drama/episode/unlock/coin',
        'unlocks/s': Math.round(ok / elapsed),
        unlocks: ok,
        'p50 ms': Number(percentile(latencies, 50).toFixed(1)),
        'p99 ms': Number(percentile(latencies, 99).toFixed(1)),
        'max ms': Number((latencies.at(-1) ?? 0).toFixed(1)),
        errors: failed,
        'cpu ms/unlock': Number(cpuMsPerUnlock.toFixed(2)),
      },
    ]);
    if (failures.size) console.log('failures by code:', Object.fromEntries(failures));
    const t = check.totals;
    console.log(
      `invariant: ${check.violations.length} violations; granted ${t.granted} = valid ${t.valid} + expired ${t.expired} + spent ${t.spent} + refunded ${t.refunded}; balance mismatches ${balanceMismatches}`,
    );
    if (check.violations.length || balanceMismatches || failed) process.exitCode = 1;
  } finally {
    await app.close();
  }
}
