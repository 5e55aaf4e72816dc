import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@snapdrama/contract';
import { isLanguage } from '../../shared/i18n/i18n';
import { LANGUAGE_LABEL_KEYS, useLanguageChoice } from './use-language-choice';
import styles from './language-picker.module.css';

/** Desktop top-bar language picker (spec §2). */
export function LanguagePicker() {
  const { t } = useTranslation();
  const { selected, busy, choose } = useLanguageChoice();

  return (
    <label className={styles.picker}>
      <span className="visually-hidden">{t('menu.language')}</span>
      <select
        value={selected}
        disabled={busy}
        onChange={(e) => {
          if (isLanguage(e.target.value)) void choose(e.target.value);
        }}
        data-testid="language-picker"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(LANGUAGE_LABEL_KEYS[language])}
          </option>
        ))}
      </select>
    </label>
  );
}
