import { useTranslation } from 'react-i18next';
import { useOpenCustomerService } from '../../features/support/customer-service';
import { PRIVACY_URL, TERMS_URL } from '../../shared/config/links';
import styles from './shell.module.css';

/** Desktop footer (spec §2). */
export function Footer() {
  const { t } = useTranslation();
  const openCustomerService = useOpenCustomerService();
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
        <p className={styles.footerBusiness}>{t('footer.business_name')}</p>
        <p className={styles.footerCopyright}>
          <span>{t('footer.copyright_1')}</span>
          <span>{t('footer.copyright_2')}</span>
          <span>{t('footer.copyright_3')}</span>
          <span>{t('footer.copyright_4')}</span>
        </p>
      </div>
    </footer>
  );
}
