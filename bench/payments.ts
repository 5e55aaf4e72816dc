import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { users } from '../apps/server/src/modules/auth/auth.tables';
import { createTossClient } from '../apps/server/src/modules/payments/providers/toss';
import { SANDBOX_KEYS } from '../apps/server/src/modules/payments/sandbox/fake-providers';
import { benchDatabase, startApp } from './lib';

const BUYERS = Number(process.env.BENCH_PAYMENT_BUYERS ?? 100);
/**
 * Each concurrent buyer confirms orders of this many signed-in users in turn. The reply carries
 * the balance, a sum over the user's valid lots (decision 0200); one user buying hundreds of packs
 * in seconds would make that sum, not the confirmation, the thing measured (decision 0710).
 */
const USERS_PER_BUYER = Number(process.env.BENCH_PAYMENT_USERS_PER_BUYER ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** baseline and confirmations alternate this many times, so a neighbour's burst hits both */
const ROUNDS = Number(process.env.BENCH_PAYMENT_ROUNDS ?? 3);
/**
 * orders made ready per buyer and round before the clock starts (a buyer stops when out of them;
 * 60 last about the 5 s at 1,200 confirmations/s)
 */
const ORDERS_PER_ROUND = Number(process.env.BENCH_PAYMENT_ORDERS ?? 60);
/** a pack without a first-charge bonus, so every order credits the same coins */
const PACK = { godsCode: 'coin_10000', krw: 110_000, coins: 10_000 + 3_000 };
const DB_NAME = 'snapdrama_bench_payments';
/** when set, a V8 CPU profile of the server process during the confirmation rounds is written here */
const PROFILE = process.env.BENCH_PAYMENT_PROFILE;

const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0)
    : 0;
const median = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );
const round1 = (x: number) => Number(x.toFixed(1));
const round2 = (x: number) => Number(x.toFixed(2));

interface WorkerResult {
  elapsedSeconds: number;
  latencies: number[];
  ok: number;
  failed: number;
  failures: Record<string, number>;
  credited: Record<string, number>;
  ranOut: number;
  cpuMs: number;
}

interface Member {
  userId: string;
  token: string;
}

interface Request extends Member {
  body: string;
}

/** Starts and stops the measured window (CPU of each process, statements, event loop). */
interface Window {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs the HTTP clients in a child process (bench/payments-worker.mjs). The window opens when the
 * worker has its requests and connections ready and closes when its last reply is in, before it
 * sends its report: passing the request lists and the latencies between the processes is the
 * bench's own work, not the server's, and stays out of the CPU per request.
 */
function inWorker(
  options: {
    method: 'GET' | 'PUT';
    url: string;
    seconds: number;
    confirm: boolean;
    buyers: { requests: Request[] }[];
  },
  window: Window,
): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./payments-worker.mjs', import.meta.url), {
      stdio: 'inherit',
      execArgv: [],
    });
    child.on('message', (m: { type: string; result?: WorkerResult }) => {
      if (m.type === 'ready') void window.start().then(() => child.send({ type: 'go' }), reject);
      if (m.type === 'finished')
        void window.stop().then(() => child.send({ type: 'report' }), reject);
      if (m.type === 'report' && m.result) resolve(m.result);
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`payments worker exited with ${code}`));
    });
    child.send({ type: 'work', ...options });
  });
}

/** The Toss stand-in in its own process (bench/payments-standin.ts). */
interface StandIn {
  url: string;
  authorize(orders: { orderId: string; amount: number }[]): Promise<string[]>;
  cpuMs(): Promise<number>;
  close(): void;
}

interface StandInAnswer {
  keys?: string[];
  cpuMs?: number;
}

