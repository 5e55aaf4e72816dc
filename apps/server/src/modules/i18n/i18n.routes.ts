import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dictionaryData, dictionaryParams, envelope } from '@snapdrama/contract';
import { ok } from '../../http/reply';
import type { I18nService } from './i18n.service';

export function i18nRoutes(deps: { i18n: I18nService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/auth/dictionary/:langCode',
      { schema: { params: dictionaryParams, response: { 200: envelope(dictionaryData) } } },
      async (request, reply) => {
        void reply.header('cache-control', 'public, max-age=60');
        return ok(await deps.i18n.dictionary(request.params.langCode));
      },
    );
  };
}
