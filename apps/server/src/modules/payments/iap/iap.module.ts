import type { GatewayMode } from '@snapdrama/contract';
import type { Clock } from '../../../clock';
import type { IapConfig } from './iap.config';
import { createAppleServerApi } from './apple-server-api';
import { createAppleStoreVerifier } from './apple-store';
import { createGooglePlayApi, type GooglePlayApi } from './google-play';
import { createFakePlayApi, FakePlayStore } from './google-play.fake';
import { createPushVerifier, type PushVerifier } from './google-rtdn';
import { createIapService, type IapLogger, type StoreProductsOf } from './iap.service';
import {
  createAppleStandIn,
  createPushStandIn,
  type AppleStandIn,
  type PushStandIn,
} from './iap.stand-ins';
import type { PaymentsService } from '../payments.service';

/** What the sandbox routes drive: the stores' stand-ins, present only when they are in use. */
export interface IapSandbox {
  playStore: FakePlayStore | undefined;
  googlePush: PushStandIn | undefined;
  apple: AppleStandIn | undefined;
}

/**
 * Builds the IAP service from config: each store's real adapter when keys are set, else its local
 * stand-in when the sandbox is on, else off (verify calls answer 503070).
 */
export function createIap(deps: {
  config: IapConfig;
  orders: Parameters<typeof createIapService>[0]['orders'] & Pick<PaymentsService, 'findForUser'>;
  storeProductsOf: StoreProductsOf;
  clock: Clock;
  /** the stand-ins of an earlier app in this process (tests rebuild the app as a restart would) */
  reuse?: IapSandbox;
}) {
  const { config, clock } = deps;
  let logger: IapLogger = { info: () => undefined, warn: () => undefined };
  const log: IapLogger = {
    info: (obj, msg) => logger.info(obj, msg),
    warn: (obj, msg) => logger.warn(obj, msg),
  };

  const sandbox: IapSandbox = { playStore: undefined, googlePush: undefined, apple: undefined };
  let googleApi: GooglePlayApi | undefined;
  let googleMode: GatewayMode = 'off';
  if (config.google.serviceAccount) {
    googleApi = createGooglePlayApi({
      serviceAccount: config.google.serviceAccount,
      rootUrl: config.google.apiUrl,
      tokenUrl: config.google.tokenUrl,
    });
    googleMode = 'live';
  } else if (config.sandbox) {
    sandbox.playStore = deps.reuse?.playStore ?? new FakePlayStore();
    googleApi = createFakePlayApi(sandbox.playStore);
    googleMode = 'sandbox';
  }

  let googlePush: PushVerifier | undefined;
  if (config.google.rtdn) {
    googlePush = createPushVerifier({
      audience: config.google.rtdn.audience,
      serviceAccount: config.google.rtdn.serviceAccount,
      keys: config.google.rtdn.jwksUrl,
      now: () => clock.now(),
    });
  } else if (config.sandbox) {
    sandbox.googlePush = deps.reuse?.googlePush ?? createPushStandIn(clock);
    googlePush = sandbox.googlePush.verifier;
  }

  let appleMode: GatewayMode = 'off';
  let apple: Parameters<typeof createIapService>[0]['apple'];
  const appleLive = config.apple.live;
  if (appleLive) {
    const verifier = createAppleStoreVerifier({
      rootCertificates: appleLive.rootCertificates,
      environment: appleLive.environment,
      bundleId: config.apple.bundleId,
      appAppleId: appleLive.appAppleId,
      onlineChecks: appleLive.onlineChecks,
    });
    apple = {
      verifier,
      api: createAppleServerApi({
        key: appleLive.apiKey,
        bundleId: config.apple.bundleId,
        environment: appleLive.environment,
        apiBase: () => Promise.resolve(appleLive.apiBase),
        verifier,
      }),
    };
    appleMode = 'live';
  } else if (config.sandbox) {
    sandbox.apple = deps.reuse?.apple ?? createAppleStandIn(config.apple.bundleId, clock);
    apple = { verifier: sandbox.apple.verifier, api: sandbox.apple.api };
    appleMode = 'sandbox';
  }

  const service = createIapService({
    orders: deps.orders,
    storeProductsOf: deps.storeProductsOf,
    google: googleApi ? { api: googleApi, packageName: config.google.packageName } : undefined,
    googlePush,
    apple,
    log,
  });

  return {
    service,
    sandbox,
    /** the stores' adapters, for the VIP pass's store purchases */
    stores: {
      google: googleApi ? { api: googleApi, packageName: config.google.packageName } : undefined,
      apple,
    },
    /** for GET /payment/config */
    modes: { google: googleMode, apple: appleMode },
    packageName: config.google.packageName,
    bundleId: config.apple.bundleId,
    useLogger(next: IapLogger) {
      logger = next;
    },
  };
}

export type Iap = ReturnType<typeof createIap>;
