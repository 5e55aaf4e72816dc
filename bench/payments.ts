import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { users } from '../apps/server/src/modules/auth/auth.tables';
import { benchDatabase, startApp } from './lib';

const BUYERS = Number(process.env.BENCH_PAYMENT_BUYERS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** orders made ready per buyer before the clock starts (a buyer stops early when out of them) */
const ORDERS_PER_BUYER = Number(process.env.BENCH_PAYMENT_ORDERS ?? 40);
/** a pack without a first-charge bonus, so every order credits the same coins */
const PACK = { godsCode: 'coin_10000', krw: 110_000, coins: 10_000 + 3_000 };

const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0)
    : 0;

interface WorkerResult {
  elapsedSeconds: number;
  latencies: number[];
  ok: number;
  failed: number;
  failures: Record<string, number>;
  credited: Record<string, number>;
}

/** Runs the HTTP clients in a child process (bench/payments-worker.mjs). */
function inWorker(options: object): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./payments-worker.mjs', import.meta.url), { stdio: 'inherit' });
    child.once('message', (m) => resolve(m as WorkerResult));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`payments worker exited with ${code}`));
    });
    child.send(options);
  });
}

/**
 * Toss confirmations per second through PUT /payment/toss/confirm with BUYERS signed-in buyers at
 * once, against the local Toss stand-in (a real HTTP round trip to it per confirmation), then the
 * ledger invariant and every buyer's balance checked against the orders credited.
 */
export async function run(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl)
    console.log('DATABASE_URL is not set: measuring on embedded PGlite (one connection)');
  const app = await startApp({
    databaseUrl:
      databaseUrl && (await benchDatabase(databaseUrl, 'snapdrama_bench_payments', true)),
    redisUrl: process.env.REDIS_URL,
    seed: false,
  });
  try {
    const { services, database } = app;
    const fake = services.paymentsSandbox;
    if (!fake) throw new Error('the payment stand-in is off');
    const now = new Date();
    const buyers: {
      userId: string;
      token: string;
      confirms: { ordrId: string; amnt: number; pymnKey: string }[];
    }[] = [];
    const prepStarted = performance.now();
    for (let i = 0; i < BUYERS; i++) {
      const [row] = await database.db
        .insert(users)
        .values({
          authMethod: 'google',
          providerSubject: `bench-${randomUUID()}`,
          nickname: `Buyer${i}`,
          createdAt: now,
        })
        .returning({ id: users.id });
      if (!row) throw new Error('user insert failed');
      const session = await services.auth.startSessionForUser(row.id);
      buyers.push({ userId: row.id, token: session.accessToken, confirms: [] });
    }
    // orders registered and approved at the stand-in beforehand: only the confirmation is timed
    await Promise.all(
      buyers.map(async (b) => {
        for (let k = 0; k < ORDERS_PER_BUYER; k++) {
          const order = await services.orders.register({
            userId: b.userId,
            authMethod: 'google',
            godsCode: PACK.godsCode,
            gateway: 'T',
            price: PACK.krw,
          });
          const pymnKey = fake.toss.authorize({
            orderId: order.id,
            amount: PACK.krw,
            orderName: 'bench',
            outcome: 'approve',
          });
          b.confirms.push({ ordrId: order.id, amnt: PACK.krw, pymnKey });
        }
      }),
    );
    const prepSeconds = (performance.now() - prepStarted) / 1000;

    const cpuBefore = process.cpuUsage();
    const loop = performance.eventLoopUtilization();
    const r = await inWorker({
      url: `${app.url}/api/v1/payment/toss/confirm`,
      buyers,
      seconds: SECONDS,
    });
    const cpu = process.cpuUsage(cpuBefore);
    const busy = performance.eventLoopUtilization(loop).utilization;
    r.latencies.sort((a, b) => a - b);

    let balanceMismatches = 0;
    for (const b of buyers) {
      const balance = await services.wallet.balances(b.userId);
      if (balance.paid + balance.bonus !== (r.credited[b.userId] ?? 0) * PACK.coins) {
        balanceMismatches += 1;
      }
    }
    const states = await services.orders.countByState();
    const check = await services.wallet.checkInvariant();
    console.log(
      `database: ${database.kind}, ${BUYERS} concurrent buyers, ${SECONDS} s (${BUYERS * ORDERS_PER_BUYER} orders prepared in ${prepSeconds.toFixed(1)} s)`,
    );
    console.table([
      {
        target: 'PUT /payment/toss/confirm (Toss stand-in)',
        'confirmations/s': Math.round(r.ok / r.elapsedSeconds),
        confirmations: r.ok,
        'p50 ms': Number(percentile(r.latencies, 50).toFixed(1)),
        'p99 ms': Number(percentile(r.latencies, 99).toFixed(1)),
        'max ms': Number((r.latencies.at(-1) ?? 0).toFixed(1)),
        errors: r.failed,
        'cpu ms/confirm': r.ok ? Number(((cpu.user + cpu.system) / 1000 / r.ok).toFixed(2)) : 0,
        'server loop busy': `${Math.round(busy * 100)} %`,
      },
    ]);
    if (r.failed) console.log('failures by code:', r.failures);
    const t = check.totals;
    console.log(
      `orders by state: ${JSON.stringify(states)}; credited orders ${states.credited ?? 0} vs confirmations ${r.ok}`,
    );
    console.log(
      `invariant: ${check.violations.length} violations; granted ${t.granted} = valid ${t.valid} + expired ${t.expired} + spent ${t.spent} + refunded ${t.refunded}; balance mismatches ${balanceMismatches}`,
    );
    if (
      check.violations.length ||
      balanceMismatches ||
      r.failed ||
      (states.credited ?? 0) !== r.ok
    ) {
      process.exitCode = 1;
    }
  } finally {
    await app.close();
  }
}
