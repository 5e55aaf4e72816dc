import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createSecureServer, type Http2SecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { jwtVerify } from 'jose';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApnsSender, createFcmSender, nativePushSender } from './push-native';
import { createNativePushStandIn, type NativePushMessage } from './push-senders';

/**
 * The wrapper's push services as their APIs answer, played by local servers: an OAuth token
 * endpoint and FCM HTTP v1 that check the service account's signed grant and the message, and an
 * HTTP/2 APNs over TLS that checks the ES256 provider token, the topic and the payload.
 */
const message: NativePushMessage = {
  title: '새 에피소드',
  body: '북마크한 드라마에 새 에피소드가 올라왔어요',
  data: { url: '/1/9', tag: 'new_episode:1:9', sendId: '42', unsubscribeToken: 'u-token' },
};

const pemOf = (key: KeyObject) => key.export({ type: 'pkcs8', format: 'pem' }).toString();
const bodyOf = async (request: IncomingMessage | NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

describe('FCM HTTP v1', () => {
  const account = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const seen = { grants: 0, sends: [] as { path: string; auth: string; body: unknown }[] };
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      void (async () => {
        const text = await bodyOf(request);
        const reply = (status: number, json: unknown) => {
          response.writeHead(status, { 'content-type': 'application/json' });
          response.end(JSON.stringify(json));
        };
        if (request.url === '/token') {
          const form = new URLSearchParams(text);
          if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
            return reply(400, { error: 'unsupported_grant_type' });
          const { payload } = await jwtVerify(form.get('assertion') ?? '', account.publicKey, {
            issuer: 'push@demo.iam.gserviceaccount.com',
            audience: `${base}/token`,
          });
          if (payload.scope !== 'https://www.googleapis.com/auth/firebase.messaging')
            return reply(400, { error: 'invalid_scope' });
          seen.grants++;
          return reply(200, { access_token: 'fcm-access', expires_in: 3600 });
        }
        const auth = request.headers.authorization ?? '';
        const body = JSON.parse(text) as { message: { token: string } };
        seen.sends.push({ path: request.url ?? '', auth, body });
        if (auth !== 'Bearer fcm-access')
          return reply(401, { error: { status: 'UNAUTHENTICATED' } });
        if (body.message.token === 'expired')
          return reply(404, {
            error: { status: 'NOT_FOUND', details: [{ errorCode: 'UNREGISTERED' }] },
          });
        if (body.message.token === 'busy') return reply(503, { error: { status: 'UNAVAILABLE' } });
        return reply(200, { name: 'projects/demo/messages/1' });
      })().catch(() => {
        response.writeHead(401);
        response.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends with a token from the signed grant (asked once), and maps expired and busy tokens', async () => {
    const fcm = createFcmSender({
      projectId: 'demo',
      serviceAccount: {
        clientEmail: 'push@demo.iam.gserviceaccount.com',
        privateKey: pemOf(account.privateKey),
      },
      apiBase: base,
      tokenUrl: `${base}/token`,
    });
    expect(await fcm.send('fcm', 'device-1', message)).toEqual({ ok: true });
    expect(await fcm.send('fcm', 'expired', message)).toEqual({
      ok: false,
      gone: true,
      status: 404,
    });
    expect(await fcm.send('fcm', 'busy', message)).toEqual({ ok: false, gone: false, status: 503 });
    expect(seen.grants).toBe(1);
    expect(seen.sends[0]).toEqual({
      path: '/v1/projects/demo/messages:send',
      auth: 'Bearer fcm-access',
      body: {
        message: {
          token: 'device-1',
          notification: { title: message.title, body: message.body },
          data: message.data,
          android: { ttl: '86400s', collapse_key: message.data.tag },
        },
      },
    });
  });

  it('a refused grant or an unreachable service is a failure for now, never gone', async () => {
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const fcm = createFcmSender({
      projectId: 'demo',
      serviceAccount: {
        clientEmail: 'push@demo.iam.gserviceaccount.com',
        privateKey: pemOf(stranger.privateKey),
      },
      apiBase: base,
      tokenUrl: `${base}/token`,
    });
    expect(await fcm.send('fcm', 'device-1', message)).toEqual({
      ok: false,
      gone: false,
      status: null,
    });
  });
});

describe('APNs over HTTP/2', () => {
  const signing = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const seen: { path: string; headers: Record<string, unknown>; body: unknown }[] = [];
  let server: Http2SecureServer;
  let origin: string;
  let ca: string;
  beforeAll(async () => {
    const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
      keyType: 'ec',
      curve: 'P-256',
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
    });
    ca = pems.cert;
    server = createSecureServer({ key: pems.private, cert: pems.cert });
    server.on('stream', (stream, headers) => {
      void (async () => {
        const body = JSON.parse(await bodyOf(stream)) as unknown;
        const path = String(headers[':path']);
        seen.push({ path, headers: { ...headers }, body });
        const reply = (status: number, json?: unknown) => {
          stream.respond({ ':status': status, 'content-type': 'application/json' });
          stream.end(json ? JSON.stringify(json) : undefined);
        };
        const token = String(headers.authorization ?? '').replace(/^bearer /, '');
        const { protectedHeader } = await jwtVerify(token, signing.publicKey, {
          issuer: 'TEAM123456',
          algorithms: ['ES256'],
        });
        if (protectedHeader.kid !== 'KEY1234567' || headers['apns-topic'] !== 'com.snapdrama.app')
          return reply(403, { reason: 'InvalidProviderToken' });
        if (path.endsWith('/gone-token')) return reply(410, { reason: 'Unregistered' });
        if (path.endsWith('/not-a-token')) return reply(400, { reason: 'BadDeviceToken' });
        if (path.endsWith('/busy')) return reply(503, { reason: 'ServiceUnavailable' });
        return reply(200);
      })().catch(() => stream.close());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers with a provider token, the topic and an alert; maps gone, bad and busy tokens', async () => {
    const apns = createApnsSender({
      keyId: 'KEY1234567',
      teamId: 'TEAM123456',
      privateKey: pemOf(signing.privateKey),
      bundleId: 'com.snapdrama.app',
      origin,
      ca,
    });
    try {
      expect(await apns.send('apns', 'device-1', message)).toEqual({ ok: true });
      expect(await apns.send('apns', 'gone-token', message)).toEqual({
        ok: false,
        gone: true,
        status: 410,
      });
      expect(await apns.send('apns', 'not-a-token', message)).toEqual({
        ok: false,
        gone: true,
        status: 400,
      });
      expect(await apns.send('apns', 'busy', message)).toEqual({
        ok: false,
        gone: false,
        status: 503,
      });
    } finally {
      apns.close();
    }
    const first = seen[0];
    expect(first?.path).toBe('/3/device/device-1');
    expect(first?.headers).toMatchObject({
      ':method': 'POST',
      'apns-push-type': 'alert',
      'apns-topic': 'com.snapdrama.app',
      'apns-collapse-id': message.data.tag,
    });
    expect(first?.body).toEqual({
      aps: { alert: { title: message.title, body: message.body }, sound: 'default' },
      ...message.data,
    });
  });

  it('a provider token APNs does not accept is a failure for now', async () => {
    const stranger = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const apns = createApnsSender({
      keyId: 'KEY1234567',
      teamId: 'TEAM123456',
      privateKey: pemOf(stranger.privateKey),
      bundleId: 'com.snapdrama.app',
      origin,
      ca,
    });
    try {
      const outcome = await apns.send('apns', 'device-1', message);
      expect(outcome.ok).toBe(false);
      expect(outcome.ok === false && outcome.gone).toBe(false);
    } finally {
      apns.close();
    }
  });
});

it('each platform goes to its own service; one not configured goes to the stand-in', async () => {
  const standIn = createNativePushStandIn();
  const apnsCalls: string[] = [];
  const sender = nativePushSender(
    {
      apns: {
        send: (_platform, token) => {
          apnsCalls.push(token);
          return Promise.resolve({ ok: true });
        },
      },
    },
    standIn.sender,
  );
  await sender.send('apns', 'ios-token', message);
  await sender.send('fcm', 'android-token', message);
  expect(apnsCalls).toEqual(['ios-token']);
  expect(standIn.delivered.map((d) => d.token)).toEqual(['android-token']);
});
