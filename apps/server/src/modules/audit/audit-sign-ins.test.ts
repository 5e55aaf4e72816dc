import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, adminPaths, type AuditEntry } from '@snapdrama/contract';
import { createTestContext, type TestContext } from '../../test/harness';
import { signInOperator, type OperatorCaller } from '../operators/operators.test-support';
import { totpCode } from '../operators/totp';

let ctx: TestContext;
let admin: OperatorCaller;
beforeAll(async () => {
  ctx = await createTestContext({ seed: false });
  admin = await signInOperator(ctx, 'admin');
});
afterAll(() => ctx.close());

const CLIENT = { 'user-agent': 'Mozilla/5.0 (audit test)' };
const REMOTE = '198.51.100.23';

const signIn = (payload: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url: `${API_BASE}${adminPaths.signIn()}`,
    payload,
    headers: CLIENT,
    remoteAddress: REMOTE,
  });

const entries = async (query: string): Promise<AuditEntry[]> => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `${API_BASE}${adminPaths.audit()}?${query}`,
    headers: admin.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { entries: AuditEntry[] } }>().data.entries;
};

describe('sign-ins in the audit log (decision 1570)', () => {
  it('records each refused sign-in: who was tried, why, from which address and agent', async () => {
    const editor = await signInOperator(ctx, 'editor');
    const totpUser = await signInOperator(ctx, 'support', { totp: true });
    const disabled = await signInOperator(ctx, 'support');
    await ctx.services.operators.change(disabled.email, { disabled: true }, null);

    expect(
      (await signIn({ email: 'nobody@ops.test', password: 'whatever it is' })).statusCode,
    ).toBe(401);
    expect((await signIn({ email: editor.email, password: 'not the password' })).statusCode).toBe(
      401,
    );
    expect((await signIn({ email: disabled.email, password: disabled.password })).statusCode).toBe(
      403,
    );
    // no code yet is the console's first step, not a failure; a wrong one is
    const asked = await signIn({ email: totpUser.email, password: totpUser.password });
    expect(asked.statusCode).toBe(401);
    const later = new Date(ctx.clock.now().getTime() + 10 * 60_000);
    const secret = totpUser.totpSecret ?? '';
    expect(
      (
        await signIn({
          email: totpUser.email,
          password: totpUser.password,
          totp: totpCode(secret, later),
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await signIn({
          email: totpUser.email,
          password: totpUser.password,
          recoveryCode: 'aaaa-bbbb-cccc',
        })
      ).statusCode,
    ).toBe(401);

    const failed = await entries('action=operator.sign_in_failed');
    expect(
      failed.map((e) => [e.targetType, e.targetName, (e.after as { reason: string }).reason]),
    ).toEqual([
      ['operator', totpUser.email, 'recovery_code'],
      ['operator', totpUser.email, 'totp'],
      ['operator', disabled.email, 'disabled'],
      ['operator', editor.email, 'password'],
      ['operator_email', 'nobody@ops.test', 'unknown_email'],
    ]);
    for (const entry of failed) {
      expect(entry).toMatchObject({
        actor: 'anonymous',
        operatorId: null,
        ip: REMOTE,
        userAgent: CLIENT['user-agent'],
      });
    }
    // the password is never kept, only the e-mail that was typed
    expect(JSON.stringify(failed)).not.toContain('not the password');
  });

  it('records a sign-in and a sign-out with the address and agent; the actor filter finds them', async () => {
    const editor = await signInOperator(ctx, 'editor');
    const session = await signIn({ email: editor.email, password: editor.password });
    expect(session.statusCode).toBe(200);
    const token = session.json<{ data: { accessToken: string } }>().data.accessToken;
    const out = await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}${adminPaths.signOut()}`,
      headers: { authorization: `Bearer ${token}`, ...CLIENT },
      remoteAddress: REMOTE,
    });
    expect(out.statusCode, out.body).toBe(200);

    const mine = await entries(`actor=${editor.operatorId}&family=operator.sign_`);
    expect(mine.map((e) => e.action)).toEqual([
      'operator.sign_out',
      'operator.sign_in',
      // signInOperator's own sign-in (no agent: app.inject's default)
      'operator.sign_in',
    ]);
    expect(mine[0]).toMatchObject({
      actor: 'operator',
      operatorEmail: editor.email,
      targetName: editor.email,
      ip: REMOTE,
      userAgent: CLIENT['user-agent'],
    });
    expect(mine[1]).toMatchObject({ ip: REMOTE, userAgent: CLIENT['user-agent'] });
    // anonymous attempts are found by their own actor
    expect(
      (await entries('actor=anonymous')).every((e) => e.action === 'operator.sign_in_failed'),
    ).toBe(true);
  });

  it('records turning TOTP on and off with the address', async () => {
    const editor = await signInOperator(ctx, 'editor');
    const call = (url: string, payload?: object) =>
      ctx.app.inject({
        method: 'POST',
        url: `${API_BASE}${url}`,
        headers: { ...editor.headers, ...CLIENT },
        remoteAddress: REMOTE,
        ...(payload ? { payload } : {}),
      });
    const setup = await call(adminPaths.totpSetup());
    const { secret } = setup.json<{ data: { secret: string } }>().data;
    expect(
      (await call(adminPaths.totpConfirm(), { totp: totpCode(secret, ctx.clock.now()) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(adminPaths.totpOff(), { currentPassword: editor.password })).statusCode,
    ).toBe(200);
    const changes = await entries(`actor=${editor.operatorId}&family=operator.totp`);
    expect(changes.map((e) => [e.action, e.ip, e.userAgent])).toEqual([
      ['operator.totp_off', REMOTE, CLIENT['user-agent']],
      ['operator.totp_on', REMOTE, CLIENT['user-agent']],
    ]);
  });
});
