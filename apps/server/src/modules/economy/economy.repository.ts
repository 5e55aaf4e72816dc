import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { economySettings } from './economy.tables';

type Q = Db | Tx;
export type EconomySettingKey = 'ad_limits';

export function createEconomyRepository(db: Db) {
  return {
    db,

    async read(q: Q, key: EconomySettingKey): Promise<unknown> {
      const [row] = await q
        .select({ value: economySettings.value })
        .from(economySettings)
        .where(eq(economySettings.key, key));
      return row?.value;
    },

    /**
     * Reads the setting under a row lock. The row is created first so there is one to lock; an
     * empty object means the setting is still the default.
     */
    async lock(tx: Tx, key: EconomySettingKey, now: Date): Promise<unknown> {
      await tx
        .insert(economySettings)
        .values({ key, value: {}, updatedAt: now })
        .onConflictDoNothing();
      const [row] = await tx
        .select({ value: economySettings.value })
        .from(economySettings)
        .where(eq(economySettings.key, key))
        .for('update');
      return row?.value;
    },

    async write(tx: Tx, key: EconomySettingKey, value: unknown, now: Date): Promise<void> {
      await tx
        .update(economySettings)
        .set({ value, updatedAt: now })
        .where(eq(economySettings.key, key));
    },
  };
}

export type EconomyRepository = ReturnType<typeof createEconomyRepository>;
