import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.tables';

/** Customer inquiries (POST /user/qna), kept for operators to answer. */
export const inquiries = pgTable(
  'inquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    contents: text('contents').notNull(),
    /** the caller's language, so the answer can be written in it */
    lang: text('lang').notNull(),
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** the operator's answer, shown to the viewer under "my inquiries" */
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** the operator who answered (operator id) */
    answeredBy: text('answered_by'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    check('inquiries_status_check', sql`${t.status} in ('open', 'answered', 'closed')`),
    check('inquiries_contents_length_check', sql`char_length(${t.contents}) between 20 and 4000`),
    check(
      'inquiries_answer_check',
      sql`(${t.status} = 'open') = (${t.answer} is null) or ${t.status} = 'closed'`,
    ),
    check(
      'inquiries_answer_length_check',
      sql`${t.answer} is null or char_length(${t.answer}) between 1 and 4000`,
    ),
    index('inquiries_open_idx').on(t.status, t.createdAt),
    index('inquiries_user_idx').on(t.userId),
  ],
);
