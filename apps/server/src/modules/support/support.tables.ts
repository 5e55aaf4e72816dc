import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { userIdRef } from '../auth/auth.tables';

/** Customer inquiries (POST /user/qna), kept for operators to answer. */
export const inquiries = pgTable(
  'inquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdRef(),
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
    /** the operator the inquiry is given to (operator id), null while nobody has it */
    assignedTo: text('assigned_to'),
    /** when the viewer opened the current answer; null while it is unread (the badge) */
    answerReadAt: timestamp('answer_read_at', { withTimezone: true }),
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
    index('inquiries_assigned_idx').on(t.assignedTo, t.status),
  ],
);
export type InquiryRow = typeof inquiries.$inferSelect;

/** Operators' internal notes on a viewer: never shown to the viewer. */
export const viewerNotes = pgTable(
  'viewer_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdRef(),
    text: text('text').notNull(),
    /** the operator who wrote it (operator id) */
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('viewer_notes_text_check', sql`char_length(${t.text}) between 1 and 2000`),
    index('viewer_notes_user_idx').on(t.userId, t.createdAt),
  ],
);
export type NoteRow = typeof viewerNotes.$inferSelect;

/** Answers saved per language, picked in the inbox to fill an inquiry's answer. */
export const cannedReplies = pgTable(
  'canned_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('canned_replies_lang_check', sql`${t.lang} in ('ko', 'en', 'ja')`),
    check('canned_replies_title_check', sql`char_length(${t.title}) between 1 and 100`),
    check('canned_replies_body_check', sql`char_length(${t.body}) between 1 and 4000`),
    index('canned_replies_lang_idx').on(t.lang, t.title),
  ],
);
export type CannedReplyRow = typeof cannedReplies.$inferSelect;
