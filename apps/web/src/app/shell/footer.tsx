import { useTranslation } from 'react-i18next';
import { useOpenCustomerService } from '../../features/support/customer-service';
import { useCompany } from '../../shared/config/company';
import { PRIVACY_URL, TERMS_URL } from '../../shared/config/links';
import styles from './shell.module.css';

/** Desktop footer (spec §2). */
export function Footer() {
  const { t } = useTranslation();
  const openCustomerService = useOpenCustomerService();
  const company = useCompany();
  return (
    <footer className={styles.footer} data-testid="footer">
      <div className={styles.footerInner}>
        <div className={styles.footerLinks}>
          <button onClick={openCustomerService}>{t('footer.customer_service')}</button>
          <a href={TERMS_URL} target="_blank" rel="noopener noreferrer">
            {t('footer.terms')}
          </a>
          <a href={PRIVACY_URL} target="_blank" rel="noopener noreferrer">
            {t('footer.privacy')}
          </a>
        </div>
        <p className={styles.footerBusiness}>{t('footer.business_name', company)}</p>
        <p className={styles.footerCopyright}>
          <span>{t('footer.copyright_1', company)}</span>
          <span>{t('footer.copyright_2', company)}</span>
          <span>{t('footer.copyright_3', company)}</span>
          <span>{t('footer.copyright_4', company)}</span>
        </p>
      </div>
    </footer>
  );
}
