import { createPublicKey, type KeyObject } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import { jwtVerify } from 'jose';
import type { FakeAppStore } from './apple-store.fake';

/**
 * The App Store Server API's "Get Transaction Info" on a loopback port, answering from the stand-in
 * App Store (which remembers refunds, delivered or not). It checks the bearer token as Apple does:
 * ES256 by the configured key (header kid), issuer, audience appstoreconnect-v1, bid. `outage`
 * makes it fail the way Apple can: the connection drops, a 5xx, or no answer at all.
 */
export type AppleApiOutage = 'network' | 'server_error' | 'hang' | undefined;

export interface FakeAppStoreServer {
  /** starts listening on first use */
  url(): Promise<string>;
  close(): Promise<void>;
  /** "GET /inApps/v1/transactions/{id}" per call, in order */
  requests: string[];
  outage: AppleApiOutage;
}

const TRANSACTION_PATH = /^\/inApps\/v1\/transactions\/([^/]+)$/;

function send(res: ServerResponse, status: number, body?: unknown) {
  if (body === undefined) {
    res.writeHead(status, { 'content-length': 0 });
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function createFakeAppStoreServer(options: {
  store: () => Promise<FakeAppStore>;
  issuerId: string;
  keyId: string;
  publicKey: KeyObject | string;
  bundleId: string;
}): FakeAppStoreServer {
  const publicKey =
    typeof options.publicKey === 'string' ? createPublicKey(options.publicKey) : options.publicKey;
  const sockets = new Set<Socket>();
  let listening: Promise<string> | undefined;
  let server: Server | undefined;

  const fake: FakeAppStoreServer = {
    requests: [],
    outage: undefined,
    url() {
      listening ??= new Promise<string>((resolve, reject) => {
        server = createServer((req, res) => {
          void handle(req.method ?? '', req.url ?? '/', req.headers.authorization, res).catch(() =>
            send(res, 500, { errorCode: 5000000, errorMessage: 'An unknown error occurred.' }),
          );
        });
        server.on('connection', (socket) => {
          sockets.add(socket);
          socket.once('close', () => sockets.delete(socket));
        });
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => {
          const { port } = server?.address() as AddressInfo;
          resolve(`http://127.0.0.1:${port}`);
        });
      });
      return listening;
    },
    async close() {
      const running = server;
      if (!running) return;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => running.close(() => resolve()));
      server = undefined;
      listening = undefined;
    },
  };

  async function handle(
    method: string,
    rawUrl: string,
    authorization: string | undefined,
    res: ServerResponse,
  ) {
    const path = new URL(rawUrl, 'http://stand-in').pathname;
    fake.requests.push(`${method} ${path}`);
    if (fake.outage === 'network') {
      res.socket?.destroy();
      return;
    }
    if (fake.outage === 'hang') return;
    if (fake.outage === 'server_error') {
      return send(res, 500, { errorCode: 5000000, errorMessage: 'An unknown error occurred.' });
    }
    // Apple answers 401 with no body to a missing, expired or foreign token
    const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    try {
      const { payload, protectedHeader } = await jwtVerify(token ?? '', publicKey, {
        algorithms: ['ES256'],
        issuer: options.issuerId,
        audience: 'appstoreconnect-v1',
        requiredClaims: ['iat', 'exp'],
      });
      if (protectedHeader.kid !== options.keyId || payload.bid !== options.bundleId) {
        throw new Error('kid or bid');
      }
    } catch {
      return send(res, 401);
    }
    const match = TRANSACTION_PATH.exec(path);
    if (method !== 'GET' || !match) {
      return send(res, 404, { errorCode: 4040000, errorMessage: 'Not found.' });
    }
    const id = decodeURIComponent(match[1] ?? '');
    if (!/^\d+$/.test(id)) {
      return send(res, 400, { errorCode: 4000006, errorMessage: 'Invalid transaction id.' });
    }
    const signed = await (await options.store()).signedTransactionInfo(id);
    if (!signed) {
      return send(res, 404, { errorCode: 4040010, errorMessage: 'Transaction id not found.' });
    }
    return send(res, 200, { signedTransactionInfo: signed });
  }

  return fake;
}
