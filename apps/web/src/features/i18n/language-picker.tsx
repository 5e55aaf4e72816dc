import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, enMessages, type Language } from '@snapdrama/contract';
import { currentLanguage, isLanguage } from '../../shared/i18n/i18n';
import { useChangeLanguage } from '../../shared/i18n/use-change-language';
import { layers } from '../../shared/layers/layer-store';
import styles from './language-picker.module.css';

export const LANGUAGE_LABEL_KEYS = {
  ko: 'language.ko',
  en: 'language.en',
  ja: 'language.ja',
} as const satisfies Record<Language, keyof typeof enMessages>;

/** Desktop top-bar language picker (spec §2). */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const changeLanguage = useChangeLanguage();
  const [busy, setBusy] = useState(false);
  // Re-read on every render: useTranslation re-renders when the language changes.
  const value = i18n.isInitialized ? currentLanguage() : 'en';

  const onChange = async (next: string) => {
    if (!isLanguage(next) || next === value) return;
    setBusy(true);
    try {
      await changeLanguage(next);
    } catch {
      layers.alert({
        title: t('error_popup.title'),
        message: enMessages['error_popup.dictionary_fail'],
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <label className={styles.picker}>
      <span className="visually-hidden">{t('menu.language')}</span>
      <select
        value={value}
        disabled={busy}
        onChange={(e) => void onChange(e.target.value)}
        data-testid="language-picker"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {t(LANGUAGE_LABEL_KEYS[language])}
          </option>
        ))}
      </select>
    </label>
  );
}
