#!/usr/bin/env node
// CI step: `npm audit --omit=dev` must report no high or critical advisory, except those listed
// in audit-allowlist.json with a reason and a date to look again ("until"). An expired entry fails
// like an unlisted one. A registry without the audit endpoint (a mirror), or no network, is
// reported as NOT CHECKED and does not fail CI unless AUDIT_REQUIRED=true; it is never reported as
// a pass. The decision is in audit-decision.mjs, tested with recorded reports.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decideAudit, exitStatus } from './audit-decision.mjs';

const root = path.join(import.meta.dirname, '..');
const allowList = JSON.parse(readFileSync(path.join(root, 'audit-allowlist.json'), 'utf8'));
const today = new Date().toISOString().slice(0, 10);

let output;
try {
  output = execFileSync('npm', ['audit', '--omit=dev', '--json'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    // an unreachable registry must not hold CI for npm's own retries and timeouts
    timeout: 120_000,
  });
} catch (error) {
  // npm audit exits 1 when it finds advisories (and when the request fails); its JSON is on
  // stdout all the same
  output = error.stdout ?? '';
  if (error.code === 'ETIMEDOUT' || error.signal)
    output = `npm audit did not finish in 120 s (${error.signal ?? error.code})`;
}
const { outcome, lines } = decideAudit({ output, allowList, today });
for (const line of lines) (outcome === 'fail' ? console.error : console.log)(line);
process.exit(exitStatus(outcome, process.env.AUDIT_REQUIRED === 'true'));
