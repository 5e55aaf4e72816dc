import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { RouteGuards } from '../../http/route-guards';
import type { Metrics } from '../../metrics/metrics';
import type { WalletService } from '../wallet/wallet.service';
import { createIap, type IapSandbox } from './iap/iap.module';
import { iapRoutes, iapSandboxRoutes } from './iap/iap.routes';
import { createPaymentsRepository } from './payments.repository';
import { paymentsRoutes, webOriginResolver } from './payments.routes';
import { createPaymentsService } from './payments.service';
import { sandboxCheckoutRoutes } from './sandbox/checkout.routes';
import type { FakeProviders } from './sandbox/fake-providers';
import { createWebGateways } from './web-gateways.factory';
import { createWebGatewaysService } from './web-gateways.service';
import { paymentWebhookRoutes } from './webhooks.routes';
import { named } from '../../http/plugin-name';

/** Payment gateways by name, for the metrics' labels. */
const GATEWAY_NAMES: Partial<Record<string, string>> = {
  T: 'toss',
  S: 'stripe',
  P: 'paypal',
  G: 'google_play',
  A: 'apple',
};

/** The stand-ins of an earlier app in this process (tests rebuild the app as a restart would). */
export interface PaymentStandIns {
  web: FakeProviders | undefined;
  iap: IapSandbox;
}

/**
 * Coin packs and orders (`payments`: every gateway credits through it), the web gateways (Toss,
 * Stripe, PayPal: checkout, webhooks, refunds, the reconciliation sweep) and in-app purchases.
 */
export function createPaymentsModule(deps: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'payments' | 'iap' | 'env' | 'publicBaseUrl' | 'social'>;
  metrics: Pick<Metrics, 'paymentsCredited'>;
  wallet: Parameters<typeof createPaymentsService>[0]['wallet'] & Pick<WalletService, 'grant'>;
  reuse: PaymentStandIns | undefined;
  /** hears each order credited (invites, decision 1510) */
  afterCredited?: (userId: string) => Promise<void>;
  /** the pack terms a viewer is shown: an experiment's variant (decision 1611) */
  viewerGoods?: Parameters<typeof createPaymentsService>[0]['viewerGoods'];
}) {
  const { clock, config } = deps;
  const production = config.env === 'production';
  const payments = createPaymentsService({
    repo: createPaymentsRepository(deps.db),
    wallet: deps.wallet,
    clock,
    onCredited: (gateway) =>
      deps.metrics.paymentsCredited.inc({ provider: GATEWAY_NAMES[gateway] ?? gateway }),
    afterCredited: deps.afterCredited,
    viewerGoods: deps.viewerGoods,
  });
  const gateways = createWebGateways(config.payments, deps.reuse?.web);
  // in-app purchases (Google Play, Apple): verified with the store, paid and credited by payments
  const iap = createIap({
    config: config.iap,
    orders: payments,
    storeProductsOf: (godsCode) => payments.storeProductsOf(godsCode),
    clock,
    reuse: deps.reuse?.iap,
  });
  const webGateways = createWebGatewaysService({
    orders: payments,
    gateways: gateways.gateways,
    clock,
    iapModes: iap.modes,
  });
  const webOrigin = webOriginResolver({
    publicBaseUrl: config.publicBaseUrl,
    webOrigins: config.social.webOrigins,
    production,
  });

  return {
    payments,
    webGateways,
    /** the gateways' adapters (VIP passes are sold through them too) */
    gateways: gateways.gateways,
    /** the local Toss/Stripe/PayPal stand-in, when a gateway has no keys (never in production) */
    gatewayStandIn: gateways.fake,
    iap,
    webOrigin,
    routes: (g: RouteGuards) =>
      paymentsRoutes({ orders: payments, web: webGateways, guards: g.viewer, webOrigin }),
    webhookRoutes: () => paymentWebhookRoutes({ web: webGateways }),
    iapRoutes: (g: RouteGuards) => iapRoutes({ iap, guards: g.viewer }),

    /** The stores' and gateways' local stand-ins, when in use; closed with the app that made them. */
    registerStandIns: async (app: FastifyInstance) => {
      if (config.iap.sandbox) {
        await app.register(named(iapSandboxRoutes({ iap, production }), 'store stand-ins'));
        // the App Store stand-in's API port; one handed over from an earlier app is closed by that app
        const appleStandIn = iap.sandbox.apple;
        if (appleStandIn && !deps.reuse?.iap)
          app.addHook('onClose', () => appleStandIn.server.close());
      }
      const fake = gateways.fake;
      if (fake) {
        await app.register(
          named(sandboxCheckoutRoutes({ fake, production }), 'checkout stand-ins'),
        );
        // a stand-in handed over from an earlier app is closed by that app
        if (!deps.reuse?.web) app.addHook('onClose', () => fake.close());
      }
    },
  };
}
