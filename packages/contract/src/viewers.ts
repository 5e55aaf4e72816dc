import { z } from 'zod';
import { REFUND_REASONS } from './money';

/**
 * Wire schemas of the console's viewers and money: a viewer's account, wallet and orders, the
 * operator's coin actions and refunds (issue 13, item 5).
 * Operator routes live under /api/v1/admin and speak camelCase: they are ours, not the spec's.
 */

export const viewerSearchQuery = z.object({
  q: z.string().trim().min(1, 'is required').max(200),
});

/** A viewer's suspension in force (decision 1560): until null means until lifted. */
export const viewerSuspension = z.object({
  reason: z.string(),
  since: z.string(),
  until: z.string().nullable(),
  operatorId: z.string(),
});
export type ViewerSuspension = z.infer<typeof viewerSuspension>;

export const viewerSummary = z.object({
  userId: z.string(),
  nickname: z.string().nullable(),
  /** support roles see it; editors never reach these routes */
  email: z.string().nullable(),
  authMethod: z.string(),
  createdAt: z.string(),
  withdrawn: z.boolean(),
  suspension: viewerSuspension.nullable(),
});
export type ViewerSummary = z.infer<typeof viewerSummary>;
export const viewerSearchData = z.object({ viewers: z.array(viewerSummary) });

export const coinBalances = z.object({ paid: z.number().int(), bonus: z.number().int() });

export const viewerDetailData = z.object({
  viewer: viewerSummary,
  wallet: z.object({
    balances: coinBalances,
    lots: z.array(
      z.object({
        id: z.string(),
        kind: z.enum(['paid', 'bonus']),
        source: z.string(),
        sourceRef: z.string().nullable(),
        amount: z.number().int(),
        remaining: z.number().int(),
        grantedAt: z.string(),
        expiresAt: z.string(),
        expired: z.boolean(),
      }),
    ),
    revocations: z.array(
      z.object({
        id: z.string(),
        amount: z.number().int(),
        reason: z.string(),
        operatorId: z.string(),
        revokedAt: z.string(),
      }),
    ),
  }),
  orders: z.array(
    z.object({
      ordrId: z.string(),
      godsCode: z.string(),
      gateway: z.string(),
      currency: z.string(),
      amountMinor: z.number().int(),
      paidCoin: z.number().int(),
      state: z.string(),
      createdAt: z.string(),
      refundable: z.boolean(),
    }),
  ),
  unlocks: z.array(
    z.object({
      dramId: z.number().int(),
      epsd: z.number().int(),
      by: z.enum(['coin', 'ad']),
      coins: z.number().int(),
      at: z.string(),
    }),
  ),
  /** operators' internal notes on the viewer, newest first (never shown to the viewer) */
  notes: z.array(
    z.object({
      id: z.string(),
      text: z.string(),
      operatorId: z.string(),
      operatorEmail: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type ViewerDetailData = z.infer<typeof viewerDetailData>;

export const userIdParams = z.object({ userId: z.uuid('must be a user id') });

export const coinActionBody = z.object({
  amount: z.number().int().min(1).max(100_000),
  reason: z.string().trim().min(2, 'is required (2+ characters)').max(500),
  /** made by the console when the form opens: the same action twice acts once */
  actionKey: z.string().regex(/^[\w:-]{8,100}$/, 'must be 8-100 letters, digits, _, : or -'),
});
export const coinActionData = z.object({
  id: z.string(),
  amount: z.number().int(),
  created: z.boolean(),
  balances: coinBalances,
});

export const orderIdParams = z.object({ ordrId: z.uuid('must be an order id') });
/**
 * An operator's refund: a reason picked from the list (money.ts REFUND_REASONS) and a note, or a
 * note alone (kept as reason 'other'); the note is required with 'other' (decision 1550).
 */
export const refundOrderBody = z
  .object({
    reasonCode: z.enum(REFUND_REASONS).optional(),
    reason: z.string().trim().max(500).optional(),
  })
  .refine(
    (b) => (b.reasonCode !== undefined && b.reasonCode !== 'other') || (b.reason ?? '').length >= 2,
    { message: 'is required (2+ characters)', path: ['reason'] },
  );
export const refundOrderData = z.object({
  ordrId: z.string(),
  state: z.string(),
  refundedCoins: z.number().int(),
  providerRefundId: z.string(),
});

/** PUT /admin/viewers/{userId}/suspension: until an instant in the future, or null (until lifted). */
export const suspendViewerBody = z.object({
  reason: z.string().trim().min(2, 'is required (2+ characters)').max(500),
  until: z.iso.datetime({ offset: true, message: 'must be a date and time' }).nullable(),
});
export type SuspendViewerBody = z.infer<typeof suspendViewerBody>;
export const viewerSuspensionData = z.object({ suspension: viewerSuspension.nullable() });

/** POST /admin/viewers/{userId}/notes */
export const viewerNoteBody = z.object({
  text: z.string().trim().min(1, 'is required').max(2000),
});
export const viewerNoteData = z.object({
  id: z.string(),
  text: z.string(),
  operatorId: z.string(),
  operatorEmail: z.string().nullable(),
  createdAt: z.string(),
});
