import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@snapdrama/contract';
import { LANGUAGE_LABEL_KEYS, useLanguageChoice } from './use-language-choice';
import listPage from '../../shared/ui/list-page.module.css';
import styles from './language-page.module.css';

/** /settings/language (spec §2): lists the languages; choosing one stores it and applies it. */
export function LanguagePage() {
  const { t } = useTranslation();
  const { selected, busy, choose } = useLanguageChoice();

  return (
    <section className={listPage.page} data-testid="language-page">
      <h1 className={listPage.title}>{t('language.title')}</h1>
      {/* the group wraps the list: a list keeps its items (role on the <ul> hid them as a list) */}
      <div role="radiogroup" aria-label={t('language.title')}>
        <ul className={listPage.list}>
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
      </div>
    </section>
  );
}
