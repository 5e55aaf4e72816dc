import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  API_BASE,
  OPERATOR_LINK_PAGE,
  OPERATOR_TOKEN_COOKIE,
  RECOVERY_CODE_COUNT,
  ResultCode,
  adminPaths,
} from '@snapdrama/contract';
import { rowsOf, useTestContext } from '../../test/harness';
import { LINK_TTL_MS } from './operator-management';
import { expectOperatorOnly, signInOperator, type OperatorCaller } from './operators.test-support';
import { totpCode } from './totp';

const ctx = useTestContext({ seed: false });
let admin: OperatorCaller;
beforeAll(async () => {
  admin = await signInOperator(ctx, 'admin');
});
// tests move the clock past a session's 12 hours: the admin signs in again before each
beforeEach(async () => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `${API_BASE}${adminPaths.signIn()}`,
    payload: { email: admin.email, password: admin.password },
  });
  const token = response.json<{ data: { accessToken: string } }>().data.accessToken;
  admin = { ...admin, token, headers: { authorization: `Bearer ${token}` } };
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const call = (
  method: Method,
  path: string,
  payload?: unknown,
  headers: Record<string, string> | undefined = undefined,
) =>
  ctx.app.inject({
    method,
    url: `${API_BASE}${path}`,
    headers: headers ?? admin.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const signIn = (payload: object) => call('POST', adminPaths.signIn(), payload, {});
const me = (headers: Record<string, string>) => call('GET', adminPaths.me(), undefined, headers);
const tokenOf = (path: string) => path.slice(`${OPERATOR_LINK_PAGE}#`.length);

const operatorCount = async () =>
  (await rowsOf<{ n: number }>(ctx, sql`select count(*)::int as n from operators`))[0]?.n;
const auditActions = async (targetId: string) =>
  (
    await rowsOf<{ action: string; operator_id: string | null }>(
      ctx,
      sql`select action, operator_id from audit_log where target_id = ${targetId} order by id`,
    )
  ).map((r) => r.action);

async function invite(email: string, role = 'editor') {
  const response = await call('POST', adminPaths.operatorInvites(), { email, role });
  expect(response.statusCode, response.body).toBe(200);
  const data = response.json().data as {
    operator: { operatorId: string; status: string };
    link: { path: string; purpose: string; expiresAt: string };
  };
  return { ...data, token: tokenOf(data.link.path) };
}

describe('who may manage operators', () => {
  it('only admins list, invite, change operators and make links; every role has its account', async () => {
    const target = await signInOperator(ctx, 'support');
    const url = (path: string) => `${API_BASE}${path}`;
    await expectOperatorOnly(ctx, { method: 'GET', url: url(adminPaths.operators()) }, ['admin']);
    await expectOperatorOnly(
      ctx,
      {
        method: 'POST',
        url: url(adminPaths.operatorInvites()),
        payload: { email: 'sneaky@ops.test', role: 'admin' },
      },
      ['admin'],
      async () => rowsOf(ctx, sql`select id from operators where email = 'sneaky@ops.test'`),
    );
    await expectOperatorOnly(
      ctx,
      {
        method: 'PATCH',
        url: url(adminPaths.operator(target.operatorId)),
        payload: { role: 'admin' },
      },
      ['admin'],
      async () => (await ctx.services.operators.profile(target.operatorId)).role,
    );
    await expectOperatorOnly(
      ctx,
      { method: 'POST', url: url(adminPaths.operatorLink(target.operatorId)) },
      ['admin'],
      async () => rowsOf(ctx, sql`select count(*)::int from operator_links`),
    );
    await expectOperatorOnly(ctx, { method: 'GET', url: url(adminPaths.accountSecurity()) }, [
      'admin',
      'editor',
      'support',
    ]);
  });
});

describe('invites', () => {
  it('an admin invites; the link names the person, sets the password once and signs them in', async () => {
    const { operator, link, token } = await invite('New.Editor@Ops.test');
    expect(operator).toMatchObject({ status: 'invited', role: 'editor', totpEnabled: false });
    expect(link.purpose).toBe('invite');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(link.expiresAt) - ctx.clock.now().getTime()).toBe(LINK_TTL_MS.invite);
    // no password yet: nothing signs in as them
    expect(
      (await signIn({ email: 'new.editor@ops.test', password: 'anything at all' })).json().code,
    ).toBe(ResultCode.OPERATOR_SIGN_IN_FAILED);
    // only the token's hash is stored
    const stored = await rowsOf<{ token_hash: string }>(
      ctx,
      sql`select token_hash from operator_links`,
    );
    expect(JSON.stringify(stored)).not.toContain(token);

    const info = await call('POST', adminPaths.linkInfo(), { token }, {});
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().data).toMatchObject({ purpose: 'invite', email: 'new.editor@ops.test' });

    const accepted = await call(
      'POST',
      adminPaths.linkAccept(),
      { token, password: 'my new password' },
      {},
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    const session = accepted.json().data.session as { accessToken: string };
    expect(accepted.cookies.find((c) => c.name === OPERATOR_TOKEN_COOKIE)?.value).toBe(
      session.accessToken,
    );
    expect(
      (await me({ authorization: `Bearer ${session.accessToken}` })).json().data.operator,
    ).toMatchObject({
      email: 'new.editor@ops.test',
      role: 'editor',
    });
    expect(
      (await signIn({ email: 'new.editor@ops.test', password: 'my new password' })).statusCode,
    ).toBe(200);

    // used: a second use and a look both answer 410120, and the password stays
    for (const [path, payload] of [
      [adminPaths.linkAccept(), { token, password: 'taken over!!' }],
      [adminPaths.linkInfo(), { token }],
    ] as const) {
      const again = await call('POST', path, payload, {});
      expect(again.statusCode).toBe(410);
      expect(again.json().code).toBe(ResultCode.OPERATOR_LINK_INVALID);
    }
    expect(
      (await signIn({ email: 'new.editor@ops.test', password: 'taken over!!' })).statusCode,
    ).toBe(401);
    // the sign-ins refused before the invite was accepted and after the link was used too
    expect(await auditActions(operator.operatorId)).toEqual([
      'operator.invite',
      'operator.sign_in_failed',
      'operator.accept_invite',
      'operator.sign_in',
      'operator.sign_in',
      'operator.sign_in_failed',
    ]);
    const listed = (await call('GET', adminPaths.operators())).json().data.operators as {
      email: string;
      status: string;
    }[];
    expect(listed.find((o) => o.email === 'new.editor@ops.test')?.status).toBe('active');
  });

  it('an invite expires (test clock); a new link works and ends the older one', async () => {
    const first = await invite('late@ops.test', 'support');
    const second = (await call('POST', adminPaths.operatorLink(first.operator.operatorId))).json()
      .data as { link: { path: string; purpose: string } };
    expect(second.link.purpose).toBe('invite');
    const replaced = await call('POST', adminPaths.linkInfo(), { token: first.token }, {});
    expect(replaced.json().code).toBe(ResultCode.OPERATOR_LINK_INVALID);

    ctx.clock.advance(LINK_TTL_MS.invite - 1000);
    const token = tokenOf(second.link.path);
    expect((await call('POST', adminPaths.linkInfo(), { token }, {})).statusCode).toBe(200);
    ctx.clock.advance(1000);
    const expired = await call(
      'POST',
      adminPaths.linkAccept(),
      { token, password: 'too late password' },
      {},
    );
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe(ResultCode.OPERATOR_LINK_INVALID);
    expect(
      (await ctx.services.operators.list()).find((o) => o.email === 'late@ops.test')?.status,
    ).toBe('invited');
  });

  it('bad input is refused with the field named and creates nothing', async () => {
    const before = await operatorCount();
    for (const [payload, field] of [
      [{}, 'email'],
      [{ email: 'not-an-email', role: 'editor' }, 'email'],
      [{ email: 'a@ops.test', role: 'root' }, 'role'],
      [{ email: 'a@ops.test', role: 'editor', displayName: '' }, 'displayName'],
      [{ email: 'a@ops.test', role: 'editor', displayName: 'x'.repeat(61) }, 'displayName'],
    ] as const) {
      const response = await call('POST', adminPaths.operatorInvites(), payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe(ResultCode.BAD_REQUEST);
      expect(Object.keys(response.json().fields ?? {})).toContain(field);
    }
    const taken = await call('POST', adminPaths.operatorInvites(), {
      email: admin.email.toUpperCase(),
      role: 'editor',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe(ResultCode.OPERATOR_EMAIL_TAKEN);
    expect(await operatorCount()).toBe(before);

    for (const payload of [{}, { token: 'short' }, { token: 'x'.repeat(43), password: 'short' }]) {
      const response = await call('POST', adminPaths.linkAccept(), payload, {});
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const unknown = await call(
      'POST',
      adminPaths.linkAccept(),
      { token: 'x'.repeat(43), password: 'long enough pw' },
      {},
    );
    expect(unknown.json().code).toBe(ResultCode.OPERATOR_LINK_INVALID);
  });
});

describe('changing operators', () => {
  it('a role change applies at the next request and is audited', async () => {
    const editor = await signInOperator(ctx, 'editor');
    const catalog = () => call('GET', '/admin/catalog/dramas', undefined, editor.headers);
    const before = (await catalog()).statusCode;
    expect(before).not.toBe(403);
    const changed = await call('PATCH', adminPaths.operator(editor.operatorId), {
      role: 'support',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.operator.role).toBe('support');
    expect((await catalog()).json().code).toBe(ResultCode.OPERATOR_ROLE_FORBIDDEN);
    expect(await auditActions(editor.operatorId)).toContain('operator.set_role');
    // the same role again changes and records nothing
    const entries = (await auditActions(editor.operatorId)).length;
    expect(
      (await call('PATCH', adminPaths.operator(editor.operatorId), { role: 'support' })).statusCode,
    ).toBe(200);
    expect((await auditActions(editor.operatorId)).length).toBe(entries);
  });

  it('disabling ends the sessions at once; the right password is then told "disabled", a wrong one is not', async () => {
    const editor = await signInOperator(ctx, 'editor');
    const response = await call('PATCH', adminPaths.operator(editor.operatorId), {
      disabled: true,
    });
    expect(response.json().data.operator.status).toBe('disabled');
    const refused = await me(editor.headers);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe(ResultCode.OPERATOR_SESSION_INVALID);
    const right = await signIn({ email: editor.email, password: editor.password });
    expect(right.statusCode).toBe(403);
    expect(right.json().code).toBe(ResultCode.OPERATOR_DISABLED);
    const wrong = await signIn({ email: editor.email, password: 'not the password' });
    expect(wrong.json().code).toBe(ResultCode.OPERATOR_SIGN_IN_FAILED);
    // no link for a disabled operator
    expect((await call('POST', adminPaths.operatorLink(editor.operatorId))).json().code).toBe(
      ResultCode.OPERATOR_DISABLED,
    );
    await call('PATCH', adminPaths.operator(editor.operatorId), { disabled: false });
    expect((await signIn({ email: editor.email, password: editor.password })).statusCode).toBe(200);
    expect(await auditActions(editor.operatorId)).toEqual(
      expect.arrayContaining(['operator.disable', 'operator.enable']),
    );
  });

  it('an admin cannot change or disable themselves; bad ids and bodies are refused', async () => {
    for (const payload of [{ role: 'editor' }, { disabled: true }]) {
      const response = await call('PATCH', adminPaths.operator(admin.operatorId), payload);
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe(ResultCode.OPERATOR_SELF_CHANGE);
    }
    expect((await me(admin.headers)).json().data.operator.role).toBe('admin');
    const missing = await call(
      'PATCH',
      adminPaths.operator('00000000-0000-4000-8000-000000000000'),
      {
        role: 'editor',
      },
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(ResultCode.OPERATOR_NOT_FOUND);
    const other = await signInOperator(ctx, 'support');
    for (const [path, payload] of [
      [adminPaths.operator('not-a-uuid'), { role: 'editor' }],
      [adminPaths.operator(other.operatorId), {}],
      [adminPaths.operator(other.operatorId), { role: 'root' }],
      [adminPaths.operator(other.operatorId), { disabled: 'yes' }],
    ] as const) {
      const response = await call('PATCH', path, payload);
      expect(response.statusCode, `${path} ${JSON.stringify(payload)}`).toBe(400);
      expect(response.json().code).toBe(ResultCode.BAD_REQUEST);
    }
    expect((await me(other.headers)).json().data.operator.role).toBe('support');
  });
});

describe('reset links', () => {
  it('the old password works until the link is used; then the new one, once; other sessions end', async () => {
    const support = await signInOperator(ctx, 'support');
    const made = await call('POST', adminPaths.operatorLink(support.operatorId));
    expect(made.json().data.link.purpose).toBe('reset');
    const token = tokenOf(made.json().data.link.path as string);
    expect((await me(support.headers)).statusCode).toBe(200);
    ctx.clock.advance(LINK_TTL_MS.reset - 1000);
    const used = await call(
      'POST',
      adminPaths.linkAccept(),
      { token, password: 'reset password 1' },
      {},
    );
    expect(used.statusCode, used.body).toBe(200);
    expect((await me(support.headers)).statusCode).toBe(401);
    expect((await signIn({ email: support.email, password: support.password })).statusCode).toBe(
      401,
    );
    expect((await signIn({ email: support.email, password: 'reset password 1' })).statusCode).toBe(
      200,
    );
    const reused = await call(
      'POST',
      adminPaths.linkAccept(),
      { token, password: 'reset password 2' },
      {},
    );
    expect(reused.json().code).toBe(ResultCode.OPERATOR_LINK_INVALID);
    expect(await auditActions(support.operatorId)).toEqual(
      expect.arrayContaining(['operator.reset_link', 'operator.reset_password']),
    );
  });

  it('a reset link expires after 24 hours', async () => {
    const support = await signInOperator(ctx, 'support');
    const token = tokenOf(
      (await call('POST', adminPaths.operatorLink(support.operatorId))).json().data.link
        .path as string,
    );
    ctx.clock.advance(LINK_TTL_MS.reset);
    const late = await call(
      'POST',
      adminPaths.linkAccept(),
      { token, password: 'reset password 1' },
      {},
    );
    expect(late.statusCode).toBe(410);
    expect((await signIn({ email: support.email, password: support.password })).statusCode).toBe(
      200,
    );
  });
});

describe('own account', () => {
  it('changes the password with the current one; other sessions end, this one stays', async () => {
    const editor = await signInOperator(ctx, 'editor');
    const other = (await signIn({ email: editor.email, password: editor.password })).json().data
      .accessToken as string;
    const wrong = await call(
      'PUT',
      adminPaths.accountPassword(),
      { currentPassword: 'not mine at all', newPassword: 'another password' },
      editor.headers,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe(ResultCode.OPERATOR_PASSWORD_WRONG);
    const short = await call(
      'PUT',
      adminPaths.accountPassword(),
      { currentPassword: editor.password, newPassword: 'short' },
      editor.headers,
    );
    expect(Object.keys(short.json().fields ?? {})).toContain('newPassword');
    expect((await me({ authorization: `Bearer ${other}` })).statusCode).toBe(200);

    const changed = await call(
      'PUT',
      adminPaths.accountPassword(),
      { currentPassword: editor.password, newPassword: 'another password' },
      editor.headers,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await me(editor.headers)).statusCode).toBe(200);
    expect((await me({ authorization: `Bearer ${other}` })).statusCode).toBe(401);
    expect((await signIn({ email: editor.email, password: 'another password' })).statusCode).toBe(
      200,
    );
    expect(await auditActions(editor.operatorId)).toContain('operator.change_password');
  });

  it('TOTP: set up, confirmed with a code, then required; recovery codes work once each', async () => {
    const support = await signInOperator(ctx, 'support');
    const h = support.headers;
    const setup = await call('POST', adminPaths.totpSetup(), undefined, h);
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, otpauthUri } = setup.json().data as { secret: string; otpauthUri: string };
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(otpauthUri).toContain(encodeURIComponent(support.email));
    // not on until confirmed
    expect((await signIn({ email: support.email, password: support.password })).statusCode).toBe(
      200,
    );
    const wrong = totpCode(secret, new Date(ctx.clock.now().getTime() + 5 * 60_000));
    expect((await call('POST', adminPaths.totpConfirm(), { totp: wrong }, h)).json().code).toBe(
      ResultCode.OPERATOR_TOTP_INVALID,
    );
    expect((await call('POST', adminPaths.totpConfirm(), { totp: '12345' }, h)).statusCode).toBe(
      400,
    );

    const code = totpCode(secret, ctx.clock.now());
    const confirmed = await call('POST', adminPaths.totpConfirm(), { totp: code }, h);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const codes = confirmed.json().data.recoveryCodes as string[];
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const c of codes) expect(c).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
    const stored = await rowsOf<{ code_hash: string }>(
      ctx,
      sql`select code_hash from operator_recovery_codes where operator_id = ${support.operatorId}`,
    );
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    expect(JSON.stringify(stored)).not.toContain(codes[0]?.replace(/-/g, ''));
    expect((await call('POST', adminPaths.totpSetup(), undefined, h)).json().code).toBe(
      ResultCode.OPERATOR_TOTP_STATE,
    );

    const base = { email: support.email, password: support.password };
    expect((await signIn(base)).json().code).toBe(ResultCode.OPERATOR_TOTP_INVALID);
    // the code that confirmed does not sign in again
    expect((await signIn({ ...base, totp: code })).json().code).toBe(
      ResultCode.OPERATOR_TOTP_INVALID,
    );
    ctx.clock.advance(30_000);
    expect((await signIn({ ...base, totp: totpCode(secret, ctx.clock.now()) })).statusCode).toBe(
      200,
    );

    const recovery = codes[0] ?? '';
    const typed = recovery.toUpperCase().replace(/-/g, '');
    expect((await signIn({ ...base, recoveryCode: typed })).statusCode).toBe(200);
    expect((await signIn({ ...base, recoveryCode: recovery })).json().code).toBe(
      ResultCode.OPERATOR_TOTP_INVALID,
    );
    expect((await signIn({ ...base, recoveryCode: 'aaaa-aaaa-aaaa' })).json().code).toBe(
      ResultCode.OPERATOR_TOTP_INVALID,
    );
    expect((await signIn({ ...base, recoveryCode: 'not a code' })).statusCode).toBe(400);
    expect((await call('GET', adminPaths.accountSecurity(), undefined, h)).json().data).toEqual({
      totpEnabled: true,
      recoveryCodesLeft: RECOVERY_CODE_COUNT - 1,
    });
    // a recovery code never replaces the password
    expect(
      (
        await signIn({ email: support.email, password: 'wrong password', recoveryCode: codes[1] })
      ).json().code,
    ).toBe(ResultCode.OPERATOR_SIGN_IN_FAILED);

    // new codes need the password; the old ones stop working
    expect(
      (
        await call('POST', adminPaths.recoveryCodes(), { currentPassword: 'nope nope nope' }, h)
      ).json().code,
    ).toBe(ResultCode.OPERATOR_PASSWORD_WRONG);
    const renewed = await call(
      'POST',
      adminPaths.recoveryCodes(),
      { currentPassword: support.password },
      h,
    );
    expect(renewed.json().data.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect((await signIn({ ...base, recoveryCode: codes[2] })).json().code).toBe(
      ResultCode.OPERATOR_TOTP_INVALID,
    );

    // off: the password again, then sign-in needs no code
    expect(
      (await call('POST', adminPaths.totpOff(), { currentPassword: 'nope nope nope' }, h)).json()
        .code,
    ).toBe(ResultCode.OPERATOR_PASSWORD_WRONG);
    expect(
      (await call('POST', adminPaths.totpOff(), { currentPassword: support.password }, h))
        .statusCode,
    ).toBe(200);
    expect((await signIn(base)).statusCode).toBe(200);
    expect(
      (await call('POST', adminPaths.totpOff(), { currentPassword: support.password }, h)).json()
        .code,
    ).toBe(ResultCode.OPERATOR_TOTP_STATE);
    expect(await auditActions(support.operatorId)).toEqual(
      expect.arrayContaining([
        'operator.totp_on',
        'operator.recovery_code_used',
        'operator.recovery_codes_renewed',
        'operator.totp_off',
      ]),
    );
  });

  it('a reset link of an operator with TOTP sets the password but does not sign in', async () => {
    const editor = await signInOperator(ctx, 'editor', { totp: true });
    const token = tokenOf(
      (await call('POST', adminPaths.operatorLink(editor.operatorId))).json().data.link
        .path as string,
    );
    const used = await call(
      'POST',
      adminPaths.linkAccept(),
      { token, password: 'new password here' },
      {},
    );
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json().data.session).toBeNull();
    expect(used.cookies.find((c) => c.name === OPERATOR_TOKEN_COOKIE)).toBeUndefined();
    expect((await signIn({ email: editor.email, password: 'new password here' })).json().code).toBe(
      ResultCode.OPERATOR_TOTP_INVALID,
    );
  });
});
