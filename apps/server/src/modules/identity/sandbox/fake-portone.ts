import { randomBytes } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { loopbackListener } from '../../../http/loopback-server';

/**
 * A local stand-in of PortOne's identity verification API (V2) on a loopback port, speaking its
 * path, auth header, JSON shapes and error types. The real adapter is pointed at it in the
 * sandbox and in tests; the stand-in's page (identity-sandbox.routes.ts) plays the viewer's step
 * (the SDK's window) through the methods below. State is in memory; never in production.
 */

export const IDENTITY_SANDBOX_KEYS = {
  apiSecret: 'sandbox-portone-api-secret',
  storeId: 'store-sandbox-0000',
  channelKey: 'channel-key-sandbox-identity',
} as const;

interface CheckState {
  id: string;
  status: 'READY' | 'VERIFIED' | 'FAILED';
  requestedAt: string;
  updatedAt: string;
  birthDate: string | null;
  pgTxId: string;
}

export interface FakePortone {
  url(): Promise<string>;
  close(): Promise<void>;
  /** the SDK's window opened for this id: PortOne knows it as READY */
  open(id: string): void;
  /** the person finished the provider's step with this birth date */
  verify(id: string, birthDate: string): void;
  /** the person cancelled, or the provider refused */
  fail(id: string): void;
  /** what the API has answered, for tests */
  calls: { get: number };
}

export function createFakePortone(keys = IDENTITY_SANDBOX_KEYS): FakePortone {
  const checks = new Map<string, CheckState>();
  const calls = { get: 0 };
  const now = () => new Date().toISOString();
  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  /** a VERIFIED check as PortOne answers it: more than we read, so the adapter's filter is tested */
  const json = (c: CheckState) => ({
    status: c.status,
    id: c.id,
    channel: {
      type: 'TEST',
      id: 'channel-id-sandbox',
      key: keys.channelKey,
      name: 'sandbox',
      pgProvider: 'DANAL',
      pgMerchantId: 'sandbox',
    },
    ...(c.status === 'VERIFIED'
      ? {
          verifiedCustomer: {
            id: undefined,
            name: '홍길동',
            operator: 'SKT',
            phoneNumber: '01000000000',
            birthDate: c.birthDate,
            gender: 'MALE',
            isForeigner: false,
            ci: randomBytes(32).toString('base64'),
            di: randomBytes(32).toString('base64'),
          },
          verifiedAt: c.updatedAt,
          pgTxId: c.pgTxId,
          pgRawResponse: '{}',
        }
      : {}),
    ...(c.status === 'FAILED'
      ? { failure: { reason: 'Cancelled by the customer', pgCode: 'CANCEL', pgMessage: '취소' } }
      : {}),
    requestedAt: c.requestedAt,
    updatedAt: c.updatedAt,
    statusChangedAt: c.updatedAt,
    version: 'V2',
  });

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const match = /^\/identity-verifications\/([^/]+)$/.exec(url.pathname);
    if (request.method !== 'GET' || !match) {
      send(response, 404, { type: 'NOT_FOUND', message: 'unknown path' });
      return;
    }
    calls.get += 1;
    if (request.headers.authorization !== `PortOne ${keys.apiSecret}`) {
      send(response, 401, { type: 'UNAUTHORIZED', message: '인증 정보가 올바르지 않습니다.' });
      return;
    }
    const storeId = url.searchParams.get('storeId');
    if (storeId !== null && storeId !== keys.storeId) {
      send(response, 403, { type: 'FORBIDDEN', message: '요청이 거절되었습니다.' });
      return;
    }
    const check = checks.get(decodeURIComponent(match[1] ?? ''));
    if (!check) {
      send(response, 404, {
        type: 'IDENTITY_VERIFICATION_NOT_FOUND',
        message: '요청된 본인인증 건이 존재하지 않는 경우',
      });
      return;
    }
    send(response, 200, json(check));
  });
  server.keepAliveTimeout = 5_000;

  const update = (id: string, change: Partial<CheckState>) => {
    const check = checks.get(id);
    // a finished check stays as it was, as at PortOne
    if (!check || check.status !== 'READY') return;
    checks.set(id, { ...check, ...change, updatedAt: now() });
  };

  return {
    ...loopbackListener(server),
    open(id) {
      if (checks.has(id)) return;
      const at = now();
      checks.set(id, {
        id,
        status: 'READY',
        requestedAt: at,
        updatedAt: at,
        birthDate: null,
        pgTxId: `sandbox-${randomBytes(8).toString('hex')}`,
      });
    },
    verify(id, birthDate) {
      update(id, { status: 'VERIFIED', birthDate });
    },
    fail(id) {
      update(id, { status: 'FAILED' });
    },
    calls,
  };
}
