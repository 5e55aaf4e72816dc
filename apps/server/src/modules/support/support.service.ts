import { ResultCode, type Language, type MyInquiry } from '@snapdrama/contract';
import { INQUIRY_MIN_LENGTH, isInquiryLongEnough } from '@snapdrama/rules';
import type { Clock } from '../../clock';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import { createCannedReplies } from './canned-replies';
import type { InquiryStatus, SupportRepository } from './support.repository';
import { createViewerNotes } from './viewer-notes';
import type { InquiryRow } from './support.tables';

/** An inquiry as operators see it. */
export interface InquiryView {
  id: string;
  userId: string;
  contents: string;
  lang: string;
  status: InquiryStatus;
  createdAt: string;
  answer: string | null;
  answeredAt: string | null;
  answeredBy: string | null;
  closedAt: string | null;
  assignedTo: string | null;
  answerRead: boolean;
}

const statusOf = (s: string): InquiryStatus => (s === 'answered' || s === 'closed' ? s : 'open');

export const toInquiryView = (r: InquiryRow): InquiryView => ({
  id: r.id,
  userId: r.userId,
  contents: r.contents,
  lang: r.lang,
  status: statusOf(r.status),
  createdAt: r.createdAt.toISOString(),
  answer: r.answer,
  answeredAt: r.answeredAt?.toISOString() ?? null,
  answeredBy: r.answeredBy,
  closedAt: r.closedAt?.toISOString() ?? null,
  assignedTo: r.assignedTo,
  answerRead: r.answerReadAt !== null,
});

export const ANSWER_MAX_LENGTH = 4000;

export function createSupportService(deps: { repo: SupportRepository; clock: Clock }) {
  const { repo, clock } = deps;
  const db = repo.db;

  async function change(
    id: string,
    apply: (row: InquiryRow) => Parameters<SupportRepository['update']>[2],
    onChanged?: (tx: Tx, change: { before: InquiryView; after: InquiryView }) => Promise<void>,
  ) {
    return db.transaction(async (tx) => {
      const row = await repo.lock(tx, id);
      if (!row) throw new AppError(ResultCode.NOT_FOUND, 'No such inquiry');
      const after = await repo.update(tx, id, apply(row));
      const result = { before: toInquiryView(row), after: toInquiryView(after) };
      await onChanged?.(tx, result);
      return result;
    });
  }

  return {
    /** POST /user/qna: at least 20 characters (spec §5), kept for operators. */
    async registerInquiry(userId: string, text: string, lang: Language): Promise<string> {
      const contents = text.trim();
      if (!isInquiryLongEnough(contents)) {
        throw new AppError(
          ResultCode.INQUIRY_TOO_SHORT,
          `cnts: must be at least ${INQUIRY_MIN_LENGTH} characters`,
        );
      }
      return repo.insertInquiry({ userId, contents, lang, now: clock.now() });
    },

    inquiriesOf: (userId: string) => repo.inquiriesOf(userId),

    /** GET /user/qna: the caller's inquiries and their answers, newest first. */
    async myInquiries(userId: string): Promise<MyInquiry[]> {
      return (await repo.inquiriesOf(userId)).map((r) => ({
        qnaId: r.id,
        cnts: r.contents,
        stts: statusOf(r.status),
        rgst_dtm: r.createdAt.toISOString(),
        answ: r.answer,
        answ_dtm: r.answeredAt?.toISOString() ?? null,
        unread_yn: r.answer !== null && r.answerReadAt === null ? ('Y' as const) : ('N' as const),
      }));
    },

    /** GET /user/qna/unread: answers the viewer has not opened (the menu's badge). */
    unreadAnswers: (userId: string) => repo.unreadAnswers(userId),

    /** PUT /user/qna/read: the viewer opened these answers (all when no ids); clears the badge. */
    async markAnswersRead(userId: string, ids?: string[]): Promise<number> {
      return repo.markAnswersRead(userId, ids, clock.now());
    },

    /** The operators' inbox (newest or longest waiting first), with the count of each status. */
    async inbox(filter: {
      status?: InquiryStatus;
      sort?: 'newest' | 'waiting';
      assignee?: string;
      page: number;
      count: number;
    }) {
      const [{ rows, total }, counts] = await Promise.all([
        repo.inbox({
          status: filter.status,
          sort: filter.sort ?? 'newest',
          assignee: filter.assignee,
          limit: filter.count,
          offset: (filter.page - 1) * filter.count,
        }),
        repo.countsByStatus(),
      ]);
      return { items: rows.map(toInquiryView), total, counts };
    },

    /**
     * An operator's answer (a later answer replaces the earlier one; the audit keeps both). A
     * closed inquiry is not answered.
     */
    async answer(
      id: string,
      text: string,
      operatorId: string,
      onChanged?: (tx: Tx, change: { before: InquiryView; after: InquiryView }) => Promise<void>,
    ) {
      const answer = text.trim();
      if (answer.length < 1 || answer.length > ANSWER_MAX_LENGTH)
        throw new AppError(
          ResultCode.BAD_REQUEST,
          `answer: required, at most ${ANSWER_MAX_LENGTH} characters`,
        );
      const now = clock.now();
      return change(
        id,
        (row) => {
          if (row.status === 'closed')
            throw new AppError(ResultCode.INQUIRY_CLOSED, 'This inquiry is closed');
          // a new answer is unread until the viewer opens it (the badge)
          return {
            status: 'answered',
            answer,
            answeredAt: now,
            answeredBy: operatorId,
            answerReadAt: null,
          };
        },
        onChanged,
      );
    },

    /** Closes an inquiry (answered or not); closing twice is refused. */
    async close(
      id: string,
      onChanged?: (tx: Tx, change: { before: InquiryView; after: InquiryView }) => Promise<void>,
    ) {
      const now = clock.now();
      return change(
        id,
        (row) => {
          if (row.status === 'closed')
            throw new AppError(ResultCode.INQUIRY_CLOSED, 'This inquiry is closed already');
          return { status: 'closed', closedAt: now };
        },
        onChanged,
      );
    },

    /**
     * Gives an inquiry to an operator (the caller checked they may take it), or to nobody (null).
     * A closed inquiry keeps whoever had it.
     */
    async assign(
      id: string,
      operatorId: string | null,
      onChanged?: (tx: Tx, change: { before: InquiryView; after: InquiryView }) => Promise<void>,
    ) {
      return change(
        id,
        (row) => {
          if (row.status === 'closed')
            throw new AppError(ResultCode.INQUIRY_CLOSED, 'This inquiry is closed');
          return { assignedTo: operatorId };
        },
        onChanged,
      );
    },

    ...createViewerNotes({ repo, clock }),
    ...createCannedReplies({ repo, clock }),

    /**
     * Account changes (auth AccountDataHooks): inquiries and operators' notes follow a guest;
     * withdrawal deletes the inquiries (the notes stay with the withdrawn account, decision 1561).
     */
    transferUserData: async (fromUserId: string, toUserId: string, tx: Tx) => {
      await repo.moveInquiries(tx, fromUserId, toUserId);
      await repo.moveNotes(tx, fromUserId, toUserId);
    },
    eraseUserData: (userId: string, tx: Tx) => repo.deleteInquiries(tx, userId),
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
