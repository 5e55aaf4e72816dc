import {
  AdEventType,
  AdsConsent,
  AdsConsentPrivacyOptionsRequirementStatus,
  AdsConsentStatus,
  RewardedAd,
  RewardedAdEventType,
} from 'react-native-google-mobile-ads';
import { NativeResult, type NativeRequestPayload } from '@snapdrama/contract';
import { HostError } from '../host/host-bridge';

const CONSENT = {
  [AdsConsentStatus.UNKNOWN]: 'unknown',
  [AdsConsentStatus.REQUIRED]: 'required',
  [AdsConsentStatus.NOT_REQUIRED]: 'not_required',
  [AdsConsentStatus.OBTAINED]: 'obtained',
} as const;

/** One rewarded ad unit: no fill or a load error is 'empty'; the next unit is tried. */
function showOne(
  unitId: string,
  request: NativeRequestPayload<'rewardAds'>,
): Promise<'rewarded' | 'closed' | 'empty'> {
  return new Promise((resolve) => {
    // AdMob server-side verification: our user id and the server's view id (decision 0601)
    const ad = RewardedAd.createForAdRequest(unitId, {
      serverSideVerificationOptions: { userId: request.userId, customData: request.logId },
    });
    let earned = false;
    const unsubscribe = [
      ad.addAdEventListener(RewardedAdEventType.LOADED, () => void ad.show()),
      ad.addAdEventListener(RewardedAdEventType.EARNED_REWARD, () => {
        earned = true;
      }),
      ad.addAdEventListener(AdEventType.CLOSED, () => {
        unsubscribe.forEach((off) => off());
        resolve(earned ? 'rewarded' : 'closed');
      }),
      ad.addAdEventListener(AdEventType.ERROR, () => {
        unsubscribe.forEach((off) => off());
        resolve('empty');
      }),
    ];
    ad.load();
  });
}

/** AdMob rewarded ads and the UMP consent (privacy options) of react-native-google-mobile-ads. */
export function createAds(missionAdUnits: string[]) {
  return {
    rewardAds: async (request: NativeRequestPayload<'rewardAds'>) => {
      // spec §4, §9: up to five slots; an empty one passes to the next
      const units = (request.adUnitId ? request.adUnitId.split(/[\s,]+/) : missionAdUnits)
        .filter(Boolean)
        .slice(0, 5);
      for (const unit of units) {
        const outcome = await showOne(unit, request);
        if (outcome === 'rewarded') return { rewarded: true };
        if (outcome === 'closed') return { rewarded: false };
      }
      throw new HostError(NativeResult.FAILED, 'No ad is available right now');
    },

    getConsentStatus: async () => {
      const info = await AdsConsent.requestInfoUpdate();
      return {
        consentStatus: CONSENT[info.status],
        privacyOptionsRequired:
          info.privacyOptionsRequirementStatus ===
          AdsConsentPrivacyOptionsRequirementStatus.REQUIRED,
      };
    },

    showPrivacyOptions: async () => {
      const info = await AdsConsent.showPrivacyOptionsForm();
      return { consentStatus: CONSENT[info.status] };
    },
  };
}
