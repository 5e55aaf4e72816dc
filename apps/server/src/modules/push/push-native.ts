import { connect, constants as h2, type ClientHttp2Session } from 'node:http2';
import { importPKCS8, SignJWT } from 'jose';
import type { PushNativePlatform } from '@snapdrama/contract';
import type { NativePushMessage, NativePushSender, PushOutcome } from './push-senders';

/**
 * The app wrapper's push services, spoken as their HTTP APIs are documented: FCM HTTP v1 for
 * Android (`POST /v1/projects/{project}/messages:send` with an OAuth token from a service
 * account's JWT grant) and APNs for iOS (HTTP/2 `POST /3/device/{token}` with an ES256 provider
 * token). Each answer maps to PushOutcome: delivered, gone (the token is dropped), or failed for
 * now (retried by the send job).
 */

const REQUEST_TIMEOUT_MS = 10_000;

export interface FcmOptions {
  projectId: string;
  serviceAccount: { clientEmail: string; privateKey: string };
  /** https://fcm.googleapis.com (a local server in tests) */
  apiBase: string;
  /** https://oauth2.googleapis.com/token (a local server in tests) */
  tokenUrl: string;
}

/** FCM's scope for sending messages. */
const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

/**
 * FCM HTTP v1. The access token (an hour's) is kept and asked again five minutes before it ends.
 * A token FCM no longer knows answers 404 UNREGISTERED (or 400 INVALID_ARGUMENT for one that is
 * not a registration token at all): gone. 429 and 5xx are for later.
 */
export function createFcmSender(options: FcmOptions): NativePushSender {
  let access: { token: string; until: number } | undefined;
  const key = importPKCS8(options.serviceAccount.privateKey, 'RS256');

  async function accessToken(): Promise<string> {
    if (access && access.until > Date.now()) return access.token;
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ scope: FCM_SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(options.serviceAccount.clientEmail)
      .setAudience(options.tokenUrl)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(await key);
    const response = await fetch(options.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion,
      }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`FCM token: HTTP ${response.status}`);
    const body = (await response.json()) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string') throw new Error('FCM token: no access_token');
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    access = { token: body.access_token, until: Date.now() + (seconds - 300) * 1000 };
    return access.token;
  }

  return {
    async send(_platform, token, message): Promise<PushOutcome> {
      let response: Response;
      try {
        const url = `${options.apiBase}/v1/projects/${encodeURIComponent(options.projectId)}/messages:send`;
        response = await fetch(url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${await accessToken()}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            message: {
              token,
              notification: { title: message.title, body: message.body },
              // FCM's data values are strings; the wrapper hands them to the web app on a tap
              data: message.data,
              android: { ttl: '86400s', collapse_key: message.data.tag },
            },
          }),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch {
        return { ok: false, gone: false, status: null };
      }
      if (response.ok) return { ok: true };
      const error = (await response.json().catch(() => ({}))) as {
        error?: { status?: unknown; details?: { errorCode?: unknown }[] };
      };
      const codes = [error.error?.status, ...(error.error?.details ?? []).map((d) => d.errorCode)];
      const gone =
        response.status === 404 ||
        codes.includes('UNREGISTERED') ||
        (response.status === 400 && codes.includes('INVALID_ARGUMENT'));
      return { ok: false, gone, status: response.status };
    },
  };
}

export interface ApnsOptions {
  /** the key's id in Apple's developer account (the provider token's `kid`) */
  keyId: string;
  teamId: string;
  /** the .p8 key (PKCS #8 PEM, P-256) */
  privateKey: string;
  /** the app's bundle id: the apns-topic */
  bundleId: string;
  /** https://api.push.apple.com, or api.sandbox.push.apple.com for development builds */
  origin: string;
  /** tests: a certificate authority the local server's certificate is signed by */
  ca?: string;
}

/** APNs reasons of a 400 that mean the token is no app's (it is dropped, not retried). */
const APNS_GONE_REASONS = new Set(['BadDeviceToken', 'DeviceTokenNotForTopic', 'Unregistered']);

