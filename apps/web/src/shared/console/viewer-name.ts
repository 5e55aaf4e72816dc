import { defineConsoleMessages, useConsoleText } from './console-i18n';

/** How the console names a viewer: nickname, sign-in provider and (for support roles) email. */
export interface ViewerNameParts {
  nickname: string | null;
  authMethod: string;
  email: string | null;
}

export const viewerNameMessages = defineConsoleMessages({
  en: {
    'provider.guest': 'Guest',
    'provider.google': 'Google',
    'provider.kakao': 'Kakao',
    'provider.facebook': 'Facebook',
    'provider.apple': 'Apple',
    'viewer.unnamed': 'No nickname',
  },
  ko: {
    'provider.guest': '비회원',
    'provider.google': '구글',
    'provider.kakao': '카카오',
    'provider.facebook': '페이스북',
    'provider.apple': '애플',
    'viewer.unnamed': '닉네임 없음',
  },
  ja: {
    'provider.guest': 'ゲスト',
    'provider.google': 'Google',
    'provider.kakao': 'カカオ',
    'provider.facebook': 'Facebook',
    'provider.apple': 'Apple',
    'viewer.unnamed': 'ニックネームなし',
  },
});

const PROVIDERS = ['guest', 'google', 'kakao', 'facebook', 'apple'] as const;
type Provider = (typeof PROVIDERS)[number];
const isProvider = (m: string): m is Provider => (PROVIDERS as readonly string[]).includes(m);

/** "Nickname · Provider · email" with the parts there are (pure, for tests and every page). */
export function viewerLabel(
  v: ViewerNameParts,
  words: { provider: (method: string) => string; unnamed: string },
): string {
  return [v.nickname?.trim() || words.unnamed, words.provider(v.authMethod), v.email]
    .filter((part): part is string => Boolean(part))
    .join(' · ');
}

/** The console's viewer naming in the console's language. */
export function useViewerName() {
  const t = useConsoleText(viewerNameMessages);
  const provider = (method: string) => (isProvider(method) ? t(`provider.${method}`) : method);
  const words = { provider, unnamed: t('viewer.unnamed') };
  return {
    provider,
    label: (v: ViewerNameParts) => viewerLabel(v, words),
    nickname: (v: Pick<ViewerNameParts, 'nickname'>) => v.nickname?.trim() || words.unnamed,
  };
}

/**
 * How long an inquiry has waited, in the largest whole unit (minutes, hours, days), written by
 * Intl in the console's language ("3 hours", "3시간").
 */
export function waitingFor(sinceIso: string, nowMs: number, lang: string): string {
  const minutes = Math.max(0, Math.floor((nowMs - Date.parse(sinceIso)) / 60_000));
  const [value, unit] =
    minutes < 60
      ? [minutes, 'minute']
      : minutes < 48 * 60
        ? [Math.floor(minutes / 60), 'hour']
        : [Math.floor(minutes / 1440), 'day'];
  return new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
