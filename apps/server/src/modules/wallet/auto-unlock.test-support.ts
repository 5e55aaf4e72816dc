import type { FastifyInstance } from 'fastify';
import { API_BASE } from '@snapdrama/contract';
import { auth } from './wallet.test-support';

type Who = { token: string } | undefined;
const headers = (who: Who) => (who ? auth(who) : {});

export const setAutoUnlock = (app: FastifyInstance, who: Who, payload: unknown) =>
  app.inject({
    method: 'PUT',
    url: `${API_BASE}/user/auto-unlock`,
    headers: headers(who),
    payload: payload as object,
  });

export const autoUnlock = (app: FastifyInstance, who: Who, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: `${API_BASE}/drama/episode/unlock/auto`,
    headers: headers(who),
    payload: payload as object,
  });

export const undo = (app: FastifyInstance, who: Who, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: `${API_BASE}/drama/episode/unlock/undo`,
    headers: headers(who),
    payload: payload as object,
  });

export const savePosition = (
  app: FastifyInstance,
  who: Who,
  payload: { dramId: number; epsd: number; position: number; duration: number },
) =>
  app.inject({
    method: 'PUT',
    url: `${API_BASE}/drama/episode/position`,
    headers: headers(who),
    payload,
  });
