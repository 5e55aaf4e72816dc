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
  /** Y: an answer the viewer has not opened yet (the badge); cleared by PUT /user/qna/read */
  unread_yn: z.enum(['Y', 'N']),
});
export type MyInquiry = z.infer<typeof myInquiry>;
export const myInquiriesData = z.object({ qnaList: z.array(myInquiry) });
export type MyInquiriesData = z.infer<typeof myInquiriesData>;

// ---- operators ----

/** GET /user/qna/unread: how many answers the viewer has not read (the menu's badge) */
export const unreadAnswersData = z.object({ unreadCount: z.number().int() });
export type UnreadAnswersData = z.infer<typeof unreadAnswersData>;
/** PUT /user/qna/read: the viewer opened these inquiries' answers (all when qnaIds is absent) */
export const readAnswersBody = z.object({ qnaIds: z.array(z.uuid()).max(100).optional() });
export type ReadAnswersBody = z.infer<typeof readAnswersBody>;

export const inquiryStatus = z.enum(['open', 'answered', 'closed']);
/** newest first, or the longest waiting first (oldest unanswered at the top) */
export const inboxSort = z.enum(['newest', 'waiting']);
export const inboxQuery = z.object({
  status: /* @__PURE__ */ inquiryStatus.optional(),
  sort: /* @__PURE__ */ inboxSort.default('newest'),
  /** an operator id, or "none" for the unassigned */
  assignee: z.union([z.uuid(), z.literal('none')]).optional(),
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
  /** who asked, by name (nickname, sign-in method, email) instead of a bare id */
  viewer: z.object({
    nickname: z.string().nullable(),
    authMethod: z.string(),
    email: z.string().nullable(),
  }),
  assignedTo: z.string().nullable(),
  assignedEmail: z.string().nullable(),
  /** the viewer has opened the answer */
  answerRead: z.boolean(),
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

/** PUT /admin/inquiries/{id}/assignee: an operator (admin or support), or null to unassign */
export const assignInquiryBody = z.object({ operatorId: z.uuid().nullable() });
/** the operators an inquiry can be given to */
export const assigneesData = z.object({
  operators: z.array(z.object({ id: z.string(), email: z.string(), role: z.string() })),
});

/** Canned replies: answers saved per language, picked to fill an inquiry's answer. */
export const cannedReply = z.object({
  id: z.string(),
  lang: z.enum(['ko', 'en', 'ja']),
  title: z.string(),
  body: z.string(),
  updatedAt: z.string(),
});
export type CannedReply = z.infer<typeof cannedReply>;
export const cannedRepliesData = z.object({ replies: z.array(cannedReply) });
export const cannedReplyBody = z.object({
  lang: z.enum(['ko', 'en', 'ja']),
  title: z.string().trim().min(1, 'is required').max(100),
  body: z.string().trim().min(1, 'is required').max(4000),
});
export const cannedReplyIdParams = z.object({ id: z.uuid('must be a reply id') });
