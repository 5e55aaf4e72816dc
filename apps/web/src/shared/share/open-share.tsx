import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SHARE_HEIGHT,
  episodeShareUrl,
  shareImageUrl,
  socialShareUrl,
  withHashtags,
  type ShareTarget,
} from '@snapdrama/rules';
import { currentLanguage, i18n } from '../i18n/i18n';
import { layers, useLayerStore } from '../layers/layer-store';
import { askNative, isNativeApp } from '../native/native';
import { copyToClipboard } from '../invite/copy-text';
import { inviteLink, useMyInvite } from '../invite/invite-api';
import { shareToKakao } from './kakao-share';
import { reportShareMission } from './share-mission';
import styles from './share.module.css';

export interface ShareRequest {
  dramaId: number;
  epsd: number;
  title: string;
  isGuest: boolean;
}

const MOBILE_MAX_WIDTH = 829;

function shareLink(request: ShareRequest) {
  return episodeShareUrl(window.location.origin, request.dramaId, request.epsd, currentLanguage());
}

function shareText(request: ShareRequest) {
  return i18n.t('share.text', { title: request.title, epsd: request.epsd });
}

async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // clipboard API refused (no permission, insecure origin): the old way still works
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
}

function afterShare(request: ShareRequest) {
  // spec §4/§6: the share mission is reported for non-guests only
  if (!request.isGuest) reportShareMission(request.dramaId, request.epsd);
}

async function shareTo(target: ShareTarget, request: ShareRequest) {
  const link = shareLink(request);
  const text = shareText(request);
  switch (target) {
    case 'x':
    case 'facebook':
    case 'line':
      window.open(socialShareUrl(target, link, text), '_blank', 'noopener,noreferrer');
      break;
    case 'kakao': {
      const shared = await shareToKakao({
        title: request.title,
        description: withHashtags(text),
        // KakaoTalk's square picture of the drama, its title in the sharer's language (a PNG:
        // KakaoTalk draws no SVG poster)
        imageUrl: shareImageUrl(
          window.location.origin,
          request.dramaId,
          'square',
          currentLanguage(),
        ),
        link,
      }).catch(() => false);
      if (!shared) {
        // local stand-in without a Kakao app key: the link goes to the clipboard instead
        await copyText(link);
        layers.toast(i18n.t('share.kakao_standin'), 'info');
      }
      break;
    }
    case 'copy':
      await copyText(link);
      layers.toast(i18n.t('toast.msg_link_copy'), 'success');
      break;
  }
  useLayerStore.getState().closeSheet();
  useLayerStore.getState().closePopup();
  afterShare(request);
}

const LinkMark = (
  <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2">
    <path d="M10 14a5 5 0 0 0 7 0l3-3a5 5 0 0 0-7-7l-1 1" />
    <path d="M14 10a5 5 0 0 0-7 0l-3 3a5 5 0 0 0 7 7l1-1" />
  </svg>
);

const TARGETS: { target: ShareTarget; label: string; mark: ReactNode }[] = [
  { target: 'x', label: 'share.x', mark: 'X' },
  { target: 'facebook', label: 'share.facebook', mark: 'f' },
  { target: 'kakao', label: 'share.kakao', mark: 'K' },
  { target: 'line', label: 'share.line', mark: 'L' },
  { target: 'copy', label: 'share.copy_link', mark: LinkMark },
];

function SharePanel({ request, in: place }: { request: ShareRequest; in: 'sheet' | 'popup' }) {
  const { t } = useTranslation();
  const link = shareLink(request);
  return (
    <div className={styles.panel} data-in={place} data-testid="share-panel">
      <h2 className={styles.title}>{t('share.title')}</h2>
      <ul className={styles.targets}>
        {TARGETS.map((item) => (
          <li key={item.target}>
            <button
              type="button"
              className={styles.target}
              data-target={item.target}
              onClick={() => void shareTo(item.target, request)}
              data-testid={`share-${item.target}`}
            >
              <span className={styles.mark} data-mark={item.target} aria-hidden="true">
                {item.mark}
              </span>
              <span className={styles.label}>{t(item.label as 'share.x')}</span>
            </button>
          </li>
        ))}
      </ul>
      <p className={styles.link} data-testid="share-link">
        {link}
      </p>
      {!request.isGuest && <InviteShareRow />}
    </div>
  );
}

/** Members also get their invite link here (decision 1510): one tap copies it. */
function InviteShareRow() {
  const { t } = useTranslation();
  const invite = useMyInvite().data;
  if (!invite) return null;
  const copy = async () => {
    const done = await copyToClipboard(inviteLink(invite.invtPath));
    layers.toast(done ? t('invite.copied') : t('invite.copy_fail'), done ? 'success' : 'failure');
  };
  return (
    <button
      type="button"
      className={styles.invite}
      onClick={() => void copy()}
      data-testid="share-invite"
    >
      {t('invite.share_invite')} · {t('invite.copy_link')}
    </button>
  );
}

/**
 * In the app: the platform share sheet (spec §6, §7 nativeShare). Shared: the share mission; closed:
 * nothing; a failure: the native message (§8); an app without it: the share popup.
 */
async function shareInApp(request: ShareRequest): Promise<void> {
  const outcome = await askNative('nativeShare', {
    url: shareLink(request),
    title: request.title,
    text: withHashtags(shareText(request)),
  });
  switch (outcome.status) {
    case 'ok':
      if (outcome.payload.shared) afterShare(request);
      return;
    case 'canceled':
      return;
    case 'unsupported':
      openSharePanel(request, window.innerWidth <= MOBILE_MAX_WIDTH);
      return;
    case 'failed':
    case 'timeout':
      // our own text by result, never the host's (issue 47)
      layers.toast(i18n.t('contents.msg_fail'), 'failure');
      return;
  }
}

function openSharePanel(request: ShareRequest, mobile: boolean) {
  if (mobile) {
    const content = <SharePanel request={request} in="sheet" />;
    useLayerStore.getState().openSheet({ kind: 'share', content, height: SHARE_HEIGHT });
  } else {
    const content = <SharePanel request={request} in="popup" />;
    useLayerStore.getState().openPopup({ kind: 'share', content, width: 530 });
  }
}

/**
 * Share (spec §2, §6): in the app its share sheet; else the device's native share where it has
 * one (Web Share API), else the share sheet (mobile, 280 px) or the share popup (desktop).
 */
export function openShare(request: ShareRequest): void {
  const mobile = window.innerWidth <= MOBILE_MAX_WIDTH;
  const link = shareLink(request);
  if (isNativeApp()) {
    void shareInApp(request);
    return;
  }
  if (mobile && typeof navigator.share === 'function') {
    navigator
      .share({ title: request.title, text: withHashtags(shareText(request)), url: link })
      .then(() => afterShare(request))
      .catch(() => undefined); // the viewer closed the device's share: nothing to do
    return;
  }
  openSharePanel(request, mobile);
}
