import { useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DICTIONARY_FAIL_TEXTS } from '@snapdrama/contract';
import { errorMessage } from '../shared/api/api-error';
import { tokenStore } from '../shared/api/api';
import { dictionaryQuery } from '../shared/i18n/dictionary';
import { currentLanguage } from '../shared/i18n/i18n';
import { layers } from '../shared/layers/layer-store';
import { userInfoQuery } from '../shared/session/user-info';
import { removeFirstScreen } from '../shared/ui/first-screen';
import { FullScreenSpinner } from '../shared/ui/spinner';
import { LayerHost } from './shell/layer-host';

const APP_RENDERED_MARK = 'snapdrama:app-rendered';

/**
 * Holds the app behind a full-screen spinner until the language dictionary and the user info are
 * there (spec §2, §4). Both load in parallel; the route code loads meanwhile (see router.tsx).
 */
export function AppGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const dictionary = useQuery(dictionaryQuery(currentLanguage()));
  const session = useQuery(userInfoQuery);

  const dictionaryFailed = dictionary.isError;
  const refetchDictionary = dictionary.refetch;
  useEffect(() => {
    if (!dictionaryFailed) return;
    // No dictionary means no translations: these two texts are fixed by the spec (§8).
    layers.alert({
      title: DICTIONARY_FAIL_TEXTS['error_popup.title'],
      message: DICTIONARY_FAIL_TEXTS['error_popup.dictionary_fail'],
      confirmLabel: 'OK',
      onConfirm: () => void refetchDictionary(),
    });
  }, [dictionaryFailed, refetchDictionary]);

  const sessionError = dictionary.isSuccess && session.isError ? session.error : null;
  useEffect(() => {
    if (!sessionError) return;
    layers.alert({
      title: t('error_popup.title'),
      message: errorMessage(sessionError, t('contents.msg_info_fail')),
      onConfirm: () => {
        tokenStore.clear();
        window.location.assign('/');
      },
    });
  }, [sessionError, t]);

  const failed = dictionary.isError || sessionError !== null;
  // the alert must not sit under the poster a player link painted
  useLayoutEffect(() => {
    if (failed) removeFirstScreen();
  }, [failed]);

  if (failed) return <LayerHost />;
  if (!dictionary.isSuccess || !session.isSuccess) return <FullScreenSpinner />;
  // for the player benchmark's step-by-step cold start (bench/player.ts)
  if (performance.getEntriesByName(APP_RENDERED_MARK).length === 0) {
    performance.mark(APP_RENDERED_MARK);
  }
  return children;
}
