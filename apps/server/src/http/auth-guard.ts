import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_TOKEN_COOKIE, ResultCode } from '@snapdrama/contract';
import { AppError } from '../errors';
import type { AuthContext, AuthService } from '../modules/auth/auth.service';
import type { AccessClaims } from '../modules/auth/tokens';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    /**
     * A token's verified claims whose session is NOT checked yet (requireToken, optionalToken):
     * only for routes that read their caller through AuthService.readForCaller.
     */
    claims: AccessClaims | null;
  }
}

/** The bearer token of the Authorization header, else the access_token cookie. */
export function readAccessToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim() || undefined;
  return request.cookies[ACCESS_TOKEN_COOKIE] || undefined;
}

export interface Guards {
  /** 401 without a valid session, 419 when the token expired. */
  requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** Anonymous callers pass; a token that is present must be valid. */
  optionalUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

/** Guards of routes that check the session in their own statement (decision 1300). */
export interface TokenGuards {
  /**
   * requireUser without the session lookup: sets request.claims (never request.auth), and the
   * route's own statement checks the session (AuthService.readForCaller, decision 1300).
   */
  requireToken: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** optionalUser likewise: anonymous callers pass, a token present must verify. */
  optionalToken: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

export function createGuards(auth: AuthService): Guards & TokenGuards {
  return {
    requireUser: async (request) => {
      const token = readAccessToken(request);
      if (!token) throw new AppError(ResultCode.INVALID_SESSION, 'Sign-in required');
      request.auth = await auth.authenticate(token);
    },
    optionalUser: async (request) => {
      const token = readAccessToken(request);
      if (token) request.auth = await auth.authenticate(token);
    },
    requireToken: async (request) => {
      const token = readAccessToken(request);
      if (!token) throw new AppError(ResultCode.INVALID_SESSION, 'Sign-in required');
      request.claims = await auth.verifyToken(token);
    },
    optionalToken: async (request) => {
      const token = readAccessToken(request);
      if (token) request.claims = await auth.verifyToken(token);
    },
  };
}

/** The signed-in caller of a route guarded by requireUser. */
export function caller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError(ResultCode.INVALID_SESSION, 'Sign-in required');
  return request.auth;
}

/** The token's claims on a route guarded by requireToken (its session is not checked yet). */
export function tokenClaims(request: FastifyRequest): AccessClaims {
  if (!request.claims) throw new AppError(ResultCode.INVALID_SESSION, 'Sign-in required');
  return request.claims;
}
