import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_TOKEN_COOKIE, ResultCode } from '@snapdrama/contract';
import { AppError } from '../errors';
import type { AuthContext, AuthService } from '../modules/auth/auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
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

export function createGuards(auth: AuthService): Guards {
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
  };
}

/** The signed-in caller of a route guarded by requireUser. */
export function caller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError(ResultCode.INVALID_SESSION, 'Sign-in required');
  return request.auth;
}
