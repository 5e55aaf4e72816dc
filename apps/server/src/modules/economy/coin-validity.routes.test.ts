import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API_BASE, ResultCode } from '@snapdrama/contract';
import { DEFAULT_COIN_VALIDITY, NO_EXPIRY_AT } from '@snapdrama/rules';
import { rowsOf, useTestContext } from '../../test/harness';
import { expectOperatorOnly, useOperator } from '../operators/operators.test-support';
import {
  signInMember,
  grantCoins,
  expectLedgerBalancedAfterAll,
} from '../wallet/wallet.test-support';

/**
 * Coin validity per source in the operator console (issue 13 item 4): admins only, bad input
 * changes nothing and writes no audit entry, a change is read back, audited, and followed by the
 * next grant.
 */
const ctx = useTestContext();
const admin = useOperator(ctx, 'admin');
expectLedgerBalancedAfterAll(ctx);

const URL = `${API_BASE}/admin/economy/coin-validity`;
const DAY = 24 * 60 * 60 * 1000;
const call = (method: 'GET' | 'PUT', payload?: unknown) =>
  ctx.app.inject({
    method,
    url: URL,
    headers: admin.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const data = <T>(r: { json: <U>() => U }) => r.json<{ data: T }>().data;

const audits = () =>
  rowsOf(
    ctx,
    sql`select operator_id, target_type, target_id, before, after from audit_log
        where action = 'economy.coin_validity' order by id`,
  );
const stored = () => ctx.services.wallet.getCoinValidity();

const valid = () => structuredClone(DEFAULT_COIN_VALIDITY);

describe('coin validity in the console', () => {
  it('refuses nobody, guests, viewers, editors and support, on reading and on saving', async () => {
    await expectOperatorOnly(ctx, { method: 'GET', url: URL }, ['admin']);
    const change = valid();
    change.bonus.mission = 99;
    await expectOperatorOnly(ctx, { method: 'PUT', url: URL, payload: change }, ['admin'], stored);
    expect((await stored()).bonus.mission).toBe(DEFAULT_COIN_VALIDITY.bonus.mission);
    expect(await audits()).toHaveLength(0);
  });

  it('answers the defaults before anything is saved', async () => {
    const r = await call('GET');
    expect(r.statusCode).toBe(200);
    expect(data(r)).toEqual(DEFAULT_COIN_VALIDITY);
  });

  it('bad input: 400 naming the field, nothing changed, nothing audited', async () => {
    const before = await stored();
    const bad: [string, unknown][] = [
      ['mission', { ...valid(), bonus: { ...valid().bonus, mission: 0 } }],
      ['web', { ...valid(), purchase: { ...valid().purchase, web: 3651 } }],
      ['web', { ...valid(), purchase: { ...valid().purchase, web: 1.5 } }],
      ['event', { ...valid(), bonus: { ...valid().bonus, event: '7' } }],
      ['google_play', { ...valid(), purchase: { web: 7, app_store: null } }],
      ['lottery', { ...valid(), bonus: { ...valid().bonus, lottery: 7 } }],
      ['bonus', { purchase: valid().purchase }],
      ['extra', { ...valid(), extra: 1 }],
    ];
    for (const [field, payload] of bad) {
      const r = await call('PUT', payload);
      expect(r.statusCode, field).toBe(400);
      const body = r.json<{ code: number; fields?: Record<string, string> }>();
      expect(body.code, field).toBe(ResultCode.BAD_REQUEST);
      // the message is a sentence in the caller's language; the field is named in `fields`
      expect(Object.keys(body.fields ?? {}).join(' '), field).toContain(field);
    }
    expect(await stored()).toEqual(before);
    expect(await audits()).toHaveLength(0);
  });

  it('a good change is read back, audited with before and after, and the next grant follows it', async () => {
    const member = await signInMember(ctx, 'Validity');
    const change = valid();
    change.bonus.mission = 30;
    change.purchase.google_play = null;
    const r = await call('PUT', change);
    expect(r.statusCode).toBe(200);
    expect(data(r)).toEqual(change);
    expect(data(await call('GET'))).toEqual(change);

    const entries = await audits();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      operator_id: admin.operatorId,
      target_type: 'economy',
      target_id: 'coin_validity',
      before: DEFAULT_COIN_VALIDITY,
      after: change,
    });

    const now = ctx.clock.now().getTime();
    const mission = await ctx.services.wallet.grant({
      userId: member.userId,
      kind: 'bonus',
      amount: 5,
      source: 'mission',
      idempotencyKey: 'validity-mission-1',
    });
    expect(mission.expiresAt.getTime() - now).toBe(30 * DAY);
    const play = await ctx.services.wallet.grant({
      userId: member.userId,
      kind: 'paid',
      amount: 5,
      source: 'purchase',
      channel: 'google_play',
      idempotencyKey: 'validity-play-1',
    });
    expect(play.expiresAt.getTime()).toBe(NO_EXPIRY_AT);
    // a source left alone keeps its days
    const event = await grantCoins(ctx, member.userId, 5, 'bonus', {
      idempotencyKey: 'validity-event-1',
    });
    expect(event.expiresAt.getTime() - now).toBe(7 * DAY);

    // a second change audits the first as its before
    const again = { ...change, bonus: { ...change.bonus, mission: 14 } };
    expect((await call('PUT', again)).statusCode).toBe(200);
    const [, second] = await audits();
    expect(second).toMatchObject({ before: change, after: again });
  });

  it('the change and its audit entry commit together: a failing entry leaves the settings as they were', async () => {
    const before = await stored();
    const change = { ...before, bonus: { ...before.bonus, attendance: 99 } };
    await expect(
      ctx.services.wallet.setCoinValidity(change, admin.operatorId, () =>
        Promise.reject(new Error('audit down')),
      ),
    ).rejects.toThrow('audit down');
    expect(await stored()).toEqual(before);
  });
});
