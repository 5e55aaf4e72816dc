import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MessageKey } from '@snapdrama/contract';
import { PRIVACY_URL, TERMS_URL } from '../../shared/config/links';
import { useIsMobile } from '../../shared/hooks/use-is-mobile';
import { useLayerStore } from '../../shared/layers/layer-store';
import listPage from '../../shared/ui/list-page.module.css';
import { LegalDocument } from './legal/legal-document';

/**
 * Inside the native wrapper. Until the native bridge (shared/native) exists, the wrapper is
 * recognised by this user-agent marker; privacy options are hidden on the web.
 */
const isNativeApp = () => /SnapDramaApp/i.test(navigator.userAgent);

/**
 * /settings (spec §2): terms and privacy (popup on mobile, new window on desktop), language
 * (mobile only; desktop has the picker in the top bar), privacy options (native app only).
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const openPopup = useLayerStore((s) => s.openPopup);

  const openLegal = (kind: 'terms' | 'privacy') => {
    const title: MessageKey = kind === 'terms' ? 'settings.terms' : 'settings.privacy';
    if (!isMobile) {
      window.open(kind === 'terms' ? TERMS_URL : PRIVACY_URL, '_blank', 'noopener,noreferrer');
      return;
    }
    openPopup({
      kind,
      title: t(title),
      width: 530,
      content: <LegalDocument kind={kind} />,
    });
  };

  return (
    <section className={listPage.page} data-testid="settings-page">
      <h1 className={listPage.title}>{t('settings.title')}</h1>
      <ul className={listPage.list}>
        <li>
          <button type="button" onClick={() => openLegal('terms')} data-testid="settings-terms">
            {t('settings.terms')} <span aria-hidden="true">›</span>
          </button>
        </li>
        <li>
          <button type="button" onClick={() => openLegal('privacy')} data-testid="settings-privacy">
            {t('settings.privacy')} <span aria-hidden="true">›</span>
          </button>
        </li>
        {isMobile && (
          <li>
            <Link to="/settings/language" data-testid="settings-language">
              {t('settings.language')} <span aria-hidden="true">›</span>
            </Link>
          </li>
        )}
        {isNativeApp() && (
          <li>
            <button type="button" data-testid="settings-privacy-options">
              {t('settings.privacy_options')} <span aria-hidden="true">›</span>
            </button>
          </li>
        )}
      </ul>
    </section>
  );
}
