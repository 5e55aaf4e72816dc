import { z } from 'zod';
import { episodeNumber, idParam, timestamp } from './primitives';
import { coinList } from './user';
import { coinUnlockData } from './wallet';

/**
 * Issue 16 items 2 and 4: auto-unlock (a viewer's setting, off by default, never for guests) with
 * an undo, and reminders of coins about to expire. docs/decisions/1120 and 1122.
 */

// GET /user/auto-unlock, PUT /user/auto-unlock
export const autoUnlockSetting = z.object({ auto_unlock: z.boolean() });
export type AutoUnlockSetting = z.infer<typeof autoUnlockSetting>;
export const autoUnlockSettingBody = z.object({
  enabled: z.boolean({ error: 'must be true or false' }),
});
export type AutoUnlockSettingBody = z.infer<typeof autoUnlockSettingBody>;

// POST /drama/episode/unlock/auto
export const autoUnlockBody = z.object({ dramId: idParam, epsd: episodeNumber });
export type AutoUnlockBody = z.infer<typeof autoUnlockBody>;
/** A coin unlock made because auto-unlock is on, with what the undo needs. */
export const autoUnlockData = coinUnlockData.extend({
  /** the auto-unlock to undo; null when nothing was charged (bought before) */
  auto_unlock_id: z.string().nullable(),
  /** until when the server accepts the undo (10 s after the unlock, by its clock) */
  undo_until: timestamp.nullable(),
});
export type AutoUnlockData = z.infer<typeof autoUnlockData>;

// POST /drama/episode/unlock/undo
export const autoUnlockUndoBody = z.object({
  autoUnlockId: z.uuid({ error: 'must be an auto-unlock id' }),
});
export type AutoUnlockUndoBody = z.infer<typeof autoUnlockUndoBody>;
export const autoUnlockUndoData = z.object({
  dram_id: z.number().int(),
  epsd: z.number().int(),
  /** coins given back: the whole price */
  rfnd_coin: z.number().int(),
  /** true when an earlier call did the undo (nothing given back twice) */
  already_undone: z.boolean(),
  coin: z.number().int(),
  coin_list: coinList,
});
export type AutoUnlockUndoData = z.infer<typeof autoUnlockUndoData>;

// GET /user/coin-expiry, PUT /user/coin-expiry/seen
export const coinExpiryData = z.object({
  /** show the reminder: coins expire within 48 h and it was not dismissed today */
  remind: z.boolean(),
  /** coins that expire within 48 h */
  amount: z.number().int(),
  /** when the first of them expires */
  expr_dtm: timestamp.nullable(),
});
export type CoinExpiryData = z.infer<typeof coinExpiryData>;
