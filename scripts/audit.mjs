#!/usr/bin/env node
// CI step: `npm audit --omit=dev` must report no high or critical advisory, except those listed
// in audit-allowlist.json with a reason and a date to look again ("until"). An expired entry fails
// like an unlisted one. A registry without the audit endpoint is reported as NOT CHECKED (a
// mirror), never as a pass in disguise.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.join(import.meta.dirname, '..');
const allowList = JSON.parse(readFileSync(path.join(root, 'audit-allowlist.json'), 'utf8'));
const today = new Date().toISOString().slice(0, 10);

let output;
try {
  output = execFileSync('npm', ['audit', '--omit=dev', '--json'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
} catch (error) {
  // npm audit exits 1 when it finds advisories; its JSON is on stdout all the same
  output = error.stdout ?? '';
}
const report = JSON.parse(output || '{}');
if (!report.vulnerabilities) {
  console.log(
    `npm audit NOT CHECKED: the registry did not answer the audit request (${report.statusCode ?? '?'} ${report.message ?? ''})`,
  );
  process.exit(process.env.AUDIT_REQUIRED === 'true' ? 1 : 0);
}

const blocking = [];
for (const [name, v] of Object.entries(report.vulnerabilities)) {
  if (v.severity !== 'high' && v.severity !== 'critical') continue;
  const advisories = v.via
    .filter((via) => typeof via === 'object')
    .map((via) => via.url ?? via.source);
  const allowed = allowList.exceptions.find(
    (e) =>
      e.package === name && e.until >= today && (!e.advisory || advisories.includes(e.advisory)),
  );
  if (allowed) {
    console.log(`allowed until ${allowed.until}: ${name} (${v.severity}) — ${allowed.reason}`);
    continue;
  }
  blocking.push(`${name} (${v.severity}) ${advisories.join(' ')}`);
}
if (blocking.length > 0) {
  console.error(
    `npm audit: high or critical advisories in production dependencies:\n  ${blocking.join('\n  ')}`,
  );
  console.error(
    'Upgrade, or list the package in audit-allowlist.json with a reason and an "until" date.',
  );
  process.exit(1);
}
console.log('npm audit: no high or critical advisories in production dependencies');
