import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MessageKey } from '@snapdrama/contract';
import { PRIVACY_URL, TERMS_URL } from '../../shared/config/links';
import { useIsMobile } from '../../shared/hooks/use-is-mobile';
import { layers, useLayerStore } from '../../shared/layers/layer-store';
import { askNative, isNativeApp } from '../../shared/native/native';
import listPage from '../../shared/ui/list-page.module.css';
import { AutoUnlockToggle } from '../../shared/wallet/auto-unlock-toggle';
import { LegalDocument } from './legal/legal-document';
import { PushSettings } from './push-settings';

/**
 * Privacy options (spec §2): in the app only, and only when the consent SDK has a form for this
 * viewer (getConsentStatus says privacy options are required); the web never asks.
 */
function usePrivacyOptionsAvailable(): boolean {
  const native = isNativeApp();
  const consent = useQuery({
    queryKey: ['native', 'consent-status'] as const,
    enabled: native,
    retry: false,
    queryFn: async () => {
      const outcome = await askNative('getConsentStatus', {});
      return outcome.status === 'ok' && outcome.payload.privacyOptionsRequired;
    },
  });
  return native && consent.data === true;
}

async function showPrivacyOptions(failText: string) {
  const outcome = await askNative('showPrivacyOptions', {});
  if (
    outcome.status === 'failed' ||
    outcome.status === 'unsupported' ||
    outcome.status === 'timeout'
  )
    layers.toast(failText, 'failure'); // our text, never the host's (issue 47)
}

/**
 * /settings (spec §2): terms and privacy (popup on mobile, new window on desktop), language
 * (mobile only; desktop has the picker in the top bar), privacy options (native app only), and
 * reminders (decision 1520).
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const openPopup = useLayerStore((s) => s.openPopup);
  const privacyOptions = usePrivacyOptionsAvailable();

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
        <li>
          <AutoUnlockToggle />
        </li>
        {isMobile && (
          <li>
            <Link to="/settings/language" data-testid="settings-language">
              {t('settings.language')} <span aria-hidden="true">›</span>
            </Link>
          </li>
        )}
        {privacyOptions && (
          <li>
            <button
              type="button"
              data-testid="settings-privacy-options"
              onClick={() => void showPrivacyOptions(t('contents.msg_fail'))}
            >
              {t('settings.privacy_options')} <span aria-hidden="true">›</span>
            </button>
          </li>
        )}
      </ul>
      <PushSettings />
    </section>
  );
}
