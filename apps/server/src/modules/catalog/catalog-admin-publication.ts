import { publishIncompleteMessage } from '@snapdrama/contract';
import { ResultCode, type DramaImpact, type DramaState } from '@snapdrama/contract';
import type { SQL } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { AuditService } from '../audit/audit.service';
import type { CatalogAdminRepository } from './catalog-admin.repository';
import type { CatalogService } from './catalog.service';
import { dramaNotFound } from './catalog-admin-episodes';

/** A scheduled publication is at most this far ahead. */
const MAX_SCHEDULE_MS = 366 * 86_400_000;

type DramaRow = NonNullable<Awaited<ReturnType<CatalogAdminRepository['drama']>>>;

/** Where a drama stands (decision 1540). */
export function dramaState(row: {
  published: boolean;
  publishAt: Date | null;
  archivedAt: Date | null;
}): DramaState {
  if (row.archivedAt) return 'archived';
  if (row.published) return 'published';
  return row.publishAt ? 'scheduled' : 'draft';
}

export const dramaArchived = (id: number) =>
  new AppError(ResultCode.CATALOG_DRAMA_ARCHIVED, `Drama ${id} is archived; restore it first`);

/**
 * Who holds episodes of a drama: SQL selecting the user ids of its unlocks, one query per module
 * that keeps unlocks (the wallet's coin unlocks, events' ad unlocks), handed in by the composition
 * root so the catalog reads no other module's tables.
 */
export type HolderQuery = (dramaId: number) => SQL;

/**
 * Publishing (decision 1540): publish and unpublish, a scheduled publication the publish job
 * carries out at its second, archive and restore, and what unpublishing or archiving takes from
 * viewers. Audited in their transactions; search text and caches follow at once.
 */
