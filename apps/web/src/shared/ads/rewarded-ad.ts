import {
  AD_SLOT_COUNT,
  EVENT_PATHS,
  type AdType,
  type AdvertisementData,
} from '@snapdrama/contract';
import { api } from '../api/api';
import { adPlatform, askNative, isNativeApp } from '../native/native';
import { i18n } from '../i18n/i18n';
import { layers } from '../layers/layer-store';
import { useAdStore } from './ad-store';
import { loadGoogleTag, showGptRewardedSlot } from './gpt-rewarded';
import { runRewardedAd, type RewardedAdResult } from './run-rewarded-ad';

export type { RewardedAdResult };
import { runSlotChain, type AdOutcome, type SlotOutcome } from './slot-chain';
import { showStandinSlot } from './standin-ad';

/** The stand-in's slots: it answers like five empty or filled ad units (spec §9). */
const STANDIN_SLOTS = Array.from({ length: AD_SLOT_COUNT }, (_, i) => `stand-in-${i + 1}`);

/**
 * Plays an ad on the web: Google Publisher Tag rewarded slots when real ad units are given, the
 * local stand-in when none are and the server allows it (never in production), else no fill.
 */
export function playWebAd(options: {
  adUnits: readonly string[];
  standIn: boolean;
}): (view: AdvertisementData) => Promise<AdOutcome> {
  return (view) => {
    if (options.adUnits.length > 0) {
      const googletag = loadGoogleTag();
      return runSlotChain(options.adUnits, (unit) => showGptRewardedSlot(googletag, unit));
    }
    if (options.standIn) {
      return runSlotChain(STANDIN_SLOTS, (): Promise<SlotOutcome> =>
        showStandinSlot(view.min_view_sec),
      );
    }
    return Promise.resolve('no-fill');
  };
}

/**
 * In the app the host shows the ad (AdMob) for the server's logId (spec §4, §7 rewardAds); the
 * host passes the logId on to the ad network's server-side verification. A failure's native
 * message is kept for the notice (§8).
 */
function playNativeAd(
  options: { advrType: AdType; nativeAdUnit?: string; userId: string },
  failure: { message?: string },
): (view: AdvertisementData) => Promise<AdOutcome> {
  return async (view) => {
    const outcome = await askNative('rewardAds', {
      logId: view.logId,
      adType: options.advrType,
      userId: options.userId,
      ...(options.advrType === 'unlock' && options.nativeAdUnit
        ? { adUnitId: options.nativeAdUnit }
        : {}),
    });
    switch (outcome.status) {
      case 'ok':
        return outcome.payload.rewarded ? 'granted' : 'canceled';
      case 'canceled':
        return 'canceled';
      case 'failed':
      case 'unsupported':
      case 'timeout':
        // our own text by result, never the host's (its SDK's English, issue 47)
        failure.message = i18n.t('contents.msg_fail');
        return 'no-fill';
    }
  };
}

/** The app's rewarded ad: the real API, ad store, clock and the spec's notices (§8). */
export function watchRewardedAd<T>(options: {
  advrType: AdType;
  adUnits: readonly string[];
  standIn: boolean;
  /** in the app: the platform's ad unit of an unlock ad (the drama's aos_tag / ios_tag) */
  nativeAdUnit?: string;
  /** in the app: the viewer, for the ad network's server-side verification */
  userId?: string;
  redeem: (logId: string) => Promise<T>;
}): Promise<RewardedAdResult<T>> {
  const native = isNativeApp();
  const nativeFailure: { message?: string } = {};
  return runRewardedAd(
    {
      startView: (body) => api.post<AdvertisementData>(EVENT_PATHS.advertisement, body),
      play: native
        ? playNativeAd({ ...options, userId: options.userId ?? '' }, nativeFailure)
        : playWebAd(options),
      notify: (outcome) => {
        if (nativeFailure.message) {
          layers.toast(nativeFailure.message, 'failure');
          return;
        }
        switch (outcome) {
          case 'canceled':
            layers.toast(i18n.t('contents.msg_ad_cancel'), 'info');
            return;
          case 'no-fill':
            layers.toast(i18n.t('contents.msg_ad_no_stock'), 'info');
            return;
        }
      },
      now: () => Date.now(),
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      setPresent: (present) => useAdStore.getState().setPresent(present),
      isPresent: () => useAdStore.getState().present,
    },
    { advrType: options.advrType, advrPlatform: adPlatform(), redeem: options.redeem },
  );
}
