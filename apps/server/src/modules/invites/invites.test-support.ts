import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '@snapdrama/contract';
import { bearer, joinGuest, type Caller } from '../../test/harness';
import { ALL_AGREED, sandboxTicket } from '../auth/testing/sandbox-sign-in';

export interface Viewer {
  userId: string;
  token: string;
  /** the browser's guest id it joined from */
  deviceId: string;
}
export const authOf = (who: { token: string }) => ({ authorization: `Bearer ${who.token}` });

/**
 * A newcomer the way the web app makes one: a guest on `deviceId`, then a social join carrying
 * the invite code, from `address`.
 */
export async function joinThroughInvite(
  app: FastifyInstance,
  options: {
    code?: string;
    deviceId?: ReturnType<typeof randomUUID>;
    address?: string;
    guest?: Caller;
  } = {},
): Promise<Viewer> {
  const deviceId = options.deviceId ?? randomUUID();
  const guest = options.guest ?? (await joinGuest(app, deviceId));
  const ticket = await sandboxTicket(
    app,
    'google',
    `friend-${randomUUID().slice(0, 8)}@sandbox.test`,
  );
  const res = await app.inject({
    method: 'POST',
    url: `${API_BASE}/auth/join`,
    headers: bearer(guest),
    remoteAddress: options.address ?? '203.0.113.1',
    payload: {
      authMthd: 'google',
      authId: ticket.authId,
      ...ALL_AGREED,
      ...(options.code === undefined ? {} : { invtCd: options.code }),
    },
  });
  if (res.statusCode !== 200) throw new Error(`join failed: ${res.body}`);
  const token = res.json<{ data: { access_token: string } }>().data.access_token;
  const info = await app.inject({
    method: 'GET',
    url: `${API_BASE}/user/info`,
    headers: authOf({ token }),
  });
  const userId = info.json<{ data: { user: { user_id: string } } }>().data.user.user_id;
  return { userId, token, deviceId: guest.guestId };
}

export async function myInvite(app: FastifyInstance, who: { token: string }) {
  const res = await app.inject({
    method: 'GET',
    url: `${API_BASE}/invite/me`,
    headers: authOf(who),
  });
  if (res.statusCode !== 200) throw new Error(`invite/me failed: ${res.body}`);
  return res.json<{
    data: { invtCd: string; invtPath: string; joinedCnt: number; rewardedCnt: number };
  }>().data;
}

/** Starts episode 1 of drama 1 (free) and returns its watch log id. */
export async function startFirstEpisode(app: FastifyInstance, who: { token: string }) {
  const res = await app.inject({
    method: 'POST',
    url: `${API_BASE}/drama/episode`,
    headers: authOf(who),
    payload: { dramId: 1, epsd: 1 },
  });
  if (res.statusCode !== 200) throw new Error(`episode start failed: ${res.body}`);
  return res.json<{ data: { logId: string } }>().data.logId;
}

export function endEpisode(app: FastifyInstance, who: { token: string }, logId: string) {
  return app.inject({
    method: 'PUT',
    url: `${API_BASE}/drama/episode`,
    headers: authOf(who),
    payload: { logId },
  });
}
