import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The small HTTP helpers the provider stand-ins share (they are served by one loopback server). */

/** One provider's stand-in: its HTTP side (given the path below its prefix) and its methods */
export interface StandIn<Api> {
  handle(request: IncomingMessage, response: ServerResponse, path: string): Promise<void>;
  api: Api;
}

/** counts one API call by name (the stand-ins' `calls`) */
export type CountCall = (name: string) => void;

export const id = (prefix: string, bytes = 12) => `${prefix}${randomBytes(bytes).toString('hex')}`;

/** The request body as text (stream events, not `for await`: cheaper on every confirmation) */
export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.once('error', reject);
  });
}

export function send(response: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

export const safeEqual = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** PayPal's error body (its Orders and its Billing stand-ins both answer with it) */
export const paypalError = (status: number, issue: string, description: string) => ({
  status,
  body: {
    name: status === 404 ? 'RESOURCE_NOT_FOUND' : 'UNPROCESSABLE_ENTITY',
    message: description,
    details: [{ issue, description }],
  },
});