/**
 * APNs over one HTTP/2 connection, opened on the first send and again after it closes. The
 * provider token is made again every 40 minutes (Apple refuses one older than an hour and one
 * made more often than every 20 minutes). 410 Unregistered and a bad token: gone.
 */
export function createApnsSender(options: ApnsOptions) {
  let session: ClientHttp2Session | undefined;
  let provider: { token: string; until: number } | undefined;
  const key = importPKCS8(options.privateKey, 'ES256');

  async function providerToken(): Promise<string> {
    if (provider && provider.until > Date.now()) return provider.token;
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: options.keyId })
      .setIssuer(options.teamId)
      .setIssuedAt()
      .sign(await key);
    provider = { token, until: Date.now() + 40 * 60_000 };
    return token;
  }

  function connection(): ClientHttp2Session {
    if (session && !session.closed && !session.destroyed) return session;
    const opened = connect(options.origin, options.ca ? { ca: options.ca } : {});
    opened.on('error', () => opened.destroy());
    opened.on('goaway', () => opened.close());
    // an idle connection does not keep the process alive
    opened.unref();
    session = opened;
    return opened;
  }

  function post(path: string, headers: Record<string, string>, body: string) {
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const stream = connection().request({
        [h2.HTTP2_HEADER_METHOD]: 'POST',
        [h2.HTTP2_HEADER_PATH]: path,
        ...headers,
      });
      stream.setTimeout(REQUEST_TIMEOUT_MS, () => stream.close(h2.NGHTTP2_CANCEL));
      let status = 0;
      const chunks: Buffer[] = [];
      stream.on('response', (h) => (status = Number(h[h2.HTTP2_HEADER_STATUS])));
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => resolve({ status, body: Buffer.concat(chunks).toString('utf8') }));
      stream.on('error', reject);
      stream.on('close', () => {
        if (status === 0) reject(new Error('APNs: the stream closed without an answer'));
      });
      stream.end(body);
    });
  }

  const sender: NativePushSender = {
    async send(_platform, token, message): Promise<PushOutcome> {
      let answer: { status: number; body: string };
      try {
        answer = await post(
          `/3/device/${encodeURIComponent(token)}`,
          {
            authorization: `bearer ${await providerToken()}`,
            'apns-topic': options.bundleId,
            'apns-push-type': 'alert',
            'apns-priority': '10',
            'apns-expiration': String(Math.floor(Date.now() / 1000) + 24 * 3600),
            'apns-collapse-id': message.data.tag.slice(0, 64),
            'content-type': 'application/json',
          },
          JSON.stringify({
            aps: { alert: { title: message.title, body: message.body }, sound: 'default' },
            ...message.data,
          }),
        );
      } catch {
        return { ok: false, gone: false, status: null };
      }
      if (answer.status === 200) return { ok: true };
      let reason: unknown;
      try {
        reason = (JSON.parse(answer.body) as { reason?: unknown }).reason;
      } catch {
        reason = undefined;
      }
      // an expired provider token is made again on the next send
      if (reason === 'ExpiredProviderToken') provider = undefined;
      const gone =
        answer.status === 410 ||
        (answer.status === 400 && typeof reason === 'string' && APNS_GONE_REASONS.has(reason));
      return { ok: false, gone, status: answer.status };
    },
  };
  return {
    ...sender,
    close() {
      session?.close();
    },
  };
}

/**
 * One sender for both platforms: each configured service speaks for its platform, the other
 * platform goes to `fallback` (the stand-in on a demo, which keeps what it was asked to send).
 */
export function nativePushSender(
  senders: Partial<Record<PushNativePlatform, NativePushSender>>,
  fallback: NativePushSender,
): NativePushSender {
  return {
    send(platform: PushNativePlatform, token: string, message: NativePushMessage) {
      return (senders[platform] ?? fallback).send(platform, token, message);
    },
  };
}
