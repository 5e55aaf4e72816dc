import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dictionaryData, dictionaryParams, envelope } from '@snapdrama/contract';
import { compressedJson } from '../../http/compressed';
import { ok } from '../../http/reply';
import type { I18nService } from './i18n.service';

const dictionaryEnvelope = envelope(dictionaryData);

export function i18nRoutes(deps: { i18n: I18nService }): FastifyPluginAsyncZod {
  // every cold start reads its ~30 KB before the first render: sent packed (br or gzip), packed
  // once per cached dictionary, after the contract's check
  const send = compressedJson<object>();
  return async (app) => {
    app.get(
      '/auth/dictionary/:langCode',
      { schema: { params: dictionaryParams, response: { 200: dictionaryEnvelope } } },
      async (request, reply) => {
        void reply.header('cache-control', 'public, max-age=60');
        const data = await deps.i18n.dictionary(request.params.langCode);
        const body = await send(request, reply, data.dictionary, () =>
          JSON.stringify(dictionaryEnvelope.parse(ok(data))),
        );
        // already the checked JSON (or its packed bytes): Fastify sends strings and buffers as they are
        return reply.send(body as never);
      },
    );
  };
}
