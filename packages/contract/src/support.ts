import { z } from 'zod';

/**
 * Wire schemas of the support inbox: a viewer's inquiries with the operators' answers, and the
 * console's inbox (issue 13, item 6).
 * Operator routes live under /api/v1/admin and speak camelCase: they are ours, not the spec's.
 */

/** GET /user/qna: the caller's inquiries with the operators' answers, newest first. */
export const myInquiry = z.object({
  qnaId: z.string(),
  cnts: z.string(),
  /** open, answered, closed */
  stts: z.enum(['open', 'answered', 'closed']),
  rgst_dtm: z.string(),
  answ: z.string().nullable(),
  answ_dtm: z.string().nullable(),
});
export type MyInquiry = z.infer<typeof myInquiry>;
export const myInquiriesData = z.object({ qnaList: z.array(myInquiry) });
export type MyInquiriesData = z.infer<typeof myInquiriesData>;

// ---- operators ----

export const inquiryStatus = z.enum(['open', 'answered', 'closed']);
export const inboxQuery = z.object({
  status: /* @__PURE__ */ inquiryStatus.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  count: z.coerce.number().int().min(1).max(100).default(20),
});
export const adminInquiry = z.object({
  id: z.string(),
  userId: z.string(),
  contents: z.string(),
  lang: z.string(),
  status: inquiryStatus,
  createdAt: z.string(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  answeredBy: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type AdminInquiry = z.infer<typeof adminInquiry>;
export const inboxData = z.object({
  items: z.array(adminInquiry),
  total: z.number().int(),
  counts: z.object({ open: z.number(), answered: z.number(), closed: z.number() }),
});
export type InboxData = z.infer<typeof inboxData>;
export const inquiryIdParams = z.object({ id: z.uuid('must be an inquiry id') });
export const answerBody = z.object({
  answer: z.string().trim().min(1, 'is required').max(4000),
});
