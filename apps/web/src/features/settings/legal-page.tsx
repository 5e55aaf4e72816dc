import { useTranslation } from 'react-i18next';
import listPage from '../../shared/ui/list-page.module.css';
import { LegalDocument } from './legal/legal-document';

/** /settings/terms and /settings/privacy: the embedded help pages (spec §2). */
export function TermsPage() {
  const { t } = useTranslation();
  return (
    <article className={listPage.page} data-testid="terms-page">
      <h1 className={listPage.title}>{t('settings.terms')}</h1>
      <LegalDocument kind="terms" />
    </article>
  );
}

export function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <article className={listPage.page} data-testid="privacy-page">
      <h1 className={listPage.title}>{t('settings.privacy')}</h1>
      <LegalDocument kind="privacy" />
    </article>
  );
}
