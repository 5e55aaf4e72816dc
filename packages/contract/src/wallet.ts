import { z } from 'zod';
import { episodeNumber, idParam, timestamp } from './primitives';
import { coinList } from './user';

/** Coins are valid for 7 days unless a source says otherwise (spec §9). */
export const COIN_VALIDITY_DAYS = 7;

/** Where coins come from. `purchase_bonus` is the bonus that comes with a coin pack. */
export const COIN_SOURCES = [
  'purchase',
  'purchase_bonus',
  'mission',
  'attendance',
  'event',
  'advertisement',
  'admin',
] as const;
export type CoinSource = (typeof COIN_SOURCES)[number];
export const COIN_KINDS = ['paid', 'bonus'] as const;

// POST /drama/episode/unlock/coin
export const coinUnlockBody = z.object({ dramId: idParam, epsd: episodeNumber });
export type CoinUnlockBody = z.infer<typeof coinUnlockBody>;

/**
 * A coin unlock. Sending the same unlock again (a retry, a double tap) answers success with
 * usag_coin 0 and already_unlocked true: it is never charged twice.
 */
export const coinUnlockData = z.object({
  dram_id: z.number().int(),
  epsd: z.number().int(),
  /** coins charged by this call */
  usag_coin: z.number().int(),
  already_unlocked: z.boolean(),
  /** valid balance after the unlock */
  coin: z.number().int(),
  coin_list: coinList,
});
export type CoinUnlockData = z.infer<typeof coinUnlockData>;

// GET /user/coin-history/{div}/{startDate}/{endDate}?page=&count=
export const COIN_HISTORY_DIVS = ['A', 'U', 'E'] as const;
export type CoinHistoryDiv = (typeof COIN_HISTORY_DIVS)[number];
export const COIN_HISTORY_DEFAULT_COUNT = 20;
export const COIN_HISTORY_MAX_COUNT = 100;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD');
export const coinHistoryParams = z.object({
  div: z.enum(COIN_HISTORY_DIVS, { error: 'must be A (earned), U (used) or E (expired)' }),
  startDate: isoDate,
  endDate: isoDate,
});
export const coinHistoryQuery = z.object({
  page: z.coerce
    .number({ error: 'must be a number' })
    .int('must be an integer')
    .min(1, 'must be 1 or more')
    .max(100_000, 'is too large')
    .default(1),
  count: z.coerce
    .number({ error: 'must be a number' })
    .int('must be an integer')
    .min(1, 'must be 1 or more')
    .max(COIN_HISTORY_MAX_COUNT, `must be ${COIN_HISTORY_MAX_COUNT} or less`)
    .default(COIN_HISTORY_DEFAULT_COUNT),
});

/** P purchased; B bonus that came with a purchase; F free (missions, attendance, events...). */
export const ACQUISITION_TYPES = ['P', 'F', 'B'] as const;

export const coinEarnEntry = z.object({
  rgst_dtm: timestamp,
  /** "available until"; null: these coins do not expire (App Store purchases by default) */
  expr_dtm: timestamp.nullable(),
  /** coins of this grant still unspent */
  remn_coin: z.number().int(),
  /** some of them are still valid and expire within 48 hours */
  expr_soon: z.boolean(),
  /** where purchased coins were bought (web, app_store, google_play); absent for bonus coins */
  channel: z.enum(['web', 'app_store', 'google_play']).optional(),
  acqs_type: z.enum(ACQUISITION_TYPES),
  acqs_coin: z.number().int(),
  memo: z.object({ source: z.enum(COIN_SOURCES), mssnId: z.string().optional() }),
});
export type CoinEarnEntry = z.infer<typeof coinEarnEntry>;

export const coinUseEntry = z.object({
  rgst_dtm: timestamp,
  dram_id: z.number().int(),
  titl_lang_key: z.string(),
  memo: z.object({ epsd: z.number().int() }),
  usag_coin: z.number().int(),
});
export type CoinUseEntry = z.infer<typeof coinUseEntry>;

export const coinExpireEntry = z.object({
  expr_dtm: timestamp,
  rgst_dtm: timestamp,
  remn_coin: z.number().int(),
});
export type CoinExpireEntry = z.infer<typeof coinExpireEntry>;

/** Only the list named by div is filled; the other two are empty. Newest first. */
export const coinHistoryData = z.object({
  alist: z.array(coinEarnEntry),
  ulist: z.array(coinUseEntry),
  elist: z.array(coinExpireEntry),
  totalCount: z.number().int(),
  page: z.number().int(),
  count: z.number().int(),
  lastPage: z.boolean(),
  /** totals held now: all valid coins, and by kind */
  coin: z.number().int(),
  coin_list: coinList,
});
export type CoinHistoryData = z.infer<typeof coinHistoryData>;
