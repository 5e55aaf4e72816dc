import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { auditLog } from './audit.tables';

export interface AuditRecordValues {
  at: Date;
  operatorId: string | null;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
}

export interface AuditFilter {
  action?: string;
  targetType?: string;
  targetId?: string;
  operatorId?: string;
  before?: number;
}

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

    async list(filter: AuditFilter, limit: number) {
      const conditions: SQL[] = [];
      if (filter.action) conditions.push(eq(auditLog.action, filter.action));
      if (filter.targetType) conditions.push(eq(auditLog.targetType, filter.targetType));
      if (filter.targetId) conditions.push(eq(auditLog.targetId, filter.targetId));
      if (filter.operatorId) conditions.push(eq(auditLog.operatorId, filter.operatorId));
      if (filter.before) conditions.push(lt(auditLog.id, filter.before));
      return db
        .select({
          id: auditLog.id,
          at: auditLog.at,
          operatorId: auditLog.operatorId,
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
