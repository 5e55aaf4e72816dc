import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DICTIONARY_FAIL_TEXTS, type Language, type MessageKey } from '@snapdrama/contract';
import { currentLanguage } from '../../shared/i18n/i18n';
import { useChangeLanguage } from '../../shared/i18n/use-change-language';
import { layers } from '../../shared/layers/layer-store';

export const LANGUAGE_LABEL_KEYS = {
  ko: 'language.ko',
  en: 'language.en',
  ja: 'language.ja',
} as const satisfies Record<Language, MessageKey>;

/**
 * The language in use and a way to choose another (spec §4 "Language change"). A dictionary that
 * cannot be loaded shows the spec's error popup and keeps the current language.
 */
export function useLanguageChoice() {
  const { t, i18n } = useTranslation();
  const changeLanguage = useChangeLanguage();
  const [busy, setBusy] = useState(false);
  // re-read on every render: useTranslation re-renders when the language changes
  const selected: Language = i18n.isInitialized ? currentLanguage() : 'en';

  const choose = async (language: Language) => {
    if (language === selected || busy) return;
    setBusy(true);
    try {
      await changeLanguage(language);
    } catch {
      layers.alert({
        title: t('error_popup.title'),
        message: DICTIONARY_FAIL_TEXTS['error_popup.dictionary_fail'],
      });
    } finally {
      setBusy(false);
    }
  };

  return { selected, busy, choose };
}
