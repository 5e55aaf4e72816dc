import type { RefundReason, ViewerDetailData, ViewerSummary } from '@snapdrama/contract';
import type { AuditService } from '../audit/audit.service';
import type { AuthService } from '../auth/auth.service';
import type { EventsService } from '../events/events.service';
import type { PaymentsService } from '../payments/payments.service';
import type { WebGatewaysService } from '../payments/web-gateways.service';
import type { OperatorCoinResult, WalletService } from '../wallet/wallet.service';

/**
 * Viewers and money for operators: find a viewer, see the wallet, orders and unlocks, grant or
 * take back coins. Owns no table: each module answers for its own rows, coins move only through
 * the wallet service, and every change carries its audit entry in the same transaction.
 */
export function createViewersService(deps: {
  auth: Pick<AuthService, 'searchViewers' | 'viewerForOperator'>;
  wallet: Pick<
    WalletService,
    'walletForOperator' | 'grantByOperator' | 'revokeByOperator' | 'unlocksOf'
  >;
  orders: Pick<PaymentsService, 'ordersOf'>;
  events: Pick<EventsService, 'adUnlocksOf'>;
  /** refunds go back through the gateway that took the payment */
  webGateways: Pick<WebGatewaysService, 'refundByOperator'>;
  audit: Pick<AuditService, 'record'>;
  /** operators' internal notes on the viewer (viewer-care) */
  notesOf: (userId: string) => Promise<ViewerDetailData['notes']>;
}) {
  const { auth, wallet, orders, events, audit } = deps;

  function coinAction(kind: 'grant' | 'revoke') {
    return async (
      operatorId: string,
      userId: string,
      body: { amount: number; reason: string; actionKey: string },
    ): Promise<OperatorCoinResult> => {
      await auth.viewerForOperator(userId);
      const action = { userId, operatorId, ...body, reason: body.reason.trim() };
      const run = kind === 'grant' ? wallet.grantByOperator : wallet.revokeByOperator;
      return run(action, async (tx, result) => {
        await audit.record(tx, {
          operatorId,
          action: `wallet.${kind}`,
          targetType: 'user',
          targetId: userId,
          before: { balances: result.before },
          after: {
            balances: result.after,
            amount: result.amount,
            reason: action.reason,
            [kind === 'grant' ? 'lotId' : 'revocationId']: result.id,
          },
        });
      });
    };
  }

  return {
    search: (text: string): Promise<ViewerSummary[]> => auth.searchViewers(text),

    async detail(userId: string): Promise<ViewerDetailData> {
      const viewer = await auth.viewerForOperator(userId);
      const [walletView, orderRows, coinUnlocks, adUnlocks, notes] = await Promise.all([
        wallet.walletForOperator(userId),
        orders.ordersOf(userId),
        wallet.unlocksOf(userId),
        events.adUnlocksOf(userId),
        deps.notesOf(userId),
      ]);
      const unlocks = [
        ...coinUnlocks.map((u) => ({ ...u, by: 'coin' as const })),
        ...adUnlocks.map((u) => ({ ...u, by: 'ad' as const, coins: 0 })),
      ]
        .sort((a, b) => b.at.getTime() - a.at.getTime())
        .map((u) => ({
          dramId: u.dramId,
          epsd: u.epsd,
          by: u.by,
          coins: u.coins,
          at: u.at.toISOString(),
        }));
      return {
        viewer,
        wallet: walletView,
        orders: orderRows.map((o) => ({
          ordrId: o.id,
          godsCode: o.godsCode,
          gateway: o.gateway,
          currency: o.currency,
          amountMinor: o.amountMinor,
          paidCoin: o.paidCoin,
          state: o.state,
          createdAt: o.createdAt.toISOString(),
          refundable:
            (o.state === 'paid' || o.state === 'credited') && ['T', 'S', 'P'].includes(o.gateway),
        })),
        unlocks,
        notes,
      };
    },

    /**
     * Refunds an order through its provider's refund API, then the order service's refund path
     * (the purchased coins that remain are taken back once); audited with the order's state.
     */
    async refund(
      operatorId: string,
      ordrId: string,
      body: { reasonCode?: RefundReason; reason?: string },
    ) {
      // a note alone is reason 'other' (decision 1550); the provider is told the note, else the code
      const kept = { reason: body.reasonCode ?? 'other', note: body.reason?.trim() || null };
      const reason = kept.note ?? kept.reason;
      return deps.webGateways.refundByOperator(
        ordrId,
        reason,
        async (tx, change) => {
          await audit.record(tx, {
            operatorId,
            action: 'order.refund',
            targetType: 'order',
            targetId: ordrId,
            before: { state: 'paid/credited' },
            after: {
              state: change.order.state,
              refundedCoins: change.refundedCoins,
              reasonCode: kept.reason,
              reason,
              userId: change.order.userId,
            },
          });
        },
        kept,
      );
    },

    grant: coinAction('grant'),
    revoke: coinAction('revoke'),
  };
}

export type ViewersService = ReturnType<typeof createViewersService>;
