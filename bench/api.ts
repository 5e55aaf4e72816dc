import { randomUUID } from 'node:crypto';
import { load, printResults, startApp, startHelloWorld } from './lib';

/** Core API calls against a Fastify hello-world measured in the same run. */
export async function run(): Promise<void> {
  const hello = await startHelloWorld();
  const app = await startApp({
    databaseUrl: process.env.DATABASE_URL,
    redisUrl: process.env.REDIS_URL,
  });
  try {
    const guestId = randomUUID();
    const join = await fetch(`${app.url}/api/v1/auth/join`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ authMthd: 'guest', authId: guestId, infoAgreeYn: 'N' }),
    });
    const token = ((await join.json()) as { data: { access_token: string } }).data.access_token;
    const auth = { authorization: `Bearer ${token}` };
    const baseline = await load('hello world (baseline)', { url: hello.url });
    const results = [
      baseline,
      await load('GET /auth/dictionary/en', { url: `${app.url}/api/v1/auth/dictionary/en` }),
      await load('GET /user/info', { url: `${app.url}/api/v1/user/info`, headers: auth }),
      await load('GET /drama/info/1', { url: `${app.url}/api/v1/drama/info/1`, headers: auth }),
    ];
    console.log(`database: ${app.database.kind}`);
    printResults(results, baseline);
  } finally {
    await app.close();
    await hello.close();
  }
}
