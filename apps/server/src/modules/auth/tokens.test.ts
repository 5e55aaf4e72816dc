import { describe, expect, it } from 'vitest';
import { ResultCode } from '@snapdrama/contract';
import { ManualClock } from '../../clock';
import { AppError } from '../../errors';
import { createAccessTokens, hashToken, newRefreshToken } from './tokens';

const secret = 'a-secret-that-is-long-enough-for-hs256-0123';
const claims = { userId: 'u1', sessionId: 's1', authMethod: 'guest' as const };

async function codeOf(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error instanceof AppError ? error.code : -1;
  }
}

describe('access tokens', () => {
  it('round-trip their claims', async () => {
    const tokens = createAccessTokens({ secret, ttlSeconds: 60, clock: new ManualClock() });
    expect(await tokens.verify(await tokens.issue(claims))).toEqual(claims);
  });

  it('are accepted until expiry and answer 419 after it', async () => {
    const clock = new ManualClock();
    const tokens = createAccessTokens({ secret, ttlSeconds: 60, clock });
    const token = await tokens.issue(claims);
    clock.advance(59_000);
    await expect(tokens.verify(token)).resolves.toEqual(claims);
    // verified before, so the second check is answered from memory, with the same expiry rule
    await expect(tokens.verify(token)).resolves.toEqual(claims);
    clock.advance(2_000);
    expect(await codeOf(tokens.verify(token))).toBe(ResultCode.ACCESS_TOKEN_EXPIRED);
  });

  it('signed with another key are invalid (401)', async () => {
    const clock = new ManualClock();
    const other = createAccessTokens({ secret: `${secret}-other`, ttlSeconds: 60, clock });
    const tokens = createAccessTokens({ secret, ttlSeconds: 60, clock });
    expect(await codeOf(tokens.verify(await other.issue(claims)))).toBe(ResultCode.INVALID_SESSION);
  });

  it('that are malformed or tampered are invalid (401)', async () => {
    const tokens = createAccessTokens({ secret, ttlSeconds: 60, clock: new ManualClock() });
    const token = await tokens.issue(claims);
    // the genuine token is verified (and remembered) first: a forgery of it must still fail
    await expect(tokens.verify(token)).resolves.toEqual(claims);
    const [h, p, s] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ sub: 'someone-else', sid: 's1', am: 'guest' }),
    ).toString('base64url');
    expect(await codeOf(tokens.verify(`${h}.${forged}.${s}`))).toBe(ResultCode.INVALID_SESSION);
    expect(await codeOf(tokens.verify('not-a-token'))).toBe(ResultCode.INVALID_SESSION);
    expect(p).toBeTruthy();
  });
});

describe('refresh tokens', () => {
  it('are random and stored only as a hash', () => {
    const a = newRefreshToken();
    const b = newRefreshToken();
    expect(a).not.toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(43);
    expect(hashToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(a)).not.toContain(a);
  });
});