export function createPublication(deps: {
  db: Db;
  repo: CatalogAdminRepository;
  catalog: Pick<CatalogService, 'catalogChanged' | 'reindexSearch'>;
  audit: AuditService;
  clock: Clock;
}) {
  const { db, repo, catalog, audit, clock } = deps;
  const holderQueries: HolderQuery[] = [];

  async function lockDrama(tx: Tx, dramaId: number): Promise<DramaRow> {
    const row = await repo.drama(tx, dramaId, true);
    if (!row) throw dramaNotFound(dramaId);
    return row;
  }

  /** What a drama lacks to be published: both posters and an episode (titles are required). */
  async function missingParts(tx: Tx, row: DramaRow) {
    return [
      ...(row.posterVerticalPath ? [] : ['poster_vertical' as const]),
      ...(row.posterHorizontalPath ? [] : ['poster_horizontal' as const]),
      ...((await repo.episodes(tx, row.id)).length > 0 ? [] : ['episode' as const]),
    ];
  }
  async function assertComplete(tx: Tx, row: DramaRow) {
    const missing = await missingParts(tx, row);
    if (missing.length > 0) {
      // the refusal names each part in the operator's language (publishIncompleteMessage)
      throw new AppError(ResultCode.CATALOG_PUBLISH_INCOMPLETE, publishIncompleteMessage(missing));
    }
  }

  /** Search text follows the published state; every instance drops its copies. */
  async function changed(titleKeys: string[]) {
    if (titleKeys.length > 0) await catalog.reindexSearch(titleKeys);
    await catalog.catalogChanged();
  }

  return {
    /** Wires the modules that keep unlocks (composition root). */
    useHolderQueries(queries: HolderQuery[]): void {
      holderQueries.push(...queries);
    },

    /** Viewers who unlocked an episode of the drama (coins or ads), and its bookmarks. */
    async impact(dramaId: number): Promise<DramaImpact> {
      const row = await repo.drama(db, dramaId);
      if (!row) throw dramaNotFound(dramaId);
      const viewersWithUnlocks = await repo.countDistinctUsers(
        holderQueries.map((q) => q(dramaId)),
      );
      return { viewersWithUnlocks, bookmarks: row.bookmarkCount };
    },

    /** Publishing needs both posters and at least one episode; it ends any schedule. */
    async setPublished(operatorId: string, dramaId: number, published: boolean): Promise<void> {
      const titleKey = await db.transaction(async (tx) => {
        const current = await lockDrama(tx, dramaId);
        if (current.archivedAt) throw dramaArchived(dramaId);
        if (published) await assertComplete(tx, current);
        if (current.published === published && current.publishAt === null) return null;
        await repo.updateDrama(tx, dramaId, { published, publishAt: null });
        await audit.record(tx, {
          operatorId,
          action: published ? 'drama.publish' : 'drama.unpublish',
          targetType: 'drama',
          targetId: dramaId,
          before: {
            published: current.published,
            publishAt: current.publishAt?.toISOString() ?? null,
          },
          after: { published, publishAt: null },
        });
        return current.titleKey;
      });
      if (titleKey) await changed([titleKey]);
    },

    /**
     * A publication at `publishAt` (null cancels it): the drama must be complete now, unpublished
     * and not archived; the time in the future, within a year.
     */
    async schedule(operatorId: string, dramaId: number, publishAt: string | null): Promise<void> {
      const at = publishAt === null ? null : new Date(publishAt);
      const now = clock.now().getTime();
      if (at && (at.getTime() <= now || at.getTime() > now + MAX_SCHEDULE_MS)) {
        throw new AppError(
          ResultCode.CATALOG_SCHEDULE_INVALID,
          'publishAt: must be in the future, at most a year ahead',
        );
      }
      await db.transaction(async (tx) => {
        const current = await lockDrama(tx, dramaId);
        if (current.archivedAt) throw dramaArchived(dramaId);
        if (current.published) {
          throw new AppError(
            ResultCode.CATALOG_SCHEDULE_INVALID,
            'publishAt: the drama is published already',
          );
        }
        if (at) await assertComplete(tx, current);
        if ((current.publishAt?.getTime() ?? null) === (at?.getTime() ?? null)) return;
        await repo.updateDrama(tx, dramaId, { publishAt: at });
        await audit.record(tx, {
          operatorId,
          action: at ? 'drama.schedule' : 'drama.schedule_cancel',
          targetType: 'drama',
          targetId: dramaId,
          before: { publishAt: current.publishAt?.toISOString() ?? null },
          after: { publishAt: at?.toISOString() ?? null },
        });
      });
    },

    /**
     * The publish job (jobs.ts, every instance): publishes every drama whose time has come, in one
     * transaction with row locks taken with skip locked, so two instances never publish one
     * twice. A drama that lost a poster or its episodes since is left unpublished with its
     * schedule cleared, and the audit says why. Returns the ids published.
     */
    async publishDue(): Promise<number[]> {
      const now = clock.now();
      const { published, titleKeys } = await db.transaction(async (tx) => {
        const due = await repo.dueForPublishing(tx, now);
        const done: number[] = [];
        const keys: string[] = [];
        for (const row of due) {
          const missing = row.published ? [] : await missingParts(tx, row);
          const publish = missing.length === 0;
          await repo.updateDrama(tx, row.id, {
            publishAt: null,
            ...(publish ? { published: true } : {}),
          });
          await audit.record(tx, {
            operatorId: null,
            action: publish ? 'drama.publish' : 'drama.schedule_failed',
            targetType: 'drama',
            targetId: row.id,
            before: { published: row.published, publishAt: row.publishAt?.toISOString() ?? null },
            after: publish ? { published: true, publishAt: null } : { published: false, missing },
          });
          if (publish) {
            done.push(row.id);
            keys.push(row.titleKey);
          }
        }
        return { published: done, titleKeys: keys };
      });
      if (published.length > 0) await changed(titleKeys);
      return published;
    },

    /** When the publish job should look next (null: nothing is scheduled). */
    nextPublishAt: () => repo.nextPublishAt(),

    /**
     * Archived (decision 1540): unpublished, schedule cleared, out of every list and search;
     * viewers who unlocked episodes keep exactly those. Archiving twice changes nothing.
     */
    async archive(operatorId: string, dramaId: number): Promise<void> {
      const impact = await this.impact(dramaId);
      const titleKey = await db.transaction(async (tx) => {
        const current = await lockDrama(tx, dramaId);
        if (current.archivedAt) return null;
        await repo.updateDrama(tx, dramaId, {
          archivedAt: clock.now(),
          published: false,
          publishAt: null,
        });
        await audit.record(tx, {
          operatorId,
          action: 'drama.archive',
          targetType: 'drama',
          targetId: dramaId,
          before: {
            published: current.published,
            publishAt: current.publishAt?.toISOString() ?? null,
          },
          after: { archived: true, published: false, ...impact },
        });
        return current.titleKey;
      });
      if (titleKey) await changed([titleKey]);
    },

    /** Back from the archive as a draft: publishing again is a separate, deliberate step. */
    async restore(operatorId: string, dramaId: number): Promise<void> {
      const titleKey = await db.transaction(async (tx) => {
        const current = await lockDrama(tx, dramaId);
        if (!current.archivedAt) return null;
        await repo.updateDrama(tx, dramaId, { archivedAt: null });
        await audit.record(tx, {
          operatorId,
          action: 'drama.restore',
          targetType: 'drama',
          targetId: dramaId,
          before: { archived: true },
          after: { archived: false, published: false },
        });
        return current.titleKey;
      });
      if (titleKey) await changed([titleKey]);
    },
  };
}
