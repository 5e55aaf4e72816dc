import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import { ResultCode, type AuthMethod } from '@snapdrama/contract';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';

export interface AccessClaims {
  userId: string;
  sessionId: string;
  authMethod: AuthMethod;
}

const ISSUER = 'snapdrama';
const AUDIENCE = 'snapdrama-api';

/** How many verified tokens verify() remembers (a few MB at most). */
const VERIFIED_CACHE_SIZE = 10_000;

/**
 * Short-lived signed access tokens (HS256 JWT). Expired: 419; anything else wrong: 401.
 * A token whose signature and claims were verified is remembered until it expires: the same bytes
 * verify the same way, and every signed-in request would otherwise pay for the HMAC again.
 */
export function createAccessTokens(options: { secret: string; ttlSeconds: number; clock: Clock }) {
  const key = new TextEncoder().encode(options.secret);
  const verified = new Map<string, { claims: AccessClaims; expiresAtSecond: number }>();
  const nowSecond = () => Math.floor(options.clock.now().getTime() / 1000);
  return {
    async issue(claims: AccessClaims): Promise<string> {
      const now = nowSecond();
      return new SignJWT({ sid: claims.sessionId, am: claims.authMethod })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + options.ttlSeconds)
        .sign(key);
    },
    async verify(token: string): Promise<AccessClaims> {
      const known = verified.get(token);
      if (known) {
        // the same rule as jose: expired once the current second reaches exp
        if (nowSecond() < known.expiresAtSecond) return known.claims;
        verified.delete(token);
        throw new AppError(ResultCode.ACCESS_TOKEN_EXPIRED, 'Access token expired');
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          currentDate: options.clock.now(),
          clockTolerance: 0,
        });
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.sid !== 'string' ||
          typeof payload.am !== 'string'
        ) {
          throw new AppError(ResultCode.INVALID_SESSION, 'Invalid session');
        }
        const claims = {
          userId: payload.sub,
          sessionId: payload.sid,
          authMethod: payload.am as AuthMethod,
        };
        if (typeof payload.exp === 'number') {
          if (verified.size >= VERIFIED_CACHE_SIZE) {
            // Maps iterate in insertion order: drop the oldest
            const oldest = verified.keys().next();
            if (!oldest.done) verified.delete(oldest.value);
          }
          verified.set(token, { claims, expiresAtSecond: payload.exp });
        }
        return claims;
      } catch (error) {
        if (error instanceof errors.JWTExpired) {
          throw new AppError(ResultCode.ACCESS_TOKEN_EXPIRED, 'Access token expired');
        }
        throw new AppError(ResultCode.INVALID_SESSION, 'Invalid session');
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;

/** A refresh token is 256 random bits; only its hash is stored. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
