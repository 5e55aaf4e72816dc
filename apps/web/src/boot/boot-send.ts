import { API_BASE, REQUEST_TIMEOUT_MS } from '@snapdrama/contract';
import type { RawReply } from '../shared/api/api-client';

/**
 * One request of the boot script, as the app's client sends it (api-client.ts): JSON, cookies,
 * the bearer token when there is one, the client's timeout. The app reads the reply when it takes
 * the request over, so a failure is not reported as unhandled until then.
 */
export function bootSend(
  win: Pick<Window, 'fetch'>,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<RawReply> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  // the timeout by a timer: AbortSignal.timeout is missing from older iOS web views
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const reply = win
    .fetch(`${API_BASE}${path}`, {
      method: options.body === undefined ? 'GET' : 'POST',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'include',
      signal: controller.signal,
    })
    .then(async (response) => ({
      status: response.status,
      body: (await response.json().catch(() => null)) as RawReply['body'],
    }))
    .finally(() => clearTimeout(timer));
  reply.catch(() => undefined);
  return reply;
}
