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

/** Short-lived signed access tokens (HS256 JWT). Expired: 419; anything else wrong: 401. */
export function createAccessTokens(options: { secret: string; ttlSeconds: number; clock: Clock }) {
  const key = new TextEncoder().encode(options.secret);
  return {
    async issue(claims: AccessClaims): Promise<string> {
      const now = Math.floor(options.clock.now().getTime() / 1000);
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
        return {
          userId: payload.sub,
          sessionId: payload.sid,
          authMethod: payload.am as AuthMethod,
        };
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
