import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

const negotiator = new Negotiator<Encoding | 'identity'>({
  supportedValues: [...ENCODINGS, 'identity'],
});
const packers: Record<Encoding, (json: string) => Promise<Buffer>> = {
  // quality 9: nearly the size of 11 at a small part of its time, off the event loop
  br: (json) =>
    promisify(brotliCompress)(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
  gzip: (json) => promisify(gzip)(json, { level: 9 }),
};

/**
 * A large JSON answer that is the same for everyone and changes rarely (the dictionary), sent
 * compressed when the client takes br or gzip. The service has no general response compression
 * (a proxy or CDN in front usually does it, and per-viewer reads would pay for it on every
 * request); this packs one answer once per value: `key` is the value's identity (the service's
 * cached object), so a new value is packed anew and an old one is let go with it.
 *
 * `toJson` gives exactly the body the route would serialize (the route checks it against its
 * schema there, so a packed body is checked once per value).
 */
export function compressedJson<K extends object>() {
  const packed = new WeakMap<K, Partial<Record<Encoding, Promise<Buffer>>>>();
  return async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: K,
    toJson: () => string,
  ): Promise<Buffer | string> {
    const header = request.headers['accept-encoding'];
    const encoding = typeof header === 'string' ? negotiator.negotiate(header) : null;
    const vary = reply.getHeader('vary');
    void reply
      .header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding')
      .type('application/json; charset=utf-8');
    if (encoding === null || encoding === 'identity') return toJson();
    let forKey = packed.get(key);
    if (!forKey) {
      forKey = {};
      packed.set(key, forKey);
    }
    const entry = forKey;
    const body = (entry[encoding] ??= packers[encoding](toJson()).catch((error: unknown) => {
      // a failed packing is not kept: the next request packs again
      delete entry[encoding];
      throw error;
    }));
    void reply.header('content-encoding', encoding);
    return body;
  };
}
