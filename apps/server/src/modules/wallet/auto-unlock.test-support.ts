import type { FastifyInstance } from 'fastify';
import { API_BASE } from '@snapdrama/contract';
import { auth } from './wallet.test-support';

type Who = { token: string } | undefined;

/** A viewer's (or, without one, an anonymous) call to one route with a JSON body. */
const viewerCall =
  <Payload = unknown>(method: 'PUT' | 'POST', path: string) =>
  (app: FastifyInstance, who: Who, payload: Payload) =>
    app.inject({
      method,
      url: `${API_BASE}${path}`,
      headers: who ? auth(who) : {},
      payload: payload as object,
    });

export const setAutoUnlock = viewerCall('PUT', '/user/auto-unlock');

export const autoUnlock = viewerCall('POST', '/drama/episode/unlock/auto');

export const undo = viewerCall('POST', '/drama/episode/unlock/undo');

export const savePosition = viewerCall<{
  dramId: number;
  epsd: number;
  position: number;
  duration: number;
}>('PUT', '/drama/episode/position');
