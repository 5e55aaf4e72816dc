import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { PAYMENT_PATHS, ResultCode } from '@snapdrama/contract';
import { AppError } from '../../errors';
import { rateLimited } from '../../http/edge';
import { ok } from '../../http/reply';
import type { WebGatewaysService } from './web-gateways.service';

/**
 * Provider callbacks. No session: each is authenticated by the provider's signature (Stripe over
 * the raw body, PayPal through verify-webhook-signature) or, for Toss which does not sign, by
 * reading the payment back from Toss. Each route keeps the body as received (config.rawBody,
 * http/edge.ts) for Stripe's signature. Providers send no browser headers and retry in bursts.
 */
export function paymentWebhookRoutes(deps: { web: WebGatewaysService }): FastifyPluginAsync {
  const { web } = deps;
  const header = (request: FastifyRequest, name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' ? value : '';
  };
  const json = (request: FastifyRequest): unknown => {
    if (request.body === undefined || request.body === null)
      throw new AppError(ResultCode.BAD_REQUEST, 'body: JSON expected');
    return request.body;
  };
  return async (app) => {
    const schema = { hide: true };
    const config = { rawBody: true, allowCrossSite: true, ...rateLimited(600) };

    app.post(PAYMENT_PATHS.stripeWebhook, { schema, config }, async (request) => {
      const raw = Buffer.from(request.rawBody ?? '', 'utf8');
      const outcome = await web.stripeWebhook(raw, header(request, 'stripe-signature'));
      return ok({ received: true, outcome });
    });

    app.post(PAYMENT_PATHS.tossWebhook, { schema, config }, async (request) => {
      const outcome = await web.tossWebhook(json(request));
      return ok({ received: true, outcome });
    });

    app.post(PAYMENT_PATHS.paypalWebhook, { schema, config }, async (request) => {
      const outcome = await web.paypalWebhook(
        {
          authAlgo: header(request, 'paypal-auth-algo'),
          certUrl: header(request, 'paypal-cert-url'),
          transmissionId: header(request, 'paypal-transmission-id'),
          transmissionSig: header(request, 'paypal-transmission-sig'),
          transmissionTime: header(request, 'paypal-transmission-time'),
        },
        json(request),
      );
      return ok({ received: true, outcome });
    });
  };
}
