import { createECDH, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import { createServer, Agent } from 'node:https';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';
import { generate } from 'selfsigned';
import type { PushPayload } from '@snapdrama/contract';

/** A browser's side of a push subscription: its keys decrypt what the push service delivers. */
export interface TestBrowser {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  authSecret: string;
}

export interface Delivery {
  endpoint: string;
  payload: PushPayload;
  /** the VAPID Authorization header's `k` (our public key) */
  vapidKey: string | undefined;
  ttl: string | undefined;
}

/**
 * A local push service (what FCM or Mozilla's autopush are to browsers) over HTTPS with a
 * certificate made for the test: each endpoint answers 201 and its payload is decrypted with the
 * subscriber's keys (RFC 8291 aes128gcm), or answers a status the test chose (410: expired).
 */
export async function startLocalPushService() {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const browsers = new Map<string, TestBrowser>();
  const answers = new Map<string, number>();
  const deliveries: Delivery[] = [];
  const server = createServer({ key: pems.private, cert: pems.cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const endpoint = `${origin}${request.url ?? ''}`;
      const browser = browsers.get(endpoint);
      const status = answers.get(endpoint) ?? (browser ? 201 : 404);
      if (status === 201 && browser) {
        const plain = decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: browser.ecdh,
          authSecret: browser.authSecret,
        });
        const authorization = request.headers.authorization ?? '';
        deliveries.push({
          endpoint,
          payload: JSON.parse(plain.toString('utf8')) as PushPayload,
          vapidKey: /k=([A-Za-z0-9_-]+)/.exec(authorization)?.[1],
          ttl: request.headers.ttl as string | undefined,
        });
      }
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** trusts this service's certificate (the app's pushAgent) */
    agent: new Agent({ ca: pems.cert }),
    deliveries,
    /** a new browser subscription at this service */
    browser(): TestBrowser {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16).toString('base64url');
      const endpoint = `${origin}/push/${randomUUID()}`;
      const browser = {
        endpoint,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret },
        ecdh,
        authSecret,
      };
      browsers.set(endpoint, browser);
      return browser;
    },
    /** the push service answers this status for the endpoint from now on */
    answer(endpoint: string, status: number) {
      answers.set(endpoint, status);
    },
    deliveriesTo(endpoint: string) {
      return deliveries.filter((d) => d.endpoint === endpoint);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type LocalPushService = Awaited<ReturnType<typeof startLocalPushService>>;
