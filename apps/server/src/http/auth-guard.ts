import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_TOKEN_COOKIE, OPERATOR_TOKEN_COOKIE, ResultCode } from '@snapdrama/contract';
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
    requireUser: sessionGuard('viewer', async (request) => {
      const token = readAccessToken(request);
      if (!token) throw new AppError(ResultCode.INVALID_SESSION, 'Sign-in required');
      request.auth = await auth.authenticate(token);
    }),
    optionalUser: sessionGuard('optional', async (request) => {
      const token = readAccessToken(request);
      if (token) request.auth = await auth.authenticate(token);
    }),
    requireToken: sessionGuard('viewer', async (request) => {
      const token = readAccessToken(request);
      if (!token) throw new AppError(ResultCode.INVALID_SESSION, 'Sign-in required');
      request.claims = await auth.verifyToken(token);
    }),
    optionalToken: sessionGuard('optional', async (request) => {
      const token = readAccessToken(request);
      if (token) request.claims = await auth.verifyToken(token);
    }),
  };
}

type GuardHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
/** Who a guard admits: a viewer's session, an operator's, or anyone (a token present must verify). */
export type GuardKind = 'viewer' | 'operator' | 'optional';

const SESSION_GUARDS = new WeakMap<object, GuardKind>();

/**
 * Marks a route guard, so that wherever a route lists it (`preHandler: guards.requireUser`) it
 * runs in the route's onRequest instead (registerEarlyGuards): the session is checked before the
 * body is read or validated, and before the rate limit picks its key.
 */
export function sessionGuard<T extends GuardHandler>(kind: GuardKind, guard: T): T {
  SESSION_GUARDS.set(guard, kind);
  return guard;
}

/** The OpenAPI security requirement of each kind of required session. */
const SECURITY: Record<Exclude<GuardKind, 'optional'>, Record<string, string[]>[]> = {
  viewer: [{ bearer: [] }],
  operator: [{ operatorBearer: [] }, { operatorCookie: [] }],
};

/** The OpenAPI security schemes SECURITY names (for @fastify/swagger's components). */
export const SECURITY_SCHEMES = {
  bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
  operatorBearer: { type: 'http', scheme: 'bearer', description: 'operator session token' },
  operatorCookie: { type: 'apiKey', in: 'cookie', name: OPERATOR_TOKEN_COOKIE },
} as const;

/**
 * Auth before parsing (issue 39): every marked guard a route lists as a preHandler moves to the
 * route's onRequest hooks, and a route that needs a session says so in the OpenAPI document.
 * Must be registered before the rate limiter, whose hook then runs after the guard.
 */
export function registerEarlyGuards(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const pre: unknown[] = route.preHandler === undefined ? [] : [route.preHandler].flat();
    const guards = pre.filter(
      (h): h is GuardHandler => typeof h === 'function' && SESSION_GUARDS.has(h),
    );
    if (guards.length === 0) return;
    const rest = pre.filter((h) => !guards.includes(h as GuardHandler));
    route.preHandler = rest.length > 0 ? (rest as typeof route.preHandler) : undefined;
    const early: unknown[] = route.onRequest === undefined ? [] : [route.onRequest].flat();
    route.onRequest = [...early, ...guards] as typeof route.onRequest;
    const required = guards
      .map((g) => SESSION_GUARDS.get(g))
      .find((kind): kind is 'viewer' | 'operator' => kind !== undefined && kind !== 'optional');
    if (required) route.schema = { ...route.schema, security: SECURITY[required] };
  });
}

/**
 * The rate-limit key of a request (issue 39): the user or operator a guard has verified, else the
 * client address (as TRUSTED_PROXIES yields it). An unverified token is never a key: each made-up
 * token would buy a fresh budget.
 */
export function rateLimitKey(request: FastifyRequest): string {
  const viewer = request.auth?.userId ?? request.claims?.userId;
  if (viewer) return `u:${viewer}`;
  if (request.operator) return `o:${request.operator.operatorId}`;
  return request.ip;
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
