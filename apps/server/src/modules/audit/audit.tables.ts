import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { operators } from '../operators/operators.tables';

/**
 * Every change made by an operator (or the operator CLI, the transcode worker, the server's own
 * rules) and every operator sign-in, failed or not: who, when, from where, what, before and after.
 * Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE (migration 0016_audit_append_only).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** the signed-in operator who acted; null for every other actor */
    operatorId: uuid('operator_id').references(() => operators.id),
    /**
     * operator (operatorId says who), cli (the operator CLI, the start-up's first admin), worker
     * (the transcode worker), system (the server's own rules), anonymous (nobody signed in: a
     * failed sign-in). Decision 1570.
     */
    actor: text('actor').notNull().default('operator'),
    /** the client's address (as TRUSTED_PROXIES yields it) and user agent; null off HTTP */
    ip: text('ip'),
    userAgent: text('user_agent'),
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
    // the date-range filter and the actor filter of the console (decision 1570)
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actor, t.id.desc()),
    check(
      'audit_log_actor_check',
      sql`${t.actor} in ('operator', 'cli', 'worker', 'system', 'anonymous') and (${t.actor} = 'operator') = (${t.operatorId} is not null)`,
    ),
  ],
);
