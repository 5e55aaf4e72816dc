import { PUSH_KINDS, type AuthMethod, type Language, type PushSettings } from '@snapdrama/contract';
import type { Clock } from '../../clock';
import type { NativePushSender, WebPushSender } from './push-senders';
import type { PushRepository } from './push.repository';

/** The console's settings until an operator saves some (decision 1520). */
export const DEFAULT_PUSH_SETTINGS: PushSettings = {
  kinds: [...PUSH_KINDS],
  dailyLimit: 1,
  quietStart: 22 * 60,
  quietEnd: 8 * 60,
};

export interface PushCaller {
  userId: string;
  authMethod: AuthMethod;
}

export interface PushDeps {
  repo: PushRepository;
  clock: Clock;
  serviceTimeZone: string;
  /** the VAPID public key; undefined: push is off */
  vapidPublicKey: string | undefined;
  webPush: WebPushSender | undefined;
  nativePush: NativePushSender;
  texts: (lang: Language, keys: string[]) => Promise<Record<string, string>>;
  bookmarks: { membersWhoBookmarked(dramaId: number): Promise<string[]> };
  dramaTitleKey: (dramaId: number) => Promise<string>;
  coinExpiry: (caller: PushCaller) => Promise<{ amount: number; expr_dtm: string | null }>;
  attendanceDays: (userId: string) => Promise<{ lastCheckInDay: string | null; today: string }>;
}

export const isLanguage = (lang: string): lang is Language =>
  lang === 'ko' || lang === 'en' || lang === 'ja';

/** What subscriptions, triggers and the send job share: the dependencies and the settings. */
export function createPushContext(deps: PushDeps) {
  async function settings(): Promise<PushSettings> {
    return (await deps.repo.settings()) ?? DEFAULT_PUSH_SETTINGS;
  }
  return { ...deps, settings };
}

export type PushContext = ReturnType<typeof createPushContext>;
