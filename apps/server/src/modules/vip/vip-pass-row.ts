/**
 * How a stored pass row reads, for the pass side (vip.service.ts) and the notices (vip-notices.ts)
 * alike: its state as the rules take it (isVipActive, vipAccessUntil), and whether a string can be
 * a vipId at all before it is looked up.
 */
import type { VipStatus } from '@snapdrama/contract';
import type { VipPassState } from '@snapdrama/rules';
import type { VipSubscriptionRow } from './vip.tables';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const stateOf = (row: VipSubscriptionRow): VipPassState => ({
  status: row.status as VipStatus,
  paidUntil: row.paidUntil?.getTime() ?? null,
  graceUntil: row.graceUntil?.getTime() ?? null,
});
