/**
 * What the payments module lends to VIP, which sells its passes through the same gateways and
 * stores: the providers' adapter types (Stripe, Toss, Apple, Google Play), Apple's lookup, the
 * in-app purchase wiring and the stand-ins' keys. VIP imports these from here, never from the
 * folders inside payments (the module boundaries in eslint.config.js).
 */
export type { StripeEvent, StripeSubscription } from './providers/stripe';
export type { TossClient, TossPayment } from './providers/toss';
export {
  AppleVerificationError,
  type AppleNotification,
  type AppleStoreVerifier,
  type AppleTransaction,
} from './iap/apple-store';
export type { AppleServerApi } from './iap/apple-server-api';
export type { GooglePlayApi, PlaySubscription } from './iap/google-play';
export type { DeveloperNotification } from './iap/google-rtdn';
export { askApple, type IapSubscriptionHandler } from './iap/iap.service';
export type { Iap } from './iap/iap.module';
export { SANDBOX_KEYS } from './sandbox/fake-providers';
