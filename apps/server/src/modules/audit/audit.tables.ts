import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { operators } from '../operators/operators.tables';

/**
 * Every change made by an operator (or the operator CLI): who, when, what, before and after.
 * Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE (migration 0016_audit_append_only).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** null: the system (the operator CLI) */
    operatorId: uuid('operator_id').references(() => operators.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.id.desc()),
    index('audit_log_operator_idx').on(t.operatorId, t.id.desc()),
    index('audit_log_action_idx').on(t.action, t.id.desc()),
  ],
);
