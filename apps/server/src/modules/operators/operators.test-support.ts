import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect } from 'vitest';
import {
  ACCESS_TOKEN_COOKIE,
  API_BASE,
  OPERATOR_ROLES,
  OPERATOR_TOKEN_COOKIE,
  ResultCode,
  adminPaths,
  type OperatorRole,
} from '@snapdrama/contract';
import type { Services } from '../../app';
import type { ManualClock } from '../../clock';
import { bearer, joinGuest, rowsOf, type TestContext } from '../../test/harness';
import { signInMember } from '../wallet/wallet.test-support';
import { totpCode } from './totp';

export interface OperatorCaller {
  operatorId: string;
  email: string;
  password: string;
  role: OperatorRole;
  token: string;
  /** `{ authorization: 'Bearer ...' }` for app.inject */
  headers: { authorization: string };
  /** `{ operator_token: ... }` for app.inject's `cookies` (the console's way) */
  cookies: Record<string, string>;
  totpSecret: string | null;
}

/**
 * Creates an operator with `role` and signs it in through the real sign-in route. For route tests:
 * `const admin = await signInOperator(ctx, 'admin'); app.inject({ ..., headers: admin.headers })`.
 */
export async function signInOperator(
  ctx: { app: FastifyInstance; services: Pick<Services, 'operators'>; clock?: ManualClock },
  role: OperatorRole,
  options: { email?: string; password?: string; totp?: boolean } = {},
): Promise<OperatorCaller> {
  const email = options.email ?? `${role}-${randomUUID().slice(0, 8)}@ops.test`;
  const password = options.password ?? 'correct horse battery';
  const created = await ctx.services.operators.create(
    { email, role, password, totp: options.totp },
    null,
  );
  const now = ctx.clock?.now() ?? new Date();
  const response = await ctx.app.inject({
    method: 'POST',
    url: `${API_BASE}${adminPaths.signIn()}`,
    payload: {
      email,
      password,
      ...(created.totpSecret ? { totp: totpCode(created.totpSecret, now) } : {}),
    },
  });
  if (response.statusCode !== 200) throw new Error(`operator sign-in failed: ${response.body}`);
  const token = response.json<{ data: { accessToken: string } }>().data.accessToken;
  return {
    operatorId: created.operator.operatorId,
    email,
    password,
    role,
    token,
    headers: { authorization: `Bearer ${token}` },
    cookies: { [OPERATOR_TOKEN_COOKIE]: token },
    totpSecret: created.totpSecret,
  };
}

/**
 * An operator of `role` for the suite around the call, signed in before its first test (after the
 * suite's test context is built); its fields are filled in once the suite starts.
 */
export function useOperator(ctx: TestContext, role: OperatorRole): OperatorCaller {
  const operator = {} as OperatorCaller;
  beforeAll(async () => {
    Object.assign(operator, await signInOperator(ctx, role));
  }, 120_000);
  return operator;
}

export interface OperatorRouteRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
}

/** The suite's console calls: by an operator, to a path below the API's /admin, with a payload if any. */
export function adminCaller(ctx: TestContext) {
  return (
    who: OperatorCaller,
    method: OperatorRouteRequest['method'],
    path: string,
    payload?: unknown,
  ) =>
    ctx.app.inject({
      method,
      url: `${API_BASE}/admin${path}`,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

/**
 * A console call by an operator (signed in later, hence the getter) that must succeed: its data,
 * after a 200. `url` is the whole path.
 */
export function operatorCall(ctx: TestContext, who: () => OperatorCaller) {
  return async <T>(
    method: OperatorRouteRequest['method'],
    url: string,
    payload?: unknown,
  ): Promise<T> => {
    const reply = await ctx.app.inject({
      method,
      url,
      headers: who().headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<{ data: T }>().data;
  };
}

/** A console read by a newly signed-in admin (a path below /admin): its data, after a 200. */
export function adminReader(ctx: TestContext) {
  return async <T>(path: string): Promise<T> => {
    const admin = await signInOperator(ctx, 'admin');
    const r = await adminCaller(ctx)(admin, 'GET', path);
    expect(r.statusCode, r.body).toBe(200);
    return r.json<{ data: T }>().data;
  };
}

/**
 * Checks that a route refuses everyone but the listed roles: no token, a guest's token, a signed-in
 * viewer's token (401122 each), and an operator of every other role (403120). The route's handler
 * must not run for them: pass `unchanged` to compare some state before and after.
 */
export async function expectOperatorOnly(
  ctx: TestContext,
  request: OperatorRouteRequest,
  allowed: readonly OperatorRole[],
  unchanged?: () => Promise<unknown>,
): Promise<void> {
  const before = unchanged ? await unchanged() : undefined;
  const send = (headers: Record<string, string>) =>
    ctx.app.inject({
      method: request.method,
      url: request.url,
      headers,
      ...(request.payload === undefined ? {} : { payload: request.payload as object }),
    });
  const guest = await joinGuest(ctx.app);
  const viewer = await signInMember(ctx, 'Viewer');
  for (const [who, headers] of [
    ['nobody', {}],
    ['a guest', bearer(guest)],
    ['a signed-in viewer', { authorization: `Bearer ${viewer.token}` }],
    ['a viewer cookie', { cookie: `${ACCESS_TOKEN_COOKIE}=${viewer.token}` }],
  ] as const) {
    const response = await send(headers);
    expect(response.statusCode, `${who}: ${response.body}`).toBe(401);
    expect(response.json<{ code: number }>().code, who).toBe(ResultCode.OPERATOR_SESSION_INVALID);
  }
  for (const role of OPERATOR_ROLES.filter((r) => !allowed.includes(r))) {
    const operator = await signInOperator(ctx, role);
    const response = await send(operator.headers);
    expect(response.statusCode, `${role}: ${response.body}`).toBe(403);
    expect(response.json<{ code: number }>().code, role).toBe(ResultCode.OPERATOR_ROLE_FORBIDDEN);
  }
  if (unchanged) expect(await unchanged()).toEqual(before);
}

/** How many audit entries the action has (every action's, without one). */
export async function auditCount(ctx: TestContext, action?: string): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    ctx,
    action
      ? sql`select count(*)::int as n from audit_log where action = ${action}`
      : sql`select count(*)::int as n from audit_log`,
  );
  return row?.n ?? -1;
}
