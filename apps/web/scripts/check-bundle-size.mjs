// Fails when the JavaScript the main page needs before its first render is over the budget
// (issue 46: 150 KB gzip; 170 KB from issue 3 until then). Counts the entry chunk, the inline boot
// script, the main page's lazy chunk (startFirstRoute starts loading it with the entry) and every
// chunk they import statically, each gzipped.
// Usage: node apps/web/scripts/check-bundle-size.mjs [distDir]   (after `vite build`)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 150 * 1024;
const MAIN_PAGE_SOURCE = 'src/features/catalog/main-page.tsx';
const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', 'dist'));
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

// the viewers' page (index.html); the operator console (admin.html) is an entry of its own
const VIEWER_ENTRY = 'index.html';
if (!manifest[VIEWER_ENTRY]?.isEntry)
  throw new Error(`${VIEWER_ENTRY} is not an entry of the build`);
// the boot script is written into the page, inline (vite.config.ts), before the app's entry
const page = readFileSync(path.join(dist, VIEWER_ENTRY), 'utf8');
const boot =
  /<script id="snapdrama-boot" data-entry="([^"]+)" data-code="([^"]*)" data-player="([^"]*)">([\s\S]*?)<\/script>/.exec(
    page,
  );
if (!boot || boot[4].length === 0) throw new Error('the boot script is not in the page');
// the boot script runs the entry (after the first paint) and asks for its code (boot.ts)
const entryFile = `/${manifest[VIEWER_ENTRY].file}`;
if (boot[1] !== entryFile || page.includes('<script type="module"'))
  throw new Error(`${VIEWER_ENTRY}: the boot script must be what runs the app's entry`);
const appCode = boot[2].split(' ').filter(Boolean);
if (appCode[0] !== entryFile || page.includes('<link rel="modulepreload"'))
  throw new Error(`${VIEWER_ENTRY}: the boot script, not the page, must ask for the app's code`);
const roots = [VIEWER_ENTRY, MAIN_PAGE_SOURCE];
if (!manifest[MAIN_PAGE_SOURCE]) throw new Error(`${MAIN_PAGE_SOURCE} is not a chunk of the build`);

const seen = new Set();
const visit = (key) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) visit(dep);
};
roots.forEach(visit);

// nothing of the console may reach the viewers' pages
const consoleCode = [...seen].filter((key) =>
  /(^|\/)(admin|shared\/console|features\/console-)/.test(key),
);
if (consoleCode.length > 0) {
  console.error(`FAIL console code in the viewers' bundle: ${consoleCode.join(', ')}`);
  process.exit(1);
}

// the player's code the boot script asks for on a player link (vite.config.ts, `playerCode`):
// files of the build, the player page's chunk and hls.js among them, none the entry loads already
const PLAYER_PAGE_SOURCE = 'src/features/player/player-page.tsx';
const playerCode = boot[3].split(' ').filter(Boolean);
const entryFiles = new Set();
const visitEntry = (key) => {
  const file = `/${manifest[key].file}`;
  if (entryFiles.has(file)) return;
  entryFiles.add(file);
  for (const dep of manifest[key].imports ?? []) visitEntry(dep);
};
visitEntry(VIEWER_ENTRY);
const unasked = [...entryFiles].filter((file) => !appCode.includes(file));
if (unasked.length > 0)
  throw new Error(`the boot script does not ask for the entry's ${unasked.join(', ')}`);
const playerProblems = [
  ...playerCode.filter((file) => !existsSync(path.join(dist, file))).map((f) => `${f} is missing`),
  ...playerCode.filter((file) => entryFiles.has(file)).map((f) => `${f} loads with the entry`),
  ...[`/${manifest[PLAYER_PAGE_SOURCE]?.file}`, /\/assets\/hls-engine-[\w-]+\.js$/]
    .filter(
      (want) =>
        !playerCode.some((file) => (typeof want === 'string' ? file === want : want.test(file))),
    )
    .map((want) => `${want} is not in the list`),
];
// Over HTTP/1.1 a player link waits for the last of these files (decision 0500): the route-shared
// chunk keeps them few. And none of them may carry the zod schemas, which the player never runs.
// 12 since the For You feed (decision 1630): the slider, the swipe and the share sheet it shares
// with the player are a chunk (and its stylesheet) of their own, the same bytes in two more files,
// rather than in route-shared, which six other pages load.
const PLAYER_FILES_BUDGET = 12;
if (playerCode.length > PLAYER_FILES_BUDGET) {
  playerProblems.push(`${playerCode.length} files (at most ${PLAYER_FILES_BUDGET})`);
}
for (const file of playerCode.filter((f) => f.endsWith('.js') && existsSync(path.join(dist, f)))) {
  if (readFileSync(path.join(dist, file), 'utf8').includes('ZodError')) {
    playerProblems.push(`${file} carries zod`);
  }
}
if (playerProblems.length > 0) {
  console.error(`FAIL the boot script's player code: ${playerProblems.join('; ')}`);
  process.exit(1);
}
console.log(`OK the boot script preloads the player's code: ${playerCode.length} files`);

// React Router's production build (vite.config.ts, reactRouterProduction): its development
// build's warnings would run on every render
const devRouter = readdirSync(path.join(dist, 'assets')).filter(
  (f) =>
    f.endsWith('.js') &&
    readFileSync(path.join(dist, 'assets', f), 'utf8').includes('descendant <Routes>'),
);
if (devRouter.length > 0) {
  console.error(`FAIL React Router's development build in ${devRouter.join(', ')}`);
  process.exit(1);
}
console.log("OK React Router's production build");

let total = 0;
const row = (file, source) => {
  const gzip = gzipSync(source, { level: 9 }).length;
  total += gzip;
  return { file, 'gzip KB': (gzip / 1024).toFixed(1) };
};
const rows = [
  row(`${VIEWER_ENTRY} (inline boot script)`, boot[4]),
  ...[...seen].map((key) =>
    row(manifest[key].file, readFileSync(path.join(dist, manifest[key].file))),
  ),
];
rows.sort((a, b) => Number(b['gzip KB']) - Number(a['gzip KB']));
console.table(rows);
const verdict = `main page JS before first render: ${(total / 1024).toFixed(1)} KB gzip (budget ${BUDGET_BYTES / 1024} KB)`;
if (total > BUDGET_BYTES) {
  console.error(`FAIL ${verdict}`);
  process.exit(1);
}
console.log(`OK ${verdict}`);
