import type { FastifyInstance } from 'fastify';
import { matchLanguage } from '@snapdrama/rules';
import type { ChangeNotices } from '../../cache/change-notices';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { readAccessToken } from '../../http/auth-guard';
import type { AuthService } from '../auth/auth.service';
import { createI18nRepository } from './i18n.repository';
import { i18nRoutes } from './i18n.routes';
import { createI18nService } from './i18n.service';
import { registerRefusalLanguage } from './refusal-language';

/** The dictionary: stored texts, the company's configured details over them. */
export function createI18nModule(deps: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'company'>;
  notices: ChangeNotices;
}) {
  const i18n = createI18nService({
    repo: createI18nRepository(deps.db),
    clock: deps.clock,
    overrides: deps.config.company,
    notices: deps.notices,
  });
  return {
    i18n,
    routes: () => i18nRoutes({ i18n }),
    /** every refusal in the caller's language: a signed-in viewer's own, else the browser's */
    registerRefusalLanguage: (
      app: FastifyInstance,
      auth: Pick<AuthService, 'verifyToken' | 'getUser'>,
    ) =>
      registerRefusalLanguage(app, {
        textsOf: (lang, keys) => i18n.textsOf(lang, keys),
        storedLanguage: async (request) => {
          const token = readAccessToken(request);
          if (!token) return undefined;
          const claims = request.auth ?? request.claims ?? (await auth.verifyToken(token));
          return matchLanguage((await auth.getUser(claims.userId)).lang);
        },
      }),
  };
}
