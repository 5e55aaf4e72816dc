/**
 * How long coins stay valid, per source, and when to remind a viewer of coins about to expire
 * (issue 16 items 3 and 4; docs/payments.md "Coin validity"). The one place this is decided: the
 * wallet asks `coinValidityDays` with the operator's stored settings at every grant.
 */

/** Where purchased coins were bought. */
export const COIN_PURCHASE_CHANNELS = ['web', 'app_store', 'google_play'] as const;
export type CoinPurchaseChannel = (typeof COIN_PURCHASE_CHANNELS)[number];

/** Sources of bonus coins (a coin pack's bonus, missions, attendance...). */
export const BONUS_COIN_SOURCES = [
  'purchase_bonus',
  'mission',
  'attendance',
  'event',
  'advertisement',
  'admin',
  'invite',
] as const;
export type BonusCoinSource = (typeof BONUS_COIN_SOURCES)[number];

/** Days coins stay valid; null: they do not expire. */
export type ValidityDays = number | null;

export interface CoinValiditySettings {
  /** purchased (paid) coins by where they were bought */
  purchase: Record<CoinPurchaseChannel, ValidityDays>;
  /** bonus coins by kind; an operator's paid compensation (admin) follows `purchase.web` */
  bonus: Record<BonusCoinSource, ValidityDays>;
}

/** The spec's 7 days (§9). */
export const DEFAULT_VALIDITY_DAYS = 7;
export const MAX_VALIDITY_DAYS = 3650;

/**
 * Defaults: the spec's 7 days for web purchases, Google Play purchases and every bonus; coins
 * bought through Apple's in-app purchase never expire (App Store Review Guideline 3.1.1:
 * purchased credits may not expire).
 */
export const DEFAULT_COIN_VALIDITY: CoinValiditySettings = {
  purchase: { web: DEFAULT_VALIDITY_DAYS, app_store: null, google_play: DEFAULT_VALIDITY_DAYS },
  bonus: {
    purchase_bonus: DEFAULT_VALIDITY_DAYS,
    mission: DEFAULT_VALIDITY_DAYS,
    attendance: DEFAULT_VALIDITY_DAYS,
    event: DEFAULT_VALIDITY_DAYS,
    advertisement: DEFAULT_VALIDITY_DAYS,
    admin: DEFAULT_VALIDITY_DAYS,
    invite: DEFAULT_VALIDITY_DAYS,
  },
};

/**
 * The expiry stored for coins that do not expire: a fixed far-future instant, so "valid while
 * expires_at > now" and "spend the earliest expiry first" need no special case anywhere.
 */
export const NO_EXPIRY_AT = Date.UTC(9999, 11, 31);
export const NO_EXPIRY_ISO = new Date(NO_EXPIRY_AT).toISOString();

export const expiresNever = (expiresAt: number): boolean => expiresAt >= NO_EXPIRY_AT;

/** A grant as the validity rule sees it. */
export type ValidityGrant =
  | { source: 'purchase'; channel: CoinPurchaseChannel }
  | { source: BonusCoinSource; channel?: CoinPurchaseChannel }
  | { source: 'admin'; kind: 'paid' };

/**
 * Days a grant stays valid (null: it does not expire). A coin pack's bonus bought in the App
 * Store follows the bonus setting: the guideline protects what was paid for, and the spec's bonus
 * coins expire.
 */
export function coinValidityDays(
  settings: CoinValiditySettings,
  grant: ValidityGrant,
): ValidityDays {
  if ('kind' in grant) return settings.purchase.web;
  if (grant.source === 'purchase') return settings.purchase[grant.channel];
  return settings.bonus[grant.source];
}

/** Epoch ms a grant made at `grantedAt` expires; NO_EXPIRY_AT for null days. */
export function expiryOf(grantedAt: number, days: ValidityDays): number {
  return days === null ? NO_EXPIRY_AT : grantedAt + days * 24 * 60 * 60 * 1000;
}

const validDays = (v: unknown): v is ValidityDays =>
  v === null || (Number.isInteger(v) && (v as number) >= 1 && (v as number) <= MAX_VALIDITY_DAYS);

