import { SignJWT, jwtVerify } from 'jose';
import { ResultCode } from '@snapdrama/contract';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';

/** Console tokens are signed with the same key as viewers' but for another audience. */
const ISSUER = 'snapdrama';
export const OPERATOR_AUDIENCE = 'snapdrama-console';

export interface OperatorClaims {
  operatorId: string;
  sessionId: string;
}

export function createOperatorTokens(options: { secret: string; clock: Clock }) {
  const key = new TextEncoder().encode(options.secret);
  return {
    async issue(claims: OperatorClaims, expiresAt: Date): Promise<string> {
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.operatorId)
        .setIssuer(ISSUER)
        .setAudience(OPERATOR_AUDIENCE)
        .setIssuedAt(Math.floor(options.clock.now().getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    /** A viewer's token (other audience), a forged or expired one: all 401 OPERATOR_SESSION_INVALID. */
    async verify(token: string): Promise<OperatorClaims> {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: OPERATOR_AUDIENCE,
          algorithms: ['HS256'],
          currentDate: options.clock.now(),
          clockTolerance: 0,
        });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') throw new Error();
        return { operatorId: payload.sub, sessionId: payload.sid };
      } catch {
        throw new AppError(ResultCode.OPERATOR_SESSION_INVALID, 'Operator sign-in required');
      }
    },
  };
}

export type OperatorTokens = ReturnType<typeof createOperatorTokens>;
