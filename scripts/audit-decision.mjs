// The decision of the CI audit step (scripts/audit.mjs), apart from running npm so it can be
// tested with recorded reports (scripts/audit.test.mjs).

const BLOCKING = new Set(['high', 'critical']);
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Problems of the allow-list itself: every exception names a package, a reason and two dates. */
export function allowListProblems(allowList) {
  const problems = [];
  const exceptions = Array.isArray(allowList?.exceptions) ? allowList.exceptions : undefined;
  if (!exceptions) return ['audit-allowlist.json: "exceptions" must be a list'];
  exceptions.forEach((e, i) => {
    const where = `audit-allowlist.json exception ${i + 1}`;
    if (typeof e?.package !== 'string' || !e.package)
      problems.push(`${where}: "package" is missing`);
    if (typeof e?.reason !== 'string' || e.reason.trim().length < 10)
      problems.push(`${where}: "reason" must say why (10 characters or more)`);
    for (const field of ['added', 'until']) {
      if (typeof e?.[field] !== 'string' || !DATE.test(e[field]))
        problems.push(`${where}: "${field}" must be a date (YYYY-MM-DD)`);
    }
    if (e?.advisory !== undefined && typeof e.advisory !== 'string')
      problems.push(`${where}: "advisory" must be the advisory's URL`);
  });
  return problems;
}

/**
 * What `npm audit --omit=dev --json` printed, judged:
 * - `unchecked`: no report came back (the registry has no audit endpoint, the network is down,
 *   npm failed): said plainly, never passed off as a clean audit;
 * - `fail`: a high or critical advisory not excepted by a current allow-list entry, or a broken
 *   allow-list;
 * - `pass`: none.
 */
export function decideAudit({ output, allowList, today }) {
  const lines = [];
  const listProblems = allowListProblems(allowList);
  if (listProblems.length > 0) return { outcome: 'fail', lines: listProblems };

  let report;
  try {
    report = JSON.parse(output || '{}');
  } catch {
    const head = String(output).trim().split('\n')[0]?.slice(0, 200) ?? '';
    return {
      outcome: 'unchecked',
      lines: [`npm audit NOT CHECKED: npm printed no report (${head || 'nothing'})`],
    };
  }
  if (!report || typeof report.vulnerabilities !== 'object' || report.vulnerabilities === null) {
    const error = report?.error ?? {};
    const message = report?.message || error.summary || '';
    const status = report?.statusCode ?? error.code;
    const reason =
      status && !String(message).startsWith(String(status)) ? `${status} ${message}` : message;
    return {
      outcome: 'unchecked',
      lines: [
        `npm audit NOT CHECKED: the registry did not answer the audit request (${reason || 'no reason given'})`,
        'No advisory was looked at. Set AUDIT_REQUIRED=true to make this fail, where the registry has the audit endpoint.',
      ],
    };
  }

  const blocking = [];
  const used = new Set();
  for (const [name, v] of Object.entries(report.vulnerabilities)) {
    const severity = String(v?.severity ?? '').toLowerCase();
    if (!BLOCKING.has(severity)) continue;
    const via = Array.isArray(v.via) ? v.via : [];
    const advisories = via
      .filter((x) => x && typeof x === 'object')
      .map((x) => x.url ?? String(x.source));
    const through = via.filter((x) => typeof x === 'string');
    const matching = allowList.exceptions.filter(
      (e) => e.package === name && (!e.advisory || advisories.includes(e.advisory)),
    );
    const current = matching.find((e) => e.until >= today);
    if (current) {
      used.add(current);
      lines.push(`allowed until ${current.until}: ${name} (${severity}) — ${current.reason}`);
      continue;
    }
    const expired = matching.find((e) => e.until < today);
    const what = [
      `${name} (${severity})`,
      ...advisories,
      ...(through.length > 0 ? [`through ${through.join(', ')}`] : []),
      ...(expired ? [`(its exception ended ${expired.until})`] : []),
    ];
    blocking.push(what.join(' '));
  }
  for (const e of allowList.exceptions) {
    if (!used.has(e) && e.until >= today)
      lines.push(`note: the exception for ${e.package} matches no advisory any more; remove it`);
  }
  if (blocking.length > 0) {
    lines.push(
      'npm audit: high or critical advisories in production dependencies:',
      ...blocking.map((b) => `  ${b}`),
      'Upgrade, or list the package in audit-allowlist.json with a reason and an "until" date.',
    );
    return { outcome: 'fail', lines };
  }
  const counts = report.metadata?.vulnerabilities;
  const below = counts ? ` (${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low)` : '';
  lines.push(`npm audit: no high or critical advisories in production dependencies${below}`);
  return { outcome: 'pass', lines };
}

/** The step's exit status: only a failing audit fails, or an unchecked one when it is required. */
export function exitStatus(outcome, required) {
  if (outcome === 'fail') return 1;
  if (outcome === 'unchecked' && required) return 1;
  return 0;
}
