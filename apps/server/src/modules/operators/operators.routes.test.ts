import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API_BASE, OPERATOR_TOKEN_COOKIE, ResultCode, adminPaths } from '@snapdrama/contract';
import { rowsOf, useTestContext } from '../../test/harness';
import { signInMember } from '../wallet/wallet.test-support';
import { expectOperatorOnly, signInOperator } from './operators.test-support';
import { totpCode } from './totp';

const ctx = useTestContext({ seed: false });

const signIn = (payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: `${API_BASE}${adminPaths.signIn()}`,
    payload: payload as object,
  });
const me = (headers: Record<string, string> = {}, cookies: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: `${API_BASE}${adminPaths.me()}`, headers, cookies });

async function count(table: 'operator_sessions' | 'audit_log'): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    ctx,
    sql.raw(`select count(*)::int as n from ${table}`),
  );
  return row?.n ?? -1;
}

describe('operator sign-in', () => {
  it('signs in with email and password, sets a strict httpOnly cookie on the admin path', async () => {
    await ctx.services.operators.create(
      { email: 'Editor@Example.com', role: 'editor', password: 'a long password' },
      null,
    );
    const response = await signIn({ email: ' editor@example.COM ', password: 'a long password' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.data.operator).toMatchObject({
      email: 'editor@example.com',
      role: 'editor',
      totpEnabled: false,
    });
    const cookie = response.cookies.find((c) => c.name === OPERATOR_TOKEN_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/admin' });
    expect(cookie?.value).toBe(body.data.accessToken);
    // the cookie alone and the bearer token alone both work
    expect(
      (await me({}, { [OPERATOR_TOKEN_COOKIE]: body.data.accessToken })).json().data.operator.role,
    ).toBe('editor');
    expect((await me({ authorization: `Bearer ${body.data.accessToken}` })).statusCode).toBe(200);
  });

  it('a wrong password and an unknown email answer 401120, a disabled operator 403121; no session starts', async () => {
    await ctx.services.operators.create(
      { email: 'gone@example.com', role: 'admin', password: 'a long password' },
      null,
    );
    await ctx.services.operators.change('gone@example.com', { disabled: true }, null);
    const sessions = await count('operator_sessions');
    const failed = [401, ResultCode.OPERATOR_SIGN_IN_FAILED] as const;
    for (const [payload, status, code] of [
      [{ email: 'editor@example.com', password: 'wrong password!' }, ...failed],
      [{ email: 'nobody@example.com', password: 'a long password' }, ...failed],
      // a disabled operator's wrong password says nothing more than anyone's
      [{ email: 'gone@example.com', password: 'wrong password!' }, ...failed],
      // the right one is told the account is disabled (issue 41), not "wrong password"
      [
        { email: 'gone@example.com', password: 'a long password' },
        403,
        ResultCode.OPERATOR_DISABLED,
      ],
    ] as const) {
      const response = await signIn(payload);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ code, data: null });
    }
    expect(await count('operator_sessions')).toBe(sessions);
  });

  it('bad input answers 400 with the field named', async () => {
    for (const [payload, field] of [
      [{}, 'email'],
      [{ email: 'not-an-email', password: 'x' }, 'email'],
      [{ email: 'a@b.co', password: '' }, 'password'],
      [{ email: 'a@b.co', password: 'a long password', totp: '12ab56' }, 'totp'],
      [{ email: 'a@b.co', password: 'p'.repeat(201) }, 'password'],
    ] as const) {
      const response = await signIn(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe(ResultCode.BAD_REQUEST);
      expect(Object.keys(response.json().fields ?? {})).toContain(field);
    }
  });

  it('with TOTP on, the code is required, must match, and works once', async () => {
    const created = await ctx.services.operators.create(
      { email: 'totp@example.com', role: 'support', password: 'a long password', totp: true },
      null,
    );
    const secret = created.totpSecret ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const base = { email: 'totp@example.com', password: 'a long password' };
    expect((await signIn(base)).json().code).toBe(ResultCode.OPERATOR_TOTP_INVALID);
    const wrong = totpCode(secret, new Date(ctx.clock.now().getTime() + 10 * 60_000));
    expect((await signIn({ ...base, totp: wrong })).json().code).toBe(
      ResultCode.OPERATOR_TOTP_INVALID,
    );
    const code = totpCode(secret, ctx.clock.now());
    expect((await signIn({ ...base, totp: code })).statusCode).toBe(200);
    const replay = await signIn({ ...base, totp: code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe(ResultCode.OPERATOR_TOTP_INVALID);
    // the next step's code works
    ctx.clock.advance(30_000);
    expect((await signIn({ ...base, totp: totpCode(secret, ctx.clock.now()) })).statusCode).toBe(
      200,
    );
    // a TOTP code never replaces the password
    expect(
      (
        await signIn({
          email: base.email,
          password: 'wrong password!',
          totp: totpCode(secret, ctx.clock.now()),
        })
      ).json().code,
    ).toBe(ResultCode.OPERATOR_SIGN_IN_FAILED);
  });
});

describe('operator sessions', () => {
  it('viewers, guests and nobody are refused by the operator routes', async () => {
    await expectOperatorOnly(ctx, { method: 'GET', url: `${API_BASE}${adminPaths.me()}` }, [
      'admin',
      'editor',
      'support',
    ]);
    await expectOperatorOnly(ctx, { method: 'POST', url: `${API_BASE}${adminPaths.signOut()}` }, [
      'admin',
      'editor',
      'support',
    ]);
  });

  it("an operator's token is not a viewer's: viewer routes refuse it", async () => {
    const admin = await signInOperator(ctx, 'admin');
    const response = await ctx.app.inject({
      method: 'GET',
      url: `${API_BASE}/user/info`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(401);
  });

  it('sign-out ends the session at once', async () => {
    const editor = await signInOperator(ctx, 'editor');
    const out = await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}${adminPaths.signOut()}`,
      headers: editor.headers,
    });
    expect(out.statusCode).toBe(200);
    expect((await me(editor.headers)).json().code).toBe(ResultCode.OPERATOR_SESSION_INVALID);
  });

  it('a session expires after 12 hours', async () => {
    const editor = await signInOperator(ctx, 'editor', { email: 'clock@example.com' });
    ctx.clock.advance(11 * 3600_000);
    expect((await me(editor.headers)).statusCode).toBe(200);
    ctx.clock.advance(3600_000);
    expect((await me(editor.headers)).statusCode).toBe(401);
  });

  it('disabling an operator or changing the role ends their sessions', async () => {
    const support = await signInOperator(ctx, 'support', { email: 'fired@example.com' });
    await ctx.services.operators.change('fired@example.com', { role: 'editor' }, null);
    expect((await me(support.headers)).statusCode).toBe(401);
    const again = await signIn({ email: 'fired@example.com', password: support.password });
    const token = again.json().data.accessToken as string;
    await ctx.services.operators.change('fired@example.com', { disabled: true }, null);
    expect((await me({ authorization: `Bearer ${token}` })).statusCode).toBe(401);
  });

  it('a viewer token signed with the same key is still refused (other audience)', async () => {
    const viewer = await signInMember(ctx, 'Sneaky');
    const response = await me({ authorization: `Bearer ${viewer.token}` });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(ResultCode.OPERATOR_SESSION_INVALID);
  });
});

describe('operator accounts', () => {
  it('OPERATOR_BOOTSTRAP_* makes the first admin once; a later start leaves it alone', async () => {
    const bootstrap = { email: 'First@Example.com', password: 'bootstrap password' };
    expect(await ctx.services.operators.ensureAdmin(bootstrap)).toBe(true);
    expect(
      await ctx.services.operators.ensureAdmin({ ...bootstrap, password: 'another password' }),
    ).toBe(false);
    expect(
      (await signIn({ email: 'first@example.com', password: 'bootstrap password' })).json().data
        .operator,
    ).toMatchObject({
      role: 'admin',
    });
  });

  it('an email is taken once (case-insensitively)', async () => {
    await ctx.services.operators.create(
      { email: 'twice@example.com', role: 'admin', password: 'a long password' },
      null,
    );
    await expect(
      ctx.services.operators.create(
        { email: 'TWICE@example.com', role: 'editor', password: 'a long password' },
        null,
      ),
    ).rejects.toMatchObject({ code: ResultCode.OPERATOR_EMAIL_TAKEN });
  });

  it('refuses a short password, an unknown role and a bad email, creating nothing', async () => {
    const before = (await ctx.services.operators.list()).length;
    for (const input of [
      { email: 'short@example.com', role: 'admin', password: 'short' },
      { email: 'role@example.com', role: 'root', password: 'a long password' },
      { email: 'nope', role: 'admin', password: 'a long password' },
    ]) {
      await expect(ctx.services.operators.create(input, null)).rejects.toMatchObject({
        code: ResultCode.BAD_REQUEST,
      });
    }
    expect((await ctx.services.operators.list()).length).toBe(before);
  });

  it('stores no password in clear and no secrets in the audit log', async () => {
    await ctx.services.operators.create(
      { email: 'secret@example.com', role: 'admin', password: 'my very secret pw', totp: true },
      null,
    );
    const [row] = await rowsOf<{ password_hash: string; after: unknown }>(
      ctx,
      sql`
      select o.password_hash, a.after from operators o join audit_log a on a.target_id = o.id::text
      where o.email = 'secret@example.com' and a.action = 'operator.create'`,
    );
    expect(row?.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(JSON.stringify(row)).not.toContain('my very secret pw');
    expect(row?.after).toEqual({
      email: 'secret@example.com',
      displayName: 'secret',
      role: 'admin',
      totpEnabled: true,
      disabled: false,
    });
  });
});
