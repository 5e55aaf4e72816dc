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
  'invite',
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

/** Every entry: what it did to the balance and the balance after it (issue 40: entries sum up). */
const runningBalance = {
  /** signed: coins in (+) or out (-) */
  chng_coin: z.number().int(),
  /** the valid balance right after this entry */
  blnc_coin: z.number().int(),
};

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
  /** coins of this grant refunded later (the refund is its own entry of the use list) */
  rfnd_coin: z.number().int(),
  memo: z.object({
    source: z.enum(COIN_SOURCES),
    mssnId: z.string().optional(),
    /** the order a purchase (or its bonus) came from */
    ordrId: z.string().optional(),
  }),
  ...runningBalance,
});
export type CoinEarnEntry = z.infer<typeof coinEarnEntry>;

/**
 * What took coins out or gave them back: unlock (a coin unlock), auto_unlock, undo (an
 * auto-unlock undone: its coins came back), refund (a purchase refunded, on the web or by a
 * store), revoke (taken back by the operator). Take-backs sit in the use list (decision 0204).
 */
export const COIN_USE_TYPES = ['unlock', 'auto_unlock', 'undo', 'refund', 'revoke'] as const;
export type CoinUseType = (typeof COIN_USE_TYPES)[number];

export const coinUseEntry = z.object({
  rgst_dtm: timestamp,
  usag_type: z.enum(COIN_USE_TYPES),
  /** the drama of an unlock, auto-unlock or undo; null for take-backs */
  dram_id: z.number().int().nullable(),
  titl_lang_key: z.string().nullable(),
  memo: z.object({
    epsd: z.number().int().optional(),
    /** a refund: the order refunded and where it was bought */
    ordrId: z.string().optional(),
    channel: z.enum(['web', 'app_store', 'google_play']).optional(),
  }),
  /** coins this entry moved (always positive; chng_coin carries the direction) */
  usag_coin: z.number().int(),
  ...runningBalance,
});
export type CoinUseEntry = z.infer<typeof coinUseEntry>;

export const coinExpireEntry = z.object({
  expr_dtm: timestamp,
  rgst_dtm: timestamp,
  remn_coin: z.number().int(),
  ...runningBalance,
});
export type CoinExpireEntry = z.infer<typeof coinExpireEntry>;

/**
 * The range's reconciliation: opening balance + earned - used - taken back + given back - expired
 * = closing balance (the balance now when the range ends today).
 */
export const coinHistorySummary = z.object({
  opng_blnc: z.number().int(),
  earn_coin: z.number().int(),
  usag_coin: z.number().int(),
  tkbk_coin: z.number().int(),
  rtrn_coin: z.number().int(),
  expr_coin: z.number().int(),
  clsg_blnc: z.number().int(),
});
export type CoinHistorySummary = z.infer<typeof coinHistorySummary>;

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
  smry: coinHistorySummary,
});
export type CoinHistoryData = z.infer<typeof coinHistoryData>;

// ---- auto-unlock and expiry reminders ----

/**
 * Auto-unlock (a viewer's setting, off by default, never for guests) with
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