async function startStandIn(): Promise<StandIn> {
  const child = fork(new URL('./payments-standin.ts', import.meta.url), {
    stdio: 'inherit',
    execArgv: ['--import', 'tsx'],
  });
  let next = 0;
  const waiting = new Map<number, (m: StandInAnswer) => void>();
  const url = await new Promise<string>((resolve, reject) => {
    child.on('message', (m: { type: string; id?: number; url?: string } & StandInAnswer) => {
      if (m.type === 'ready' && m.url) resolve(m.url);
      if (m.type === 'answer' && m.id !== undefined) {
        waiting.get(m.id)?.(m);
        waiting.delete(m.id);
      }
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the stand-in exited with ${code}`)));
  });
  const ask = (message: object) =>
    new Promise<StandInAnswer>((resolve) => {
      const id = next++;
      waiting.set(id, resolve);
      child.send({ ...message, id });
    });
  return {
    url,
    authorize: async (orders) => (await ask({ type: 'authorize', orders })).keys ?? [],
    cpuMs: async () => (await ask({ type: 'cpu' })).cpuMs ?? 0,
    close: () => child.disconnect(),
  };
}

/**
 * CPU time of the PostgreSQL backends serving the bench database, read from /proc (the server is
 * on this machine in the bench set-up); undefined where /proc or the server is not reachable.
 */
async function pgBackendTicks(admin: pg.Client | undefined): Promise<Map<number, number>> {
  const ticks = new Map<number, number>();
  if (!admin) return ticks;
  const { rows } = await admin.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [DB_NAME],
  );
  for (const { pid } of rows) {
    try {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      // fields after the command name (which may hold spaces): utime is the 14th, stime the 15th
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // the backend ended between the two reads
    }
  }
  return ticks;
}

/** Milliseconds of backend CPU between two samples (a backend started in between counts whole). */
function pgCpuMs(before: Map<number, number>, after: Map<number, number>): number {
  let ticks = 0;
  for (const [pid, t] of after) ticks += t - (before.get(pid) ?? 0);
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

/** Counts the statements node-postgres sends (round trips to the database) while `count` is on. */
const statements = { count: 0, on: false };
const clientQuery = Reflect.get(pg.Client.prototype, 'query') as (...args: unknown[]) => unknown;
Reflect.set(pg.Client.prototype, 'query', function (this: pg.Client, ...args: unknown[]) {
  if (statements.on) statements.count += 1;
  return clientQuery.apply(this, args);
});

interface Measured {
  target: string;
  rate: number;
  done: number;
  p50: number;
  p99: number;
  errors: number;
  failures: Record<string, number>;
  nodeMs: number;
  /** the Toss stand-in's process */
  standInMs: number;
  pgMs: number | undefined;
  clientMs: number | undefined;
  sql: number;
  loopBusy: number;
  credited: Record<string, number>;
  ranOut: number;
}

/**
 * Toss confirmations per second through PUT /payment/toss/confirm with BUYERS signed-in buyers at
 * once, against the local Toss stand-in (a real HTTP round trip to it per confirmation, through
 * the app's Toss adapter configured as for the live API), beside a baseline in the same run: PUT
 * /user/lang, an authenticated write through the same stack (HTTP, session check, rate limit,
 * validation, one committed UPDATE). The two alternate ROUNDS times, after one confirmation round
 * that is not measured (the JIT warms up). The stand-in runs in a process of its own, as the
 * provider runs elsewhere in production (decision 0711). Per request: CPU of this Node process
 * (the server), of the stand-in, of the PostgreSQL backends and of the client process, and the
 * statements sent to the database. Then the ledger invariant and every buyer's balance against
 * the confirmations that credited (the warm-up's included).
 */
export async function run(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl)
    console.log('DATABASE_URL is not set: measuring on embedded PGlite (one connection)');
  const benchUrl = databaseUrl && (await benchDatabase(databaseUrl, DB_NAME, true));
  const standIn = await startStandIn();
  const app = await startApp({
    databaseUrl: benchUrl,
    redisUrl: process.env.REDIS_URL,
    seed: false,
    // the app's Toss adapter as for the live API, pointed at the stand-in's process
    env: {
      TOSS_CLIENT_KEY: SANDBOX_KEYS.tossClientKey,
      TOSS_SECRET_KEY: SANDBOX_KEYS.tossSecretKey,
      TOSS_API_BASE: `${standIn.url}/toss`,
    },
  });
  let admin: pg.Client | undefined;
  if (benchUrl) {
    admin = new pg.Client({ connectionString: benchUrl });
    await admin.connect();
  }
  try {
    const { services, database } = app;
    const now = new Date();
    const members: Member[] = [];
    const prepStarted = performance.now();
    for (let i = 0; i < BUYERS * USERS_PER_BUYER; i++) {
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
      members.push({ userId: row.id, token: session.accessToken });
    }
    const buyers = Array.from({ length: BUYERS }, (_, i) => ({
      members: members.slice(i * USERS_PER_BUYER, (i + 1) * USERS_PER_BUYER),
      rounds: [] as Request[][],
    }));
    // orders registered and approved at the stand-in beforehand: only the confirmation is timed
    await Promise.all(
      buyers.map(async (b) => {
        // round 0 is the warm-up
        for (let r = 0; r <= ROUNDS; r++) {
          const requests: Request[] = [];
          const orders: { orderId: string; amount: number; member: Member }[] = [];
          for (let k = 0; k < ORDERS_PER_ROUND; k++) {
            const member = b.members[k % b.members.length];
            if (!member) throw new Error('a buyer without users');
            const order = await services.payments.register({
              userId: member.userId,
              authMethod: 'google',
              godsCode: PACK.godsCode,
              gateway: 'T',
              price: PACK.krw,
            });
            orders.push({ orderId: order.id, amount: PACK.krw, member });
          }
          const keys = await standIn.authorize(orders);
          for (const [k, o] of orders.entries()) {
            const pymnKey = keys[k];
            if (!pymnKey) throw new Error('the stand-in approved no payment');
            requests.push({
              userId: o.member.userId,
              token: o.member.token,
              body: JSON.stringify({ ordrId: o.orderId, amnt: o.amount, pymnKey }),
            });
          }
          b.rounds.push(requests);
        }
      }),
    );
    const prepSeconds = (performance.now() - prepStarted) / 1000;

    const baselineTarget = 'PUT /user/lang (baseline)';
    const confirmTarget = 'PUT /payment/toss/confirm';
    let profiles = 0;
    async function measure(
      target: string,
      work: (
        window: Window,
      ) => Promise<{ ok: number; failed: number; elapsedSeconds: number } & Partial<WorkerResult>>,
    ): Promise<Measured> {
      const profiler = PROFILE && target === confirmTarget ? new Session() : undefined;
      let pgBefore = new Map<number, number>();
      let pgAfter = new Map<number, number>();
      let cpuBefore = process.cpuUsage();
      let cpu = cpuBefore;
      let standInBefore = 0;
      let standInCpu = 0;
      let loop = performance.eventLoopUtilization();
      let busy = 0;
      const r = await work({
        async start() {
          if (profiler) {
            profiler.connect();
            await profiler.post('Profiler.enable');
            await profiler.post('Profiler.start');
          }
          pgBefore = await pgBackendTicks(admin);
          standInBefore = await standIn.cpuMs();
          cpuBefore = process.cpuUsage();
          loop = performance.eventLoopUtilization();
          statements.count = 0;
          statements.on = true;
        },
        async stop() {
          statements.on = false;
          cpu = process.cpuUsage(cpuBefore);
          busy = performance.eventLoopUtilization(loop).utilization;
          standInCpu = (await standIn.cpuMs()) - standInBefore;
          pgAfter = await pgBackendTicks(admin);
          if (profiler && PROFILE) {
            const { profile } = await profiler.post('Profiler.stop');
            const file = `${PROFILE.replace(/\.cpuprofile$/, '')}-${profiles++}.cpuprofile`;
            await writeFile(file, JSON.stringify(profile));
            profiler.disconnect();
          }
        },
      });
      const pgMs = admin ? pgCpuMs(pgBefore, pgAfter) : undefined;
      const latencies = (r.latencies ?? []).sort((a, b) => a - b);
      const per = (ms: number) => (r.ok ? ms / r.ok : 0);
      return {
        target,
        rate: r.ok / r.elapsedSeconds,
        done: r.ok,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        errors: r.failed,
        failures: r.failures ?? {},
        nodeMs: per((cpu.user + cpu.system) / 1000),
        standInMs: per(standInCpu),
        pgMs: pgMs === undefined ? undefined : per(pgMs),
        clientMs: r.cpuMs === undefined ? undefined : per(r.cpuMs),
        sql: per(statements.count),
        loopBusy: busy,
        credited: r.credited ?? {},
        ranOut: r.ranOut ?? 0,
      };
    }

    const results: Measured[] = [];
    const credited: Record<string, number> = {};
    const addCredited = (m: { credited?: Record<string, number> }) => {
      for (const [user, n] of Object.entries(m.credited ?? {}))
        credited[user] = (credited[user] ?? 0) + n;
    };
    // the warm-up: the same confirmations, not measured (the first round ran 25-35 % slower, the
    // JIT still compiling; decision 0711)
    const noWindow: Window = { start: async () => undefined, stop: async () => undefined };
    const warmUp = await inWorker(
      {
        method: 'PUT',
        url: `${app.url}/api/v1/payment/toss/confirm`,
        seconds: SECONDS,
        confirm: true,
        buyers: buyers.map((b) => ({ requests: b.rounds[0] ?? [] })),
      },
      noWindow,
    );
    addCredited(warmUp);
    if (warmUp.failed) console.log('warm-up failures by code:', warmUp.failures);
    for (let round = 1; round <= ROUNDS; round++) {
      results.push(
        await measure(baselineTarget, (window) =>
          inWorker(
            {
              method: 'PUT',
              url: `${app.url}/api/v1/user/lang`,
              seconds: SECONDS,
              confirm: false,
              buyers: buyers.map((b) => ({
                requests: b.members.slice(0, 1).map((m) => ({ ...m, body: '{"lang":"en"}' })),
              })),
            },
            window,
          ),
        ),
      );
      const confirmed = await measure(confirmTarget, (window) =>
        inWorker(
          {
            method: 'PUT',
            url: `${app.url}/api/v1/payment/toss/confirm`,
            seconds: SECONDS,
            confirm: true,
            buyers: buyers.map((b) => ({ requests: b.rounds[round] ?? [] })),
          },
          window,
        ),
      );
      addCredited(confirmed);
      results.push(confirmed);
    }

    // one stage on its own: the Toss stand-in round trip the confirmation makes, from this process
    const toss = createTossClient({
      secretKey: SANDBOX_KEYS.tossSecretKey,
      apiBase: () => Promise.resolve(`${standIn.url}/toss`),
    });
    const paymentKeys = buyers.map((b) => {
      const body = JSON.parse(b.rounds[1]?.[0]?.body ?? '{}') as { pymnKey?: string };
      return body.pymnKey ?? '';
    });
    const stage = await measure('Toss stand-in GET payment', async (window) => {
      await window.start();
      let ok = 0;
      let failed = 0;
      const latencies: number[] = [];
      const started = performance.now();
      const endAt = started + SECONDS * 1000;
      await Promise.all(
        paymentKeys.map(async (key) => {
          while (performance.now() < endAt) {
            const t0 = performance.now();
            const r = await toss.payment(key);
            latencies.push(performance.now() - t0);
            if (r.ok) ok++;
            else failed++;
          }
        }),
      );
      const elapsedSeconds = (performance.now() - started) / 1000;
      await window.stop();
      return { ok, failed, latencies, elapsedSeconds };
    });

    let balanceMismatches = 0;
    for (const m of members) {
      const balance = await services.wallet.balances(m.userId);
      if (balance.paid + balance.bonus !== (credited[m.userId] ?? 0) * PACK.coins) {
        balanceMismatches += 1;
      }
    }
    const states = await services.payments.countByState();
    const check = await services.wallet.checkInvariant();
    const confirmations = Object.values(credited).reduce((a, n) => a + n, 0);

    // the bench sets no server setting; these are the ones the numbers depend on, as found
    const settings = admin
      ? (
          await admin.query<{ name: string; setting: string }>(
            `select name, setting from pg_settings where name in
               ('synchronous_commit', 'fsync', 'commit_delay', 'commit_siblings', 'wal_sync_method')
             order by name`,
          )
        ).rows
          .map((r) => `${r.name}=${r.setting}`)
          .join(' ')
      : 'PGlite';
    console.log(
      `database: ${database.kind} (${settings}), ${BUYERS} concurrent buyers (${USERS_PER_BUYER} users each, ` +
        `at most ${Math.ceil(ORDERS_PER_ROUND / USERS_PER_BUYER) * (ROUNDS + 1)} orders per user), ${ROUNDS} rounds of ${SECONDS} s each ` +
        `after a warm-up round of ${warmUp.ok} confirmations, not measured ` +
        `(${BUYERS * (ROUNDS + 1) * ORDERS_PER_ROUND} orders prepared in ${prepSeconds.toFixed(1)} s), ` +
        `${availableParallelism()} cores`,
    );
    const row = (m: Measured, baseline?: Measured) => ({
      target: m.target,
      'req/s': Math.round(m.rate),
      done: m.done,
      'p50 ms': round1(m.p50),
      'p99 ms': round1(m.p99),
      errors: m.errors,
      'vs baseline': baseline ? `${((m.rate / baseline.rate) * 100).toFixed(1)} %` : '',
      'node cpu ms': round2(m.nodeMs),
      'stand-in cpu ms': round2(m.standInMs),
      'pg cpu ms': m.pgMs === undefined ? '' : round2(m.pgMs),
      'client cpu ms': m.clientMs === undefined ? '' : round2(m.clientMs),
      'sql stmts': round1(m.sql),
      'node loop busy': `${Math.round(m.loopBusy * 100)} %`,
    });
    console.log('per request: CPU ms of each process and statements sent to the database');
    console.table([
      ...results.map((m, i) => row(m, m.target === confirmTarget ? results[i - 1] : undefined)),
      row(stage),
    ]);
    for (const m of results) {
      if (m.errors) console.log(`${m.target} failures by code:`, m.failures);
      if (m.ranOut && m.target === confirmTarget)
        console.log(`${m.ranOut} buyers ran out of orders before the time was up`);
    }

    const confirms = results.filter((m) => m.target === confirmTarget);
    const baselines = results.filter((m) => m.target === baselineTarget);
    const ratios = confirms.map((c, i) => c.rate / (baselines[i]?.rate ?? Infinity));
    const spread = (xs: number[], f: (x: number) => string) =>
      `${f(median(xs))} (${f(Math.min(...xs))}-${f(Math.max(...xs))})`;
    const n0 = (x: number) => x.toFixed(0);
    const n2 = (x: number) => x.toFixed(2);
    const cpuPerConfirm = (m: Measured) => m.nodeMs + (m.pgMs ?? 0);
    const cores = availableParallelism();
    console.log(
      `confirmations/s median (min-max) ${spread(
        confirms.map((m) => m.rate),
        n0,
      )}; p50 ${spread(
        confirms.map((m) => m.p50),
        n0,
      )} ms; p99 ${spread(
        confirms.map((m) => m.p99),
        n0,
      )} ms; baseline ${spread(
        baselines.map((m) => m.rate),
        n0,
      )} req/s; confirmations/baseline ${spread(ratios, (x) => `${(x * 100).toFixed(1)} %`)}`,
    );
    console.log(
      `server CPU per confirmation: node ${spread(
        confirms.map((m) => m.nodeMs),
        n2,
      )} ms + postgres ${spread(
        confirms.map((m) => m.pgMs ?? 0),
        n2,
      )} ms; ceiling if the server had all ${cores} cores: ${n0(
        (cores * 1000) / median(confirms.map(cpuPerConfirm)),
      )}/s (baseline's: ${n0((cores * 1000) / median(baselines.map(cpuPerConfirm)))}/s); ` +
        `the stand-in's process ${spread(
          confirms.map((m) => m.standInMs),
          n2,
        )} ms more`,
    );
    const t = check.totals;
    console.log(
      `orders by state: ${JSON.stringify(states)}; credited orders ${states.credited ?? 0} vs confirmations ${confirmations}`,
    );
    console.log(
      `invariant: ${check.violations.length} violations; granted ${t.granted} = valid ${t.valid} + expired ${t.expired} + spent ${t.spent} + refunded ${t.refunded}; balance mismatches ${balanceMismatches}`,
    );
    if (
      check.violations.length ||
      balanceMismatches ||
      confirms.some((m) => m.errors) ||
      warmUp.failed ||
      (states.credited ?? 0) !== confirmations
    ) {
      process.exitCode = 1;
    }
  } finally {
    await admin?.end();
    await app.close();
    standIn.close();
  }
}
