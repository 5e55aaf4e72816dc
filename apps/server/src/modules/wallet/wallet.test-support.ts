import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '@snapdrama/contract';
import { afterAll, expect } from 'vitest';
import type { TestContext } from '../../test/harness';
import { users } from '../auth/auth.tables';
import type { GrantRequest } from './wallet-ledger';
import { createWalletRepository } from './wallet.repository';
import { createWalletService } from './wallet.service';

export interface Member {
  userId: string;
  token: string;
}

/**
 * A signed-in (Google) user, made fast: the row directly, the session from the auth service, the
 * way a real sign-in ends. Suites about signing in use signInThroughSandbox (auth/testing), which
 * goes through the whole sandbox flow over HTTP.
 */
export async function signInMember(ctx: TestContext, nickname = 'Tester'): Promise<Member> {
  const [row] = await ctx.database.db
    .insert(users)
    .values({
      authMethod: 'google',
      providerSubject: `test-${randomUUID()}`,
      nickname,
      email: `${nickname.toLowerCase()}@example.test`,
      createdAt: ctx.clock.now(),
    })
    .returning({ id: users.id });
  if (!row) throw new Error('user insert returned nothing');
  const session = await ctx.services.auth.startSessionForUser(row.id);
  return { userId: row.id, token: session.accessToken };
}

/** A new session for the same member, e.g. after the test clock moved past the token's life. */
export async function signInAgain(ctx: TestContext, member: Member): Promise<Member> {
  const session = await ctx.services.auth.startSessionForUser(member.userId);
  return { userId: member.userId, token: session.accessToken };
}

export const auth = (who: { token: string }) => ({ authorization: `Bearer ${who.token}` });

/**
 * Coins given to a user the way a purchase ('paid') or an event ('bonus') gives them, under a
 * fresh idempotency key unless the test names one; another source (and its reference, as the
 * history's memo shows it) when the test names one.
 */
export function grantCoins(
  ctx: TestContext,
  userId: string,
  amount: number,
  kind: 'paid' | 'bonus' = 'bonus',
  extra: Partial<Pick<GrantRequest, 'validDays' | 'idempotencyKey' | 'source' | 'sourceRef'>> = {},
) {
  return ctx.services.wallet.grant({
    userId,
    kind,
    amount,
    source: kind === 'paid' ? 'purchase' : 'event',
    idempotencyKey: `test-${randomUUID()}`,
    ...extra,
  });
}

export function unlockRequest(
  app: FastifyInstance,
  who: { token: string } | undefined,
  payload: unknown,
) {
  return app.inject({
    method: 'POST',
    url: `${API_BASE}/drama/episode/unlock/coin`,
    headers: who ? auth(who) : {},
    payload: payload as object,
  });
}

/**
 * Dramas made for a test: `count` of them, `free` free episodes each, then `price` coins each
 * (each `durationSeconds` long when given). Returns their ids.
 */
export async function addUniformDramas(
  ctx: TestContext,
  options: {
    count: number;
    episodes: number;
    free: number;
    price: number;
    durationSeconds?: number;
  },
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < options.count; i++) {
    const slug = `test-drama-${randomUUID().slice(0, 8)}`;
    const id = await ctx.services.catalogRepo.upsertDrama(
      {
        slug,
        titleKey: `drama.${slug}.title`,
        descriptionKey: `drama.${slug}.description`,
        posterVerticalPath: '/resources/none.jpg',
        posterHorizontalPath: '/resources/none.jpg',
        episodeCount: options.episodes,
        registeredAt: ctx.clock.now(),
      },
      [],
      Array.from({ length: options.episodes }, (_, e) => ({
        number: e + 1,
        coin: e < options.free ? 0 : options.price,
        durationSeconds: options.durationSeconds,
        mediaPrefix: 'clips/none',
      })),
    );
    ids.push(id);
  }
  return ids;
}

/** The ledger invariant, as every wallet test file checks at its end. */
export async function expectLedgerBalanced(ctx: TestContext) {
  const check = await ctx.services.wallet.checkInvariant();
  expect(check.violations).toEqual([]);
  const t = check.totals;
  expect(t.granted).toBe(t.valid + t.expired + t.spent + t.refunded + t.revoked);
  return check;
}

/** The ledger invariant checked after the suite's last test (before its test context closes). */
export function expectLedgerBalancedAfterAll(ctx: TestContext) {
  afterAll(async () => {
    await expectLedgerBalanced(ctx);
  });
}

/**
 * Another wallet service over the test database, as another server's: told that `otherUnlocks`
 * were unlocked another way (an ad), with its own settings cache (`validityCacheMs`, when given).
 */
export function anotherWalletService(
  ctx: TestContext,
  options: { otherUnlocks?: number[]; validityCacheMs?: number } = {},
) {
  return createWalletService({
    repo: createWalletRepository(ctx.database.db),
    clock: ctx.clock,
    catalog: ctx.services.catalog,
    ageGate: ctx.services.identity,
    progress: {
      viewedEpisodes: () => Promise.resolve([]),
      otherUnlocks: () => Promise.resolve(options.otherUnlocks ?? []),
    },
    positions: { positionOf: () => Promise.resolve(undefined) },
    serviceTimeZone: 'Asia/Seoul',
    validityCacheMs: options.validityCacheMs,
  });
}