/** What is wrong with settings an operator sends, or undefined when they can be stored. */
export function coinValiditySettingsProblem(value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return 'settings: must be an object';
  const s = value as Record<string, unknown>;
  const groups: [string, readonly string[]][] = [
    ['purchase', COIN_PURCHASE_CHANNELS],
    ['bonus', BONUS_COIN_SOURCES],
  ];
  for (const [group, names] of groups) {
    const g = s[group];
    if (!g || typeof g !== 'object') return `${group}: must be an object`;
    const entries = g as Record<string, unknown>;
    for (const key of Object.keys(entries)) {
      if (!names.includes(key)) return `${group}.${key}: unknown source`;
    }
    for (const name of names) {
      if (!(name in entries)) return `${group}.${name}: required`;
      if (!validDays(entries[name])) {
        return `${group}.${name}: must be null (no expiry) or whole days from 1 to ${MAX_VALIDITY_DAYS}`;
      }
    }
  }
  for (const key of Object.keys(s)) {
    if (key !== 'purchase' && key !== 'bonus') return `${key}: unknown setting`;
  }
  return undefined;
}

/**
 * Stored settings over the defaults: a row written before a source existed keeps the default for
 * it; anything malformed falls back to the defaults as a whole.
 */
export function resolveCoinValidity(stored: unknown): CoinValiditySettings {
  if (!stored || typeof stored !== 'object') return DEFAULT_COIN_VALIDITY;
  const s = stored as Partial<Record<'purchase' | 'bonus', Record<string, unknown>>>;
  const merged = {
    purchase: { ...DEFAULT_COIN_VALIDITY.purchase, ...(s.purchase ?? {}) },
    bonus: { ...DEFAULT_COIN_VALIDITY.bonus, ...(s.bonus ?? {}) },
  };
  return coinValiditySettingsProblem(merged) === undefined ? merged : DEFAULT_COIN_VALIDITY;
}

/** Expiry reminders look this far ahead (issue 16 item 4). */
export const EXPIRY_REMINDER_HOURS = 48;
const REMINDER_MS = EXPIRY_REMINDER_HOURS * 60 * 60 * 1000;

export interface ExpiringLot {
  remaining: number;
  /** epoch ms */
  expiresAt: number;
}

/** Coins left in a lot that is still valid and expires within 48 hours. */
export const expiresSoon = (lot: ExpiringLot, now: number): boolean =>
  lot.remaining > 0 && lot.expiresAt > now && lot.expiresAt - now <= REMINDER_MS;

/**
 * What the reminder says: the coins that expire within 48 hours and the first time some of them
 * expire; undefined when none do.
 */
export function expiryReminder(
  lots: readonly ExpiringLot[],
  now: number,
): { amount: number; firstExpiresAt: number } | undefined {
  let amount = 0;
  let first = Infinity;
  for (const lot of lots) {
    if (!expiresSoon(lot, now)) continue;
    amount += lot.remaining;
    first = Math.min(first, lot.expiresAt);
  }
  return amount > 0 ? { amount, firstExpiresAt: first } : undefined;
}

/** Auto-unlock: an undo is honoured this long after the unlock (server clock)... */
export const AUTO_UNLOCK_UNDO_MS = 10_000;
/** ...and while playback has not passed this share of the episode. */
export const AUTO_UNLOCK_UNDO_MAX_PROGRESS = 0.1;

export type UndoRefusal = 'window_passed' | 'playback_passed';

/**
 * Whether an auto-unlock may still be undone: within 10 s of the unlock by the server's clock and
 * while the position the server has is below 10 % of the episode (none saved: 0 %).
 */
export function autoUnlockUndoRefusal(input: {
  unlockedAt: number;
  now: number;
  position?: { seconds: number; duration: number };
}): UndoRefusal | undefined {
  if (input.now - input.unlockedAt > AUTO_UNLOCK_UNDO_MS) return 'window_passed';
  const p = input.position;
  if (p && p.duration > 0 && p.seconds / p.duration > AUTO_UNLOCK_UNDO_MAX_PROGRESS) {
    return 'playback_passed';
  }
  return undefined;
}
