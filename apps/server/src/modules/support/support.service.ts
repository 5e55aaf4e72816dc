import { ResultCode, type Language } from '@snapdrama/contract';
import { INQUIRY_MIN_LENGTH, isInquiryLongEnough } from '@snapdrama/rules';
import type { Clock } from '../../clock';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { SupportRepository } from './support.repository';

export function createSupportService(deps: { repo: SupportRepository; clock: Clock }) {
  const { repo, clock } = deps;
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

    /** Account changes (auth AccountDataHooks): inquiries follow a guest; withdrawal deletes them. */
    transferUserData: (fromUserId: string, toUserId: string, tx: Tx) =>
      repo.moveInquiries(tx, fromUserId, toUserId),
    eraseUserData: (userId: string, tx: Tx) => repo.deleteInquiries(tx, userId),
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
