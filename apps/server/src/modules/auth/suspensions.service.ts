import { ResultCode, type ViewerSuspension } from '@snapdrama/contract';
import type { Clock } from '../../clock';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { SuspensionsRepository } from './suspensions.repository';
import type { SuspensionRow } from './auth.tables';

const viewOf = (row: SuspensionRow): ViewerSuspension => ({
  reason: row.reason,
  since: row.startsAt.toISOString(),
  until: row.endsAt?.toISOString() ?? null,
  operatorId: row.createdBy,
});

export type SuspensionChange = (
  tx: Tx,
  change: { before: ViewerSuspension | null; after: ViewerSuspension | null },
) => Promise<void>;

export const accountSuspended = () =>
  new AppError(ResultCode.ACCOUNT_SUSPENDED, 'This account is suspended');

/**
 * Viewers' suspensions (decision 1560): operators suspend with a reason until a date or until
 * lifted, and lift. A suspension signs the viewer out everywhere in its transaction; sign-in,
 * sessions and every coin movement the viewer would make or earn ask `assertNotSuspended`.
 */
export function createSuspensionsService(deps: {
  repo: SuspensionsRepository;
  clock: Clock;
  /** auth's: ends every session of the viewer (in the suspension's transaction) */
  revokeAllSessions: (tx: Tx, userId: string, now: Date) => Promise<void>;
}) {
  const { repo, clock } = deps;
  return {
    /** The suspension in force, or null. */
    async current(userId: string, tx?: Tx): Promise<ViewerSuspension | null> {
      const row = await repo.inForce(userId, clock.now(), tx);
      return row ? viewOf(row) : null;
    },

    /** 403130 while a suspension is in force. */
    async assertNotSuspended(userId: string, tx?: Tx): Promise<void> {
      if (await repo.inForce(userId, clock.now(), tx)) throw accountSuspended();
    },

    /** The suspensions in force of these viewers, by user id. */
    async inForceOf(userIds: string[]): Promise<Map<string, ViewerSuspension>> {
      const rows = await repo.inForceOf([...new Set(userIds)], clock.now());
      return new Map(rows.map((r) => [r.userId, viewOf(r)]));
    },

    /**
     * Suspends a viewer (404001 when there is none). A new suspension replaces one in
     * force (its reason and end are the new ones). `until` must be ahead of now.
     */
    async suspend(
      input: { userId: string; operatorId: string; reason: string; until: Date | null },
      onChanged?: SuspensionChange,
    ): Promise<ViewerSuspension> {
      const now = clock.now();
      const reason = input.reason.trim();
      if (reason.length < 2 || reason.length > 500)
        throw new AppError(ResultCode.BAD_REQUEST, 'reason: 2 to 500 characters');
      if (input.until && input.until.getTime() <= now.getTime())
        throw new AppError(ResultCode.BAD_REQUEST, 'until: must be in the future');
      return repo.db.transaction(async (tx) => {
        if (!(await repo.lockUser(tx, input.userId)))
          throw new AppError(ResultCode.NOT_FOUND, 'No such viewer');
        const open = await repo.lockOpen(tx, input.userId);
        const before = open && (open.endsAt === null || open.endsAt > now) ? viewOf(open) : null;
        if (open) await repo.close(tx, open.id, now, input.operatorId);
        const row = await repo.insert(tx, {
          userId: input.userId,
          reason,
          startsAt: now,
          endsAt: input.until,
          by: input.operatorId,
        });
        await deps.revokeAllSessions(tx, input.userId, now);
        const after = viewOf(row);
        await onChanged?.(tx, { before, after });
        return after;
      });
    },

    /** Lifts the suspension in force; 409132 when there is none. */
    async lift(userId: string, operatorId: string, onChanged?: SuspensionChange): Promise<void> {
      const now = clock.now();
      await repo.db.transaction(async (tx) => {
        if (!(await repo.lockUser(tx, userId)))
          throw new AppError(ResultCode.NOT_FOUND, 'No such viewer');
        const open = await repo.lockOpen(tx, userId);
        if (!open || (open.endsAt !== null && open.endsAt <= now))
          throw new AppError(ResultCode.SUSPENSION_NOT_ACTIVE, 'This viewer is not suspended');
        await repo.close(tx, open.id, now, operatorId);
        await onChanged?.(tx, { before: viewOf(open), after: null });
      });
    },
  };
}

export type SuspensionsService = ReturnType<typeof createSuspensionsService>;
