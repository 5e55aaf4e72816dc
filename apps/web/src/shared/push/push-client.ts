import {
  ResultCode,
  pushPaths,
  type PushConfigData,
  type PushKind,
  type PushPreferencesBody,
  type PushSubscriptionData,
} from '@snapdrama/contract';
import { api } from '../api/api';
import { isApiError } from '../api/api-error';
import { currentLanguage } from '../i18n/i18n';
import { askNative, isNativeApp } from '../native/native';

/**
 * Push reminders on this device (decision 1520): a browser's Web Push subscription through the
 * service worker (/sw.js, root scope), or the app wrapper's FCM/APNs token (bridge getPushToken).
 * The subscription's secret token is kept here: it changes choices and unsubscribes.
 */
const TOKEN_KEY = 'push.subscription';
const OFFERED_KEY = 'push.offered';
export const SERVICE_WORKER_URL = '/sw.js';

export type PushSupport = 'web' | 'native' | 'none';

export function pushSupport(): PushSupport {
  if (isNativeApp()) return 'native';
  if (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  )
    return 'web';
  return 'none';
}

export const permissionDenied = () =>
  pushSupport() === 'web' && Notification.permission === 'denied';

export function savedSubscription(): PushSubscriptionData | null {
  try {
    const raw = localStorage.getItem(TOKEN_KEY);
    return raw ? (JSON.parse(raw) as PushSubscriptionData) : null;
  } catch {
    return null;
  }
}

function keep(data: PushSubscriptionData | null) {
  if (data) localStorage.setItem(TOKEN_KEY, JSON.stringify(data));
  else localStorage.removeItem(TOKEN_KEY);
}

const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'Asia/Seoul';

/** Base64url VAPID key to the bytes PushManager.subscribe wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export async function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  return navigator.serviceWorker.ready;
}

/**
 * Turns reminders on: the browser's permission (asked only here, after the in-page offer), its
 * subscription at its push service, and our server's record of it. Returns null when the viewer
 * refused or this device cannot.
 */
export async function enablePush(kinds?: PushKind[]): Promise<PushSubscriptionData | null> {
  const choices = { lang: currentLanguage(), timeZone: viewerZone(), ...(kinds ? { kinds } : {}) };
  const support = pushSupport();
  if (support === 'native') {
    const outcome = await askNative('getPushToken', {});
    if (outcome.status !== 'ok') return null;
    const data = await api.post<PushSubscriptionData>(pushPaths.nativeToken, {
      ...outcome.payload,
      ...choices,
    });
    keep(data);
    return data;
  }
  if (support !== 'web') return null;
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return null;
  const config = await api.get<PushConfigData>(pushPaths.config);
  if (!config.vapidPublicKey) return null;
  const registration = await registerServiceWorker();
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(config.vapidPublicKey),
    }));
  const json = subscription.toJSON();
  const data = await api.post<PushSubscriptionData>(pushPaths.subscription, {
    endpoint: json.endpoint,
    keys: json.keys,
    ...choices,
  });
  keep(data);
  return data;
}

export async function updatePushChoices(
  patch: Omit<PushPreferencesBody, 'unsubscribeToken'>,
): Promise<PushSubscriptionData | null> {
  const saved = savedSubscription();
  if (!saved) return null;
  const data = await api.put<PushSubscriptionData>(pushPaths.subscription, {
    ...patch,
    unsubscribeToken: saved.unsubscribeToken,
  });
  keep(data);
  return data;
}

/**
 * After a sign-in or a join: the device's subscription (turned on as a guest, say) moves to the
 * account now signed in, which gets the member's reminders from then on. One the server no longer
 * knows is forgotten here too.
 */
export async function claimPushForSession(): Promise<void> {
  const saved = savedSubscription();
  if (!saved) return;
  try {
    keep(
      await api.put<PushSubscriptionData>(pushPaths.subscription, {
        unsubscribeToken: saved.unsubscribeToken,
      }),
    );
  } catch (error) {
    if (isApiError(error) && error.code === ResultCode.PUSH_SUBSCRIPTION_NOT_FOUND) keep(null);
  }
}

/** One tap: the server forgets this device and the browser drops its subscription. */
export async function disablePush(): Promise<void> {
  const saved = savedSubscription();
  if (saved) {
    await api.post(pushPaths.unsubscribe, { unsubscribeToken: saved.unsubscribeToken });
  }
  keep(null);
  if (pushSupport() === 'web') {
    const registration = await navigator.serviceWorker.getRegistration('/');
    const subscription = await registration?.pushManager.getSubscription();
    await subscription?.unsubscribe();
  }
}

/** The in-page offer comes once per device, and never when reminders are on or refused. */
export function shouldOfferPush(): boolean {
  if (pushSupport() === 'none' || savedSubscription() || permissionDenied()) return false;
  return localStorage.getItem(OFFERED_KEY) === null;
}

export function markPushOffered(): void {
  localStorage.setItem(OFFERED_KEY, new Date().toISOString());
}
