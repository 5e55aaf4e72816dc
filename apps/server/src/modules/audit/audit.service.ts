import {
  AUDIT_CSV_COLUMNS,
  AUDIT_PAGE_SIZE,
  type AuditActor,
  type AuditEntry,
  type AuditListData,
  type AuditListQuery,
  type Language,
  ResultCode,
} from '@snapdrama/contract';
import { nextDay, parseIsoDate, zonedDayStart } from '@snapdrama/rules';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { RequestOrigin } from './audit-origin';
import { csvLine } from '../../http/csv';
import type { AuditFilter, AuditRepository, AuditRow } from './audit.repository';

/** What one audited change says. `before`/`after` are JSON snapshots of what changed. */
export interface AuditRecord {
  /** the signed-in operator who acted; null for every other actor */
  operatorId: string | null;
  /**
   * Who acted when no operator did: `cli` (the operator CLI), `worker` (the transcode worker),
   * `anonymous` (nobody signed in: a failed sign-in); `system` (the server's own rules) by
   * default. Leave it out when an operator acted.
   */
  actor?: Exclude<AuditActor, 'operator'>;
  /** `<area>.<verb>`, e.g. `drama.update`, `wallet.grant`, `operator.sign_in` */
  action: string;
  /** e.g. `drama`, `episode`, `user`, `order` */
  targetType: string;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
}

/** A target of an entry, to name: `${type}:${id}` keys the answer. */
export interface AuditTarget {
  type: string;
  id: string;
}
/** Names of targets in a language (drama titles, viewers, operators' e-mails, packs). */
export type AuditTargetNames = (
  targets: AuditTarget[],
  lang: Language,
) => Promise<Map<string, string>>;

/** the CSV export reads this many entries at a time: memory stays flat whatever the range */
export const AUDIT_EXPORT_BATCH = 500;

/** JSON with object keys in order, so two snapshots compare by content. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** A save whose snapshots are the same before and after changed nothing: nothing to record. */
export function changedNothing(before: unknown, after: unknown): boolean {
  if (before === undefined || before === null || after === undefined || after === null) {
    return false;
  }
  return canonical(before) === canonical(after);
}

/**
 * The audit log (docs/decisions/1201, 1570). Call `record` INSIDE the transaction of the change
 * it describes (pass that tx), so a change is never kept without its entry or the other way round.
 */
export function createAuditService(deps: {
  db: Db;
  repo: AuditRepository;
  clock: Clock;
  serviceTimeZone: string;
  /** the request being served, if any (audit-origin.ts) */
  origin: () => RequestOrigin | undefined;
  /** the operators' emails by id (the operators module answers; audit does not read its tables) */
  operatorEmails: (ids: string[]) => Promise<Map<string, string>>;
  /** targets by name (the composition root asks the modules that own them) */
  targetNames: AuditTargetNames;
}) {
  const { db, repo, clock } = deps;

  /** A service day (YYYY-MM-DD) → its first instant in SERVICE_TIMEZONE. */
  function dayStart(day: string, after = false): Date {
    const parsed = parseIsoDate(day);
    if (!parsed) throw new AppError(ResultCode.BAD_REQUEST, `Bad date ${day}`);
    return zonedDayStart(after ? nextDay(parsed) : parsed, deps.serviceTimeZone);
  }

  function filterOf(query: AuditListQuery): AuditFilter {
    const { from, to, lang: _lang, ...rest } = query;
    return {
      ...rest,
      ...(from ? { from: dayStart(from) } : {}),
      ...(to ? { to: dayStart(to, true) } : {}),
    };
  }

  /** Rows as wire entries: operators' e-mails and targets' names in `lang`. */
  async function entriesOf(rows: AuditRow[], lang: Language): Promise<AuditEntry[]> {
    const ids = [...new Set(rows.flatMap((row) => (row.operatorId ? [row.operatorId] : [])))];
    const targets = new Map<string, AuditTarget>();
    for (const row of rows) {
      targets.set(`${row.targetType}:${row.targetId}`, { type: row.targetType, id: row.targetId });
    }
    const [emails, names] = await Promise.all([
      ids.length > 0 ? deps.operatorEmails(ids) : new Map<string, string>(),
      targets.size > 0 ? deps.targetNames([...targets.values()], lang) : new Map<string, string>(),
    ]);
    return rows.map((row) => ({
      ...row,
      actor: row.actor as AuditActor,
      operatorEmail: row.operatorId ? (emails.get(row.operatorId) ?? null) : null,
      targetName: names.get(`${row.targetType}:${row.targetId}`) ?? null,
      at: row.at.toISOString(),
    }));
  }

  return {
    /**
     * Records one entry; a save whose before and after are the same is not recorded (answers
     * null). The request's address and user agent go with it.
     */
    async record(tx: Tx | undefined, entry: AuditRecord): Promise<number | null> {
      if (changedNothing(entry.before, entry.after)) return null;
      const origin = deps.origin();
      return repo.insert(tx ?? db, {
        at: clock.now(),
        actor: entry.operatorId ? 'operator' : (entry.actor ?? 'system'),
        operatorId: entry.operatorId,
        ip: origin?.ip ?? null,
        userAgent: origin?.userAgent ?? null,
        action: entry.action,
        targetType: entry.targetType,
        targetId: String(entry.targetId),
        before: entry.before,
        after: entry.after,
      });
    },

    /** Newest first, one page of AUDIT_PAGE_SIZE. */
    async list(query: AuditListQuery): Promise<AuditListData> {
      const rows = await repo.list(filterOf(query), AUDIT_PAGE_SIZE + 1);
      const page = rows.slice(0, AUDIT_PAGE_SIZE);
      const last = page[page.length - 1];
      return {
        entries: await entriesOf(page, query.lang ?? 'en'),
        nextBefore: rows.length > AUDIT_PAGE_SIZE && last ? last.id : null,
      };
    },

    /**
     * The entries of a filter as CSV lines, newest first, read in keyset batches of
     * AUDIT_EXPORT_BATCH (never the whole log in memory). The first line names the columns.
     */
    async *exportCsv(query: AuditListQuery): AsyncGenerator<string> {
      const filter = filterOf(query);
      yield csvLine([...AUDIT_CSV_COLUMNS]);
      let before = filter.before;
      for (;;) {
        const rows = await repo.list({ ...filter, before }, AUDIT_EXPORT_BATCH);
        if (rows.length === 0) return;
        const entries = await entriesOf(rows, query.lang ?? 'en');
        yield entries
          .map((e) =>
            csvLine([
              String(e.id),
              e.at,
              e.actor,
              e.operatorId,
              e.operatorEmail,
              e.ip,
              e.userAgent,
              e.action,
              e.targetType,
              e.targetId,
              e.targetName,
              e.before === null ? null : JSON.stringify(e.before),
              e.after === null ? null : JSON.stringify(e.after),
            ]),
          )
          .join('');
        if (rows.length < AUDIT_EXPORT_BATCH) return;
        before = rows[rows.length - 1]?.id;
      }
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
