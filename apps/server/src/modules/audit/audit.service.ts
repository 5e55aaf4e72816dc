import { AUDIT_PAGE_SIZE, type AuditListData } from '@snapdrama/contract';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import type { AuditFilter, AuditRepository } from './audit.repository';

/** What one audited change says. `before`/`after` are JSON snapshots of what changed. */
export interface AuditRecord {
  /** null: the system (the operator CLI) */
  operatorId: string | null;
  /** `<area>.<verb>`, e.g. `drama.update`, `wallet.grant`, `operator.sign_in` */
  action: string;
  /** e.g. `drama`, `episode`, `user`, `order` */
  targetType: string;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
}

/**
 * The audit log (docs/decisions/1201). Call `record` INSIDE the transaction of the change it
 * describes (pass that tx), so a change is never kept without its entry or the other way round.
 */
export function createAuditService(deps: {
  db: Db;
  repo: AuditRepository;
  clock: Clock;
  /** the operators' emails by id (the operators module answers; audit does not read its tables) */
  operatorEmails: (ids: string[]) => Promise<Map<string, string>>;
}) {
  const { db, repo, clock } = deps;
  return {
    async record(tx: Tx | undefined, entry: AuditRecord): Promise<number> {
      return repo.insert(tx ?? db, {
        at: clock.now(),
        operatorId: entry.operatorId,
        action: entry.action,
        targetType: entry.targetType,
        targetId: String(entry.targetId),
        before: entry.before,
        after: entry.after,
      });
    },

    /** Newest first, one page of AUDIT_PAGE_SIZE. */
    async list(filter: AuditFilter): Promise<AuditListData> {
      const rows = await repo.list(filter, AUDIT_PAGE_SIZE + 1);
      const page = rows.slice(0, AUDIT_PAGE_SIZE);
      const last = page[page.length - 1];
      const ids = [...new Set(page.flatMap((row) => (row.operatorId ? [row.operatorId] : [])))];
      const emails = ids.length > 0 ? await deps.operatorEmails(ids) : new Map<string, string>();
      return {
        entries: page.map((row) => ({
          ...row,
          operatorEmail: row.operatorId ? (emails.get(row.operatorId) ?? null) : null,
          at: row.at.toISOString(),
        })),
        nextBefore: rows.length > AUDIT_PAGE_SIZE && last ? last.id : null,
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
