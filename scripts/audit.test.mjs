// The CI audit's decision on recorded `npm audit --omit=dev --json` outputs: the 405 and the
// connection failure were recorded on this project's build machine; the advisory reports follow
// npm's report format version 2 with real advisories.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { allowListProblems, decideAudit, exitStatus } from './audit-decision.mjs';

const fixture = (name) =>
  readFileSync(path.join(import.meta.dirname, 'audit-fixtures', name), 'utf8');
const none = { exceptions: [] };
const today = '2026-11-23';
const decide = (output, allowList = none) => decideAudit({ output, allowList, today });
const exception = (fields) => ({
  reason: 'not reachable from our code: only used at build time',
  added: '2026-11-01',
  until: '2026-12-31',
  ...fields,
});

describe('npm audit decision', () => {
  it('a registry without the audit endpoint is NOT CHECKED, not a pass, and not a CI failure', () => {
    const { outcome, lines } = decide(fixture('npm-audit-405.json'));
    assert.equal(outcome, 'unchecked');
    assert.match(lines[0], /NOT CHECKED.*405 Method Not Allowed/);
    assert.equal(exitStatus(outcome, false), 0);
    assert.equal(exitStatus(outcome, true), 1); // AUDIT_REQUIRED=true
  });

  it('no network is NOT CHECKED with the reason', () => {
    const { outcome, lines } = decide(fixture('npm-audit-offline.json'));
    assert.equal(outcome, 'unchecked');
    assert.match(lines[0], /ECONNREFUSED/);
  });

  it('output that is not a report (npm crashed, a timeout) is NOT CHECKED, not a crash', () => {
    assert.equal(decide('npm ERR! something broke\n').outcome, 'unchecked');
    assert.equal(decide('').outcome, 'unchecked');
    assert.match(decide('npm audit did not finish in 120 s (SIGTERM)').lines[0], /120 s/);
  });

  it('high and critical advisories fail, with the advisory and the path; moderate ones do not', () => {
    const { outcome, lines } = decide(fixture('npm-audit-advisories.json'));
    assert.equal(outcome, 'fail');
    assert.equal(exitStatus(outcome, false), 1);
    const text = lines.join('\n');
    assert.match(
      text,
      /maplibre-gl \(critical\) https:\/\/github.com\/advisories\/GHSA-jrc7-96c5-q579/,
    );
    assert.match(text, /http-cache-semantics \(high\) https:\/\/github.com\/advisories\/GHSA-rc47/);
    assert.match(text, /astro \(high\) through http-cache-semantics/);
    assert.doesNotMatch(text, /nanoid/);
  });

  it('moderate and low only: passes', () => {
    const { outcome, lines } = decide(fixture('npm-audit-moderate-only.json'));
    assert.equal(outcome, 'pass');
    assert.match(lines.at(-1), /no high or critical.*1 moderate/);
    assert.equal(exitStatus(outcome, true), 0);
  });

  it('current exceptions let their advisories through; the rest still fails', () => {
    const allowList = {
      exceptions: [
        exception({
          package: 'maplibre-gl',
          advisory: 'https://github.com/advisories/GHSA-jrc7-96c5-q579',
        }),
        exception({ package: 'http-cache-semantics' }),
      ],
    };
    const { outcome, lines } = decide(fixture('npm-audit-advisories.json'), allowList);
    assert.equal(outcome, 'fail');
    const text = lines.join('\n');
    assert.match(text, /allowed until 2026-12-31: maplibre-gl/);
    assert.match(text, /allowed until 2026-12-31: http-cache-semantics/);
    assert.match(text, /^ {2}astro \(high\)/m);
    const all = { exceptions: [...allowList.exceptions, exception({ package: 'astro' })] };
    assert.equal(decide(fixture('npm-audit-advisories.json'), all).outcome, 'pass');
  });

  it('an exception for another advisory of the package, or an expired one, does not count', () => {
    const other = {
      exceptions: [
        exception({ package: 'maplibre-gl', advisory: 'https://github.com/advisories/GHSA-0000' }),
      ],
    };
    assert.match(
      decide(fixture('npm-audit-advisories.json'), other).lines.join('\n'),
      /^ {2}maplibre-gl \(critical\)/m,
    );
    const expired = { exceptions: [exception({ package: 'maplibre-gl', until: '2026-11-22' })] };
    assert.match(
      decide(fixture('npm-audit-advisories.json'), expired).lines.join('\n'),
      /maplibre-gl \(critical\).*its exception ended 2026-11-22/,
    );
  });

  it('an exception nothing needs any more is pointed out; the audit still passes', () => {
    const stale = { exceptions: [exception({ package: 'left-pad' })] };
    const { outcome, lines } = decide(fixture('npm-audit-moderate-only.json'), stale);
    assert.equal(outcome, 'pass');
    assert.match(lines.join('\n'), /exception for left-pad matches no advisory/);
  });

  it('a broken allow-list fails before anything else', () => {
    assert.deepEqual(allowListProblems({ exceptions: [] }), []);
    const problems = allowListProblems({
      exceptions: [{ package: 'x', reason: 'because', until: '31.12.2026' }],
    });
    assert.equal(problems.length, 3); // reason too short, added missing, until not a date
    assert.equal(decide(fixture('npm-audit-405.json'), { exceptions: [{}] }).outcome, 'fail');
    assert.equal(decide(fixture('npm-audit-405.json'), {}).outcome, 'fail');
  });
});
