import { randomUUID } from 'node:crypto';
import { SignJWT, UnsecuredJWT, decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { API_BASE, ResultCode } from '@snapdrama/contract';
import { bearer, joinGuest, TEST_JWT_SECRET, useTestContext } from '../../test/harness';
import { signInThroughSandbox } from './testing/sandbox-sign-in';

/**
 * Access tokens an attacker can make (issue #18): every one is refused with 401 in the envelope,
 * while a token issued by us for the same user and session still works.
 */
const ctx = useTestContext({ seed: false });

const key = new TextEncoder().encode(TEST_JWT_SECRET);
const userInfo = (headers: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: `${API_BASE}/user/info`, headers });

async function expectRefused(token: string) {
  const res = await userInfo({ authorization: `Bearer ${token}` });
  expect(res.statusCode, token).toBe(401);
  expect(res.json()).toMatchObject({ code: ResultCode.INVALID_SESSION, data: null });
  const viaCookie = await ctx.app.inject({
    method: 'GET',
    url: `${API_BASE}/user/info`,
    cookies: { access_token: token },
  });
  expect(viaCookie.statusCode, token).toBe(401);
}

/** The claims of a real token of a real session, to be re-signed in hostile ways. */
async function realClaims() {
  const guest = await joinGuest(ctx.app);
  expect((await userInfo(bearer(guest))).statusCode).toBe(200);
  const claims = decodeJwt(guest.token);
  return { guest, claims };
}

describe('forged access tokens', () => {
  it('alg "none" (unsigned) with the claims of a live session', async () => {
    const { claims } = await realClaims();
    const unsigned = new UnsecuredJWT({ ...claims }).encode();
    await expectRefused(unsigned);
    // the same with an empty third part and with a "None" spelling
    const [, payload] = unsigned.split('.');
    const header = (alg: string) =>
      Buffer.from(JSON.stringify({ alg, typ: 'JWT' })).toString('base64url');
    await expectRefused(`${header('None')}.${payload}.`);
    await expectRefused(`${header('none')}.${payload}.c2ln`);
  });

  it('signed with our key but for another audience or issuer', async () => {
    const { claims } = await realClaims();
    const { aud: _aud, iss: _iss, ...rest } = claims;
    const now = Math.floor(ctx.clock.now().getTime() / 1000);
    const sign = (audience: string, issuer: string) =>
      new SignJWT(rest)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setAudience(audience)
        .setIssuer(issuer)
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .sign(key);
    await expectRefused(await sign('snapdrama-admin', 'snapdrama'));
    await expectRefused(await sign('snapdrama-api', 'someone-else'));
    // a control: the same claims signed the way we sign are accepted, so the refusals above
    // are about audience and issuer alone
    expect(
      (await userInfo({ authorization: `Bearer ${await sign('snapdrama-api', 'snapdrama')}` }))
        .statusCode,
    ).toBe(200);
  });

  it('another HMAC algorithm with our key, and a payload swapped under a valid signature', async () => {
    const { claims } = await realClaims();
    const hs512 = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
      .sign(key);
    await expectRefused(hs512);

    const other = await realClaims();
    const [header, , signature] = other.guest.token.split('.');
    const swapped = Buffer.from(JSON.stringify({ ...other.claims, sub: claims.sub })).toString(
      'base64url',
    );
    await expectRefused(`${header}.${swapped}.${signature}`);
  });

  it('junk in place of a token', async () => {
    for (const junk of ['a.b.c', '..', 'x'.repeat(5000), `${randomUUID()}`, 'Bearer']) {
      await expectRefused(junk);
    }
  });
});

describe('tokens of a withdrawn member', () => {
  it('open nothing, write nothing, and refresh nothing', async () => {
    const member = await signInThroughSandbox(ctx.app);
    const withdraw = await ctx.app.inject({
      method: 'PUT',
      url: `${API_BASE}/auth/withdrawal`,
      headers: bearer(member),
    });
    expect(withdraw.statusCode).toBe(200);

    await expectRefused(member.token);
    const ask = await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}/user/qna`,
      headers: bearer(member),
      payload: { cnts: 'still here?' },
    });
    expect(ask.statusCode).toBe(401);
    expect(await ctx.services.support.inquiriesOf(member.userId)).toEqual([]);
    const unlock = await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}/drama/episode/unlock/coin`,
      headers: bearer(member),
      payload: { dramId: 1, epsd: 5 },
    });
    expect(unlock.statusCode).toBe(401);
    const refresh = await ctx.app.inject({
      method: 'PUT',
      url: `${API_BASE}/auth/refresh/access-token`,
      cookies: { refresh_token: member.refreshCookie },
    });
    expect(refresh.statusCode).toBe(401);

    // a token re-signed with our key for the withdrawn user's old session is refused too:
    // sessions, not signatures alone, decide
    const claims = decodeJwt(member.token);
    const resigned = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(key);
    await expectRefused(resigned);
  });
});
