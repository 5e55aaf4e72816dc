/**
 * `npm run bench [name...]`: runs the named benchmarks (all when none is named). Each prints its
 * own numbers and ratios against a baseline measured in the same run.
 */
const suites: Record<string, () => Promise<{ run: () => Promise<void> }>> = {
  api: () => import('./api'),
  reads: () => import('./reads'),
  catalog: () => import('./catalog'),
  wallet: () => import('./wallet'),
  payments: () => import('./payments'),
  player: () => import('./player'),
  lighthouse: () => import('./lighthouse'),
  evening: () => import('./evening'),
  transcode: () => import('./transcode'),
  'share-images': () => import('./share-images'),
  foryou: () => import('./foryou'),
  analytics: () => import('./analytics'),
};

const wanted = process.argv.slice(2);
const names = wanted.length ? wanted : Object.keys(suites);
for (const name of names) {
  const load = suites[name];
  if (!load) {
    console.error(`unknown benchmark "${name}"; choose from: ${Object.keys(suites).join(', ')}`);
    process.exit(2);
  }
  let suite: { run: () => Promise<void> };
  try {
    suite = await load();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' && !wanted.length)
      continue;
    throw error;
  }
  console.log(`\n=== bench: ${name} ===`);
  await suite.run();
}
