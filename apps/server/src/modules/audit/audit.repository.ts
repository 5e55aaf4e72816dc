import { and, desc, eq, gte, like, lt, type SQL } from 'drizzle-orm';
import type { AuditActor } from '@snapdrama/contract';
import type { Db, Tx } from '../../db/client';
import { auditLog } from './audit.tables';

export interface AuditRecordValues {
  at: Date;
  actor: AuditActor;
  operatorId: string | null;
  ip: string | null;
  userAgent: string | null;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
}

export interface AuditFilter {
  action?: string;
  /** a prefix of the action */
  family?: string;
  targetType?: string;
  targetId?: string;
  operatorId?: string;
  /** an operator's id or a kind of actor */
  actor?: string;
  /** [from, to) instants */
  from?: Date;
  to?: Date;
  before?: number;
}

/** `text` as a LIKE pattern that matches only itself (then a `%` makes it a prefix). */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createAuditRepository(db: Db) {
  return {
    async insert(executor: Db | Tx, values: AuditRecordValues): Promise<number> {
      const [row] = await executor
        .insert(auditLog)
        .values({
          ...values,
          // undefined would drop the key; JSON null says "nothing" explicitly
          before: values.before ?? null,
          after: values.after ?? null,
        })
        .returning({ id: auditLog.id });
      if (!row) throw new Error('audit insert returned nothing');
      return row.id;
    },

    /** Newest first (by id), keyset pages: `before` is the last id of the previous page. */
    async list(filter: AuditFilter, limit: number) {
      const conditions: SQL[] = [];
      if (filter.action) conditions.push(eq(auditLog.action, filter.action));
      if (filter.family) conditions.push(like(auditLog.action, `${likeLiteral(filter.family)}%`));
      if (filter.targetType) conditions.push(eq(auditLog.targetType, filter.targetType));
      if (filter.targetId) conditions.push(eq(auditLog.targetId, filter.targetId));
      if (filter.operatorId) conditions.push(eq(auditLog.operatorId, filter.operatorId));
      if (filter.actor) {
        conditions.push(
          UUID.test(filter.actor)
            ? eq(auditLog.operatorId, filter.actor)
            : eq(auditLog.actor, filter.actor),
        );
      }
      if (filter.from) conditions.push(gte(auditLog.at, filter.from));
      if (filter.to) conditions.push(lt(auditLog.at, filter.to));
      if (filter.before) conditions.push(lt(auditLog.id, filter.before));
      return db
        .select({
          id: auditLog.id,
          at: auditLog.at,
          actor: auditLog.actor,
          operatorId: auditLog.operatorId,
          ip: auditLog.ip,
          userAgent: auditLog.userAgent,
          action: auditLog.action,
          targetType: auditLog.targetType,
          targetId: auditLog.targetId,
          before: auditLog.before,
          after: auditLog.after,
        })
        .from(auditLog)
        .where(conditions.length > 0 ? and(...conditions) : undefined)
        .orderBy(desc(auditLog.id))
        .limit(limit);
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
export type AuditRow = Awaited<ReturnType<AuditRepository['list']>>[number];
