// The long bad-input run (issue #18): the suite of apps/server/src/test/bad-input.test.ts with
// many more runs per route and a random seed, printed first so a failure can be replayed with
// FUZZ_SEED=<seed> npm run fuzz. FUZZ_RUNS sets the runs per route (default 300).
import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import path from 'node:path';

const seed = process.env.FUZZ_SEED ?? String(randomInt(0, 2 ** 31 - 1));
const runs = process.env.FUZZ_RUNS ?? '300';
console.log(`bad-input fuzz: FUZZ_SEED=${seed} FUZZ_RUNS=${runs}`);
const result = spawnSync('npx', ['vitest', 'run', 'src/test/bad-input.test.ts'], {
  cwd: path.join(import.meta.dirname, '..', 'apps', 'server'),
  stdio: 'inherit',
  env: { ...process.env, FUZZ_SEED: seed, FUZZ_RUNS: runs },
});
console.log(`bad-input fuzz: replay with FUZZ_SEED=${seed} FUZZ_RUNS=${runs} npm run fuzz`);
process.exit(result.status ?? 1);
