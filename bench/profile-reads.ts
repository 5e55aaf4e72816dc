/**
 * Not a benchmark: starts the app like bench/reads.ts and loads one read, for
 * `node --cpu-prof --import tsx bench/profile-reads.ts <path> [pg]` (decision 1300).
 */
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { benchDatabase, load, startApp } from './lib';

const target = process.argv[2] ?? '/api/v1/user/info';
const usePg = process.argv[3] === 'pg';
const databaseUrl =
  usePg && process.env.DATABASE_URL
    ? await benchDatabase(process.env.DATABASE_URL, 'snapdrama_profile_reads', true)
    : undefined;
const app = await startApp({ databaseUrl, redisUrl: process.env.REDIS_URL });
const join = await fetch(`${app.url}/api/v1/auth/join`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ authMthd: 'guest', authId: randomUUID(), infoAgreeYn: 'N' }),
});
const token = ((await join.json()) as { data: { access_token: string } }).data.access_token;
const headers: Record<string, string> =
  process.argv[4] === 'anon' ? {} : { authorization: `Bearer ${token}` };
await load('warm', { url: `${app.url}${target}`, headers, duration: 2 });
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 200 });
await session.post('Profiler.start');
const before = process.cpuUsage();
const r = await load('measure', { url: `${app.url}${target}`, headers, duration: 8 });
const used = process.cpuUsage(before);
const { profile } = await session.post('Profiler.stop');
if (process.env.PROFILE_OUT) await writeFile(process.env.PROFILE_OUT, JSON.stringify(profile));
console.log(
  JSON.stringify(r),
  'cpu µs/req',
  Math.round((used.user + used.system) / (r.requestsPerSecond * 8)),
  // the kernel's share: socket writes and reads (to the client and to PostgreSQL)
  'of which system',
  Math.round(used.system / (r.requestsPerSecond * 8)),
);
await app.close();
