import type { AdPlatform, AdType, AdvertisementBody, AdvertisementData } from '@snapdrama/contract';
import type { AdOutcome } from './slot-chain';

export type RewardedAdResult<T> =
  | { status: 'rewarded'; value: T }
  | { status: 'canceled' }
  | { status: 'no-fill' }
  /** another ad is up already */
  | { status: 'busy' };

export interface RewardedAdDeps {
  startView: (body: AdvertisementBody) => Promise<AdvertisementData>;
  /** shows the ad over its slots and says how it ended */
  play: (view: AdvertisementData) => Promise<AdOutcome>;
  notify: (outcome: 'canceled' | 'no-fill') => void;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  setPresent: (present: boolean) => void;
  isPresent: () => boolean;
}

/**
 * A rewarded ad, start to reward (spec §4): the view is logged first (POST /event/advertisement,
 * the server's logId), then the ad plays over its slots; a reward is redeemed with that logId;
 * a close without reward shows the cancel notice, no fill in every slot the no-stock notice.
 * A reward that came sooner than the server's minimum view waits out the rest before redeeming,
 * since the server would refuse it. Failures of the start or the redeem are thrown to the caller,
 * which knows its own failure text.
 */
export async function runRewardedAd<T>(
  deps: RewardedAdDeps,
  request: { advrType: AdType; advrPlatform?: AdPlatform; redeem: (logId: string) => Promise<T> },
): Promise<RewardedAdResult<T>> {
  if (deps.isPresent()) return { status: 'busy' };
  deps.setPresent(true);
  try {
    const view = await deps.startView({
      advrType: request.advrType,
      advrPlatform: request.advrPlatform ?? 'web',
    });
    const openedAt = deps.now();
    const outcome = await deps.play(view);
    switch (outcome) {
      case 'no-fill':
      case 'canceled':
        deps.notify(outcome);
        return { status: outcome };
      case 'granted': {
        const wait = openedAt + view.min_view_sec * 1000 - deps.now();
        if (wait > 0) await deps.sleep(wait);
        return { status: 'rewarded', value: await request.redeem(view.logId) };
      }
    }
  } finally {
    deps.setPresent(false);
  }
}
