import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Language, UserInfoData } from '@snapdrama/contract';
import { api } from '../api/api';
import { userInfoQueryKey } from '../session/user-info';
import { dictionaryQuery } from './dictionary';
import { i18n, storeLanguage } from './i18n';

/**
 * Language change (spec §4): load the dictionary first (so nothing flashes untranslated), switch
 * i18next, remember the choice locally, and tell the server when signed in.
 */
export function useChangeLanguage() {
  const queryClient = useQueryClient();
  return useCallback(
    async (language: Language) => {
      await queryClient.fetchQuery(dictionaryQuery(language));
      await i18n.changeLanguage(language);
      storeLanguage(language);
      document.documentElement.lang = language;
      const session = queryClient.getQueryData<UserInfoData>(userInfoQueryKey);
      if (session) {
        queryClient.setQueryData<UserInfoData>(userInfoQueryKey, {
          ...session,
          user: { ...session.user, lang: language },
        });
        await api.put('/user/lang', { lang: language }).catch(() => undefined);
      }
    },
    [queryClient],
  );
}
