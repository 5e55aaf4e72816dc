import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

const negotiator = new Negotiator<Encoding | 'identity'>({
  supportedValues: [...ENCODINGS, 'identity'],
});

/** The encoding the client takes for this answer (br before gzip), or null for none. */
function acceptedEncoding(request: FastifyRequest): Encoding | null {
  const header = request.headers['accept-encoding'];
  const encoding = typeof header === 'string' ? negotiator.negotiate(header) : null;
  return encoding === 'identity' ? null : encoding;
}

/** The answer varies with Accept-Encoding, on top of what it already varied with. */
function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  void reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
}

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
    const encoding = acceptedEncoding(request);
    varyOnEncoding(reply);
    void reply.type('application/json; charset=utf-8');
    if (encoding === null) return toJson();
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

/* quality 5: within 1 % of 9's size on a page, in under a millisecond (pages and shared lists) */
const pagePackers: Record<Encoding, (html: string) => Promise<Buffer>> = {
  br: (html) =>
    promisify(brotliCompress)(html, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
      },
    }),
  gzip: (html) => promisify(gzip)(html, { level: 6 }),
};

/** Below this a JSON answer goes as it is: packing it would save less than a packet. */
const PACK_MIN_BYTES = 1024;

/**
 * Packs texts with `pagePackers` and keeps the packed bytes for the next request with the same
 * text, at most `maxEntries` texts (the oldest packed let go first). A text is its own key: the
 * same answer built anew for each request (a fresh copy from Redis, a page written per request)
 * is packed once.
 */
function keptPacks(maxEntries: number) {
  const packed = new Map<string, Partial<Record<Encoding, Promise<Buffer>>>>();
  return (text: string, encoding: Encoding): Promise<Buffer> => {
    let entry = packed.get(text);
    if (!entry) {
      entry = {};
      packed.set(text, entry);
      if (packed.size > maxEntries) {
        const oldest = packed.keys().next();
        if (!oldest.done) packed.delete(oldest.value);
      }
    }
    const forText = entry;
    return (forText[encoding] ??= pagePackers[encoding](text).catch((error: unknown) => {
      // a failed packing is not kept: the next request packs again
      delete forText[encoding];
      throw error;
    }));
  };
}

/**
 * Pages the server writes per request (the main page with its banner slide, a player link with
 * its preview and poster) are the same for every viewer of one link and language: packed once
 * per text. 128 pages of up to 50 KB (a player link with its inlined poster) keep under 10 MB.
 */
const packedPages = keptPacks(128);

/**
 * A page the server writes per request, compressed when the client takes br or gzip. The built
 * files are compressed at build time; these pages were the only HTML sent as is, and a player
 * link's page is the first thing a cold start waits for. Packing a 48 KB player link page costs
 * 2 to 3 ms of CPU on a slow machine, so the packed page is kept (decision 0500).
 */
export async function sendHtml(
  request: FastifyRequest,
  reply: FastifyReply,
  html: string,
): Promise<Buffer | string> {
  const encoding = acceptedEncoding(request);
  varyOnEncoding(reply);
  void reply.type('text/html; charset=utf-8');
  if (encoding === null) return html;
  const body = await packedPages(html, encoding);
  void reply.header('content-encoding', encoding);
  return body;
}

/**
 * JSON bodies that are the same for every viewer and asked for again and again (the catalog's
 * lists), sent compressed when the client takes br or gzip, packed once per body text and kept
 * (`keptPacks`): with the shared cache in Redis each request reads a fresh copy of the value, so
 * the value itself cannot be the key, while its text is the same. Per-viewer answers do not come
 * here (decision 0301).
 */
export function packedSharedJson(options: { maxEntries: number }) {
  const pack = keptPacks(options.maxEntries);
  return async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    json: string,
  ): Promise<Buffer | string> {
    void reply.type('application/json; charset=utf-8');
    if (json.length < PACK_MIN_BYTES) return json;
    const encoding = acceptedEncoding(request);
    varyOnEncoding(reply);
    if (encoding === null) return json;
    const body = await pack(json, encoding);
    void reply.header('content-encoding', encoding);
    return body;
  };
}
