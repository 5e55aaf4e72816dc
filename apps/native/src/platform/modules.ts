import { Platform } from 'react-native';
import type { NativePlatform } from '@snapdrama/contract';
import type { HostConfig } from '../config';
import type { PlatformModules } from '../host/host-bridge';
import { createAds } from './ads';
import { nativeShare, pushToken, tokenStorage } from './device';
import { createSignIn } from './sign-in';
import { createStore } from './store';

/** The real modules of this device, one per bridge message. */
export function createPlatformModules(config: HostConfig): PlatformModules {
  const platform: NativePlatform = Platform.OS === 'ios' ? 'ios' : 'android';
  const signIn = createSignIn(config);
  const store = createStore(platform);
  const ads = createAds(config.missionAdUnits[platform]);
  return {
    platform,
    appVersion: config.appVersion,
    googleLogin: signIn.googleLogin,
    kakaoLogin: signIn.kakaoLogin,
    facebookLogin: signIn.facebookLogin,
    appleLogin: signIn.appleLogin,
    rewardAds: ads.rewardAds,
    getPurchaseProductList: store.getPurchaseProductList,
    purchaseProduct: store.purchaseProduct,
    purchaseComplete: store.purchaseComplete,
    nativeShare,
    showPrivacyOptions: ads.showPrivacyOptions,
    getConsentStatus: ads.getConsentStatus,
    saveAccessToken: tokenStorage.saveAccessToken,
    loadAccessToken: tokenStorage.loadAccessToken,
    getPushToken: pushToken,
  };
}
