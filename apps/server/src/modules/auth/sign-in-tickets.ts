import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { SOCIAL_METHODS, type SocialMethod } from '@snapdrama/contract';
import type { Clock } from '../../clock';
import type { VerifiedIdentity } from './providers/social-provider';

const ISSUER = 'snapdrama';
/** distinct from access tokens' audience: neither can stand in for the other */
const AUDIENCE = 'snapdrama-sign-in';
const TYPE = 'sign-in+jwt';

export interface SignInTicket {
  identity: VerifiedIdentity;
  jti: string;
  expiresAt: Date;
}

/**
 * The authId answered by /auth/check/user: a server-signed, short-lived statement "this caller
 * proved to be {method, subject}". /auth/login and /auth/join accept social sign-in only with one,
 * and only once (the jti is recorded when spent).
 */
export function createSignInTickets(options: { secret: string; ttlSeconds: number; clock: Clock }) {
  // a key of its own, derived from the server secret by purpose
  const key = new TextEncoder().encode(`sign-in-ticket:${options.secret}`);
  return {
    async issue(identity: VerifiedIdentity): Promise<string> {
      const now = Math.floor(options.clock.now().getTime() / 1000);
      return new SignJWT({ am: identity.method, email: identity.email, name: identity.name })
        .setProtectedHeader({ alg: 'HS256', typ: TYPE })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject(identity.subject)
        .setJti(randomUUID())
        .setIssuedAt(now)
        .setExpirationTime(now + options.ttlSeconds)
        .sign(key);
    },

    /** The ticket's identity, or null when forged, expired, malformed or for another method. */
    async verify(ticket: string, method: SocialMethod): Promise<SignInTicket | null> {
      try {
        const { payload, protectedHeader } = await jwtVerify(ticket, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          typ: TYPE,
          currentDate: options.clock.now(),
          clockTolerance: 0,
          requiredClaims: ['sub', 'jti', 'exp'],
        });
        const am = payload.am;
        if (
          protectedHeader.typ !== TYPE ||
          am !== method ||
          !(SOCIAL_METHODS as readonly unknown[]).includes(am)
        ) {
          return null;
        }
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.jti !== 'string' ||
          typeof payload.exp !== 'number'
        ) {
          return null;
        }
        return {
          identity: {
            method,
            subject: payload.sub,
            email: typeof payload.email === 'string' ? payload.email : null,
            name: typeof payload.name === 'string' ? payload.name : null,
          },
          jti: payload.jti,
          expiresAt: new Date(payload.exp * 1000),
        };
      } catch {
        return null;
      }
    },
  };
}

export type SignInTickets = ReturnType<typeof createSignInTickets>;
