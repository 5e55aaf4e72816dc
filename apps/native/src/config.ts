import type { NativePlatform } from '@snapdrama/contract';

/**
 * What a build of the wrapper needs to know (docs/native-bridge.md "Building the host"). Set
 * these per environment before building; none of them is a secret (the server holds the secrets).
 */
export interface HostConfig {
  /** the web app the wrapper opens, e.g. https://snapdrama.example */
  webOrigin: string;
  appVersion: string;
  /** Google Sign-In: the server's web client id (ID token audience) and the iOS client id */
  googleWebClientId: string;
  googleIosClientId: string;
  /** Sign in with Apple on Android: the Services ID and its return URL on our server */
  appleServicesId: string;
  appleRedirectUri: string;
  /** AdMob rewarded units for mission ads (spec §9: a fixed list of five), per platform */
  missionAdUnits: Record<NativePlatform, string[]>;
}

export const hostConfig: HostConfig = {
  webOrigin: 'https://snapdrama.example',
  appVersion: '1.0.0',
  googleWebClientId: 'REPLACE.apps.googleusercontent.com',
  googleIosClientId: 'REPLACE-ios.apps.googleusercontent.com',
  appleServicesId: 'com.snapdrama.web',
  appleRedirectUri: 'https://snapdrama.example/api/v1/auth/callback/apple',
  missionAdUnits: { android: [], ios: [] },
};
