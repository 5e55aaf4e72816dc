import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, enMessages, type Language } from '@snapdrama/contract';
import { currentLanguage } from '../../shared/i18n/i18n';
import { useChangeLanguage } from '../../shared/i18n/use-change-language';
import { layers } from '../../shared/layers/layer-store';
import { LANGUAGE_LABEL_KEYS } from './language-picker';
import styles from './language-page.module.css';

/** /settings/language (spec §2): lists the languages; choosing one stores it and applies it. */
export function LanguagePage() {
  const { t, i18n } = useTranslation();
  const changeLanguage = useChangeLanguage();
  const [busy, setBusy] = useState(false);
  const selected = i18n.isInitialized ? currentLanguage() : 'en';

  const choose = async (language: Language) => {
    if (language === selected || busy) return;
    setBusy(true);
    try {
      await changeLanguage(language);
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
    <section className={styles.page} data-testid="language-page">
      <h1 className={styles.title}>{t('language.title')}</h1>
      <ul className={styles.list} role="radiogroup" aria-label={t('language.title')}>
        {LANGUAGES.map((language) => (
          <li key={language}>
            <button
              type="button"
              role="radio"
              aria-checked={language === selected}
              className={styles.option}
              disabled={busy}
              onClick={() => void choose(language)}
              data-testid={`language-option-${language}`}
            >
              <span lang={language}>{t(LANGUAGE_LABEL_KEYS[language])}</span>
              {language === selected && <span className={styles.check} aria-hidden="true" />}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
