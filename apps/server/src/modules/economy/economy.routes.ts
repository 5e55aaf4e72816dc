import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_BASE,
  adLimits,
  adminGoods,
  adminMission,
  adminMissionBody,
  attendanceCoinsBody,
  coinValiditySettingsBody,
  economyData,
  envelope,
  type AdminGoods,
} from '@snapdrama/contract';
import { ok } from '../../http/reply';
import type { AuditService } from '../audit/audit.service';
import type { EventsService } from '../events/events.service';
import { operatorCaller, type OperatorGuards } from '../operators/operator-guard';
import type { GoodsRow, PaymentsService } from '../payments/payments.service';
import type { WalletService } from '../wallet/wallet.service';
import type { EconomyService } from './economy.service';

const toAdminGoods = (g: GoodsRow): AdminGoods => ({ ...g });

/**
 * The economy in the console (admins only): coin packs, missions, attendance coins, ad-unlock
 * limits. Each save is one transaction with its audit entry (before/after); the services read the
 * stored values on their next call, on every instance.
 */
export function economyRoutes(deps: {
  economy: EconomyService;
  orders: PaymentsService;
  events: EventsService;
  wallet: Pick<WalletService, 'getCoinValidity' | 'setCoinValidity'>;
  audit: AuditService;
  guards: OperatorGuards;
}): FastifyPluginAsyncZod {
  const { economy, orders, events, wallet, audit } = deps;
  const adminOnly = deps.guards.requireOperator(['admin']);
  return async (app) => {
    app.get(
      `${ADMIN_BASE}/economy`,
      {
        preHandler: adminOnly,
        schema: { tags: ['admin'], response: { 200: envelope(economyData) } },
      },
      async () => {
        const [goods, missions, attendanceCoins, limits] = await Promise.all([
          orders.allGoods(),
          events.missionsForOperators(),
          events.attendanceCoins(),
          economy.adLimits(),
        ]);
        return ok({ goods: goods.map(toAdminGoods), missions, attendanceCoins, adLimits: limits });
      },
    );

    app.put(
      `${ADMIN_BASE}/economy/goods/:godsCode`,
      {
        preHandler: adminOnly,
        schema: {
          tags: ['admin'],
          params: z.object({ godsCode: adminGoods.shape.godsCode }),
          body: adminGoods.omit({ godsCode: true }),
          response: { 200: envelope(adminGoods) },
        },
      },
      async (request) => {
        const { operatorId } = operatorCaller(request);
        const { after } = await orders.saveGoods(
          { ...request.body, godsCode: request.params.godsCode },
          (tx, change) =>
            audit
              .record(tx, {
                operatorId,
                action: change.before ? 'goods.update' : 'goods.create',
                targetType: 'goods',
                targetId: change.after.godsCode,
                before: change.before ?? null,
                after: change.after,
              })
              .then(() => undefined),
        );
        return ok(toAdminGoods(after));
      },
    );

    app.put(
      `${ADMIN_BASE}/economy/missions/:id`,
      {
        preHandler: adminOnly,
        schema: {
          tags: ['admin'],
          params: z.object({ id: z.string().max(40) }),
          body: adminMissionBody,
          response: { 200: envelope(adminMission) },
        },
      },
      async (request) => {
        const { operatorId } = operatorCaller(request);
        const { after } = await events.updateMission(request.params.id, request.body, (tx, c) =>
          audit
            .record(tx, {
              operatorId,
              action: 'mission.update',
              targetType: 'mission',
              targetId: c.after.id,
              before: c.before,
              after: c.after,
            })
            .then(() => undefined),
        );
        return ok(after);
      },
    );

    app.put(
      `${ADMIN_BASE}/economy/attendance`,
      {
        preHandler: adminOnly,
        schema: {
          tags: ['admin'],
          body: attendanceCoinsBody,
          response: { 200: envelope(attendanceCoinsBody) },
        },
      },
      async (request) => {
        const { operatorId } = operatorCaller(request);
        const { after } = await events.setAttendanceCoins(request.body.coins, (tx, c) =>
          audit
            .record(tx, {
              operatorId,
              action: 'attendance.update',
              targetType: 'attendance',
              targetId: 'days',
              before: { coins: c.before },
              after: { coins: c.after },
            })
            .then(() => undefined),
        );
        return ok({ coins: after });
      },
    );

    // Coin validity per source (docs/payments.md): the settings in force, and an admin's new ones,
    // stored by the wallet in one transaction with the audit entry.
    app.get(
      `${ADMIN_BASE}/economy/coin-validity`,
      {
        preHandler: adminOnly,
        schema: { tags: ['admin'], response: { 200: envelope(coinValiditySettingsBody) } },
      },
      async () => ok(await wallet.getCoinValidity()),
    );

    app.put(
      `${ADMIN_BASE}/economy/coin-validity`,
      {
        preHandler: adminOnly,
        schema: {
          tags: ['admin'],
          body: coinValiditySettingsBody,
          response: { 200: envelope(coinValiditySettingsBody) },
        },
      },
      async (request) => {
        const { operatorId } = operatorCaller(request);
        const after = await wallet.setCoinValidity(request.body, operatorId, (tx, c) =>
          audit
            .record(tx, {
              operatorId,
              action: 'economy.coin_validity',
              targetType: 'economy',
              targetId: 'coin_validity',
              before: c.before,
              after: c.after,
            })
            .then(() => undefined),
        );
        return ok(after);
      },
    );

    app.put(
      `${ADMIN_BASE}/economy/ad-limits`,
      {
        preHandler: adminOnly,
        schema: { tags: ['admin'], body: adLimits, response: { 200: envelope(adLimits) } },
      },
      async (request) => {
        const { operatorId } = operatorCaller(request);
        const { after } = await economy.setAdLimits(request.body, (tx, c) =>
          audit
            .record(tx, {
              operatorId,
              action: 'ad_limits.update',
              targetType: 'economy',
              targetId: 'ad_limits',
              before: c.before,
              after: c.after,
            })
            .then(() => undefined),
        );
        return ok(after);
      },
    );
  };
}
