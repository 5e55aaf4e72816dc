// The wrapper's install must need no install scripts and download only from npm (issue 12).
// Reads package-lock.json: every package comes from the npm registry (or is our contract's
// link), and a package that declares an install script is only allowed when it is listed here
// with the reason the app works without it (.npmrc sets ignore-scripts, so none ever runs).
import { readFileSync } from 'node:fs';
import path from 'node:path';

const NOT_NEEDED = {
  // a dependency of @react-native-seoul/kakao-login; its postinstall only prints a welcome banner
  'dooboolab-welcome': 'prints a banner; nothing is built or downloaded',
};
const REGISTRY = 'https://registry.npmjs.org/';

const dir = path.resolve(import.meta.dirname, '..');
const lock = JSON.parse(readFileSync(path.join(dir, 'package-lock.json'), 'utf8'));
const npmrc = readFileSync(path.join(dir, '.npmrc'), 'utf8');
const problems = [];
if (!/^ignore-scripts=true$/m.test(npmrc)) problems.push('.npmrc must set ignore-scripts=true');

for (const [where, entry] of Object.entries(lock.packages ?? {})) {
  if (where === '') continue;
  const name = where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
  if (entry.link) {
    if (entry.resolved !== '../../packages/contract') problems.push(`${where}: unexpected link`);
    continue;
  }
  if (where.startsWith('../')) continue; // the linked contract's own folder
  if (entry.resolved && !entry.resolved.startsWith(REGISTRY))
    problems.push(`${where}: resolved outside the npm registry (${entry.resolved})`);
  if (!entry.integrity) problems.push(`${where}: no integrity hash`);
  if (entry.hasInstallScript && !NOT_NEEDED[name])
    problems.push(`${where}: has an install script (review it, then list it in NOT_NEEDED)`);
}
if (problems.length > 0) {
  console.error(`apps/native install check failed:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
