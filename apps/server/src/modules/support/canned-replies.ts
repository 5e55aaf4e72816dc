import { ResultCode, type CannedReply } from '@snapdrama/contract';
import type { Clock } from '../../clock';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { SupportRepository } from './support.repository';
import type { CannedReplyRow } from './support.tables';

const viewOf = (r: CannedReplyRow): CannedReply => ({
  id: r.id,
  lang: r.lang === 'ko' || r.lang === 'ja' ? r.lang : 'en',
  title: r.title,
  body: r.body,
  updatedAt: r.updatedAt.toISOString(),
});

type ReplyInput = { lang: 'ko' | 'en' | 'ja'; title: string; body: string };
type OnChanged = (
  tx: Tx,
  change: { before: CannedReply | null; after: CannedReply | null },
) => Promise<void>;

/** Canned replies per language: operators keep them; the inbox picks one to fill an answer. */
export function createCannedReplies(deps: { repo: SupportRepository; clock: Clock }) {
  const { repo, clock } = deps;
  const clean = (input: ReplyInput) => ({
    lang: input.lang,
    title: input.title.trim(),
    body: input.body.trim(),
  });
  return {
    async cannedReplies(): Promise<CannedReply[]> {
      return (await repo.cannedReplies()).map(viewOf);
    },

    async createCannedReply(input: ReplyInput, by: string, onChanged?: OnChanged) {
      return repo.db.transaction(async (tx) => {
        const after = viewOf(
          await repo.insertCannedReply(tx, { ...clean(input), by, now: clock.now() }),
        );
        await onChanged?.(tx, { before: null, after });
        return after;
      });
    },

    /** 404130 for an unknown id. */
    async updateCannedReply(id: string, input: ReplyInput, by: string, onChanged?: OnChanged) {
      return repo.db.transaction(async (tx) => {
        const row = await repo.lockCannedReply(tx, id);
        if (!row) throw new AppError(ResultCode.CANNED_REPLY_NOT_FOUND, 'No such canned reply');
        const after = viewOf(
          await repo.updateCannedReply(tx, id, { ...clean(input), by, now: clock.now() }),
        );
        await onChanged?.(tx, { before: viewOf(row), after });
        return after;
      });
    },

    async deleteCannedReply(id: string, onChanged?: OnChanged): Promise<void> {
      await repo.db.transaction(async (tx) => {
        const row = await repo.lockCannedReply(tx, id);
        if (!row) throw new AppError(ResultCode.CANNED_REPLY_NOT_FOUND, 'No such canned reply');
        await repo.deleteCannedReply(tx, id);
        await onChanged?.(tx, { before: viewOf(row), after: null });
      });
    },
  };
}
