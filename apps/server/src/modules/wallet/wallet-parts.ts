import { ResultCode, type AuthMethod } from '@snapdrama/contract';
import type { CoinKind, SpendableLot, ValidityDays } from '@snapdrama/rules';
import type { Clock } from '../../clock';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { AnalyticsRecorder } from '../analytics/analytics-recorder.service';
import type { CatalogService } from '../catalog/catalog.service';
import type { AgeGateCheck } from '../identity/identity.service';
import type { WalletRepository } from './wallet.repository';
import type { EpisodeProgressSource, PlaybackPositionSource } from './wallet-spending';
import type { LotRow } from './wallet.tables';

/** What the wallet's parts are built from (app.ts wires them through the wallet module). */
export interface WalletDeps {
  repo: WalletRepository;
  clock: Clock;
  catalog: Pick<CatalogService, 'pricing'>;
  progress: EpisodeProgressSource;
  serviceTimeZone: string;
  /** playback positions, for the auto-unlock undo (10 %) */
  positions: PlaybackPositionSource;
  /** the episode views of playback: an undone auto-unlock forgets the view it allowed */
  views?: { forget(tx: Tx, userId: string, dramaId: number, epsd: number): Promise<void> };
  /** how long the stored validity settings are reused before being read again (default 5 s) */
  validityCacheMs?: number;
  /** true while the viewer holds an active VIP pass (modules/vip): auto-unlock never charges then */
  vipActive?: (userId: string) => Promise<boolean>;
  /**
   * The prices a viewer is shown and charged (experiments, decision 1611): an A/B variant, never
   * above a price the viewer saw. Without it, the catalog's.
   */
  viewerPrices?: <E extends { number: number; coin: number }>(
    userId: string,
    dramaId: number,
    episodes: E[],
  ) => Promise<E[]>;
  /** the age gate (identity): an adult-only drama's episode is refused before any coin moves */
  ageGate: AgeGateCheck;
  /** the analytics event log: unlocks and undos, in the transaction that moves the coins */
  analytics?: AnalyticsRecorder;
  /**
   * auth's suspensions (decision 1560): a suspended viewer spends nothing and earns nothing
   * (bonus grants of every source, operators' too); purchases' coins and refunds still move
   */
  standing?: { assertNotSuspended(userId: string, tx?: Tx): Promise<void> };
}

/** Sources a suspended viewer does not earn from: every bonus but a paid pack's own. */
const EARNED_SOURCES = new Set([
  'mission',
  'attendance',
  'event',
  'advertisement',
  'admin',
  'invite',
]);

/**
 * 403130 while the viewer is suspended and the coins are earned (not bought). Inside the caller's
 * transaction when it gives one: PGlite has one connection, a read beside an open transaction
 * would wait for it forever.
 */
export async function assertMayEarn(deps: WalletDeps, userId: string, source: string, tx?: Tx) {
  if (EARNED_SOURCES.has(source)) await deps.standing?.assertNotSuspended(userId, tx);
}

/** null (no expiry) as wallet_grant's 0 */
export const sqlDays = (days: ValidityDays): number => days ?? 0;

export const toSpendable = (lot: LotRow): SpendableLot => ({
  id: lot.id,
  kind: lot.kind as CoinKind,
  remaining: lot.remaining,
  expiresAt: lot.expiresAt.getTime(),
  grantedAt: lot.grantedAt.getTime(),
});

export const badRequest = (message: string) => new AppError(ResultCode.BAD_REQUEST, message);

export const requireMember = (caller: { authMethod: AuthMethod }, what: string) => {
  if (caller.authMethod === 'guest') throw new AppError(ResultCode.GUEST_NOT_ALLOWED, what);
};
