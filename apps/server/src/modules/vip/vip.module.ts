import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { RouteGuards } from '../../http/route-guards';
import { type Iap, SANDBOX_KEYS } from '../payments/payments.adapters';
import type { WebGateways, WebGatewaysService } from '../payments/web-gateways.service';
import { createVipGatewaysService } from './vip-gateways.service';
import { createVipStores } from './vip-stores';
import { createVipToss } from './vip-toss';
import { createVipTossRepository } from './vip-toss.repository';
import { vipRoutes } from './vip.routes';
import { createVipRepository } from './vip.repository';
import { createVipService } from './vip.service';

/**
 * The VIP pass opens every episode while active (a third way beside coins and ads). The pass
 * exists first (playback and the wallet ask it); `sell` adds its sale in the stores and through
 * the web gateways once payments exist.
 */
export function createVipModule(deps: {
  db: Db;
  clock: Clock;
  analytics?: Parameters<typeof createVipService>[0]['analytics'];
}) {
  const { clock } = deps;
  const vip = createVipService({
    repo: createVipRepository(deps.db),
    clock,
    analytics: deps.analytics,
  });

  function sell(more: {
    config: Pick<Config, 'payments'>;
    iap: Pick<Iap, 'stores' | 'service'>;
    gateways: WebGateways;
    webGateways: Pick<WebGatewaysService, 'useSubscriptionHandler' | 'useSweepStep'>;
    webOrigin: Parameters<typeof vipRoutes>[0]['webOrigin'];
  }) {
    // passes bought in the stores; their notifications come through the stores' endpoints
    const vipStores = createVipStores({
      vip,
      google: more.iap.stores.google,
      apple: more.iap.stores.apple,
      now: () => clock.now(),
    });
    more.iap.service.useSubscriptionHandler(vipStores.handler);
    // Toss through billing keys: our server charges every period (vip-toss.ts)
    const vipToss = createVipToss({
      vip,
      repo: createVipTossRepository(deps.db),
      gateways: more.gateways,
      clock,
    });
    vip.useDuplicateRefunder(['T'], (work) => vipToss.refundDuplicate(work));
    const vipGateways = createVipGatewaysService({
      vip,
      gateways: more.gateways,
      paypalPlanIds:
        more.config.payments.paypal?.vipPlanIds ??
        (more.gateways.paypal?.mode === 'sandbox'
          ? {
              vip_weekly: SANDBOX_KEYS.paypalVipWeeklyPlanId,
              vip_monthly: SANDBOX_KEYS.paypalVipMonthlyPlanId,
            }
          : undefined),
      toss: vipToss,
      clock,
    });
    more.webGateways.useSubscriptionHandler(vipGateways.webhookHandler);
    // a duplicate pass's refund that failed at the provider is tried again by the payment sweep
    more.webGateways.useSweepStep('vip duplicate refunds', () => vip.retryDuplicateRefunds());
    // the renewal job of Toss passes runs with the sweep, on every instance (claims keep it once)
    more.webGateways.useSweepStep('vip toss renewals', () => vipToss.renewDue());
    return {
      vipStores,
      vipGateways,
      vipToss,
      routes: (g: RouteGuards) =>
        vipRoutes({
          vip,
          web: vipGateways,
          toss: vipToss,
          stores: vipStores,
          guards: g.viewer,
          webOrigin: more.webOrigin,
        }),
    };
  }

  return { vip, sell };
}
