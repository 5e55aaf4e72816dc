import { Share } from 'react-native';
import * as Keychain from 'react-native-keychain';
import {
  NativeResult,
  type NativeReplyPayload,
  type NativeRequestPayload,
} from '@snapdrama/contract';
import { HostError } from '../host/host-bridge';

const SERVICE = 'snapdrama.session';

/** The session token in the Keychain / Android Keystore-backed storage, never in the web view. */
export const tokenStorage = {
  saveAccessToken: async ({ accessToken }: NativeRequestPayload<'saveAccessToken'>) => {
    if (accessToken === null) await Keychain.resetGenericPassword({ service: SERVICE });
    else
      await Keychain.setGenericPassword('access_token', accessToken, {
        service: SERVICE,
        accessible: Keychain.ACCESSIBLE.AFTER_FIRST_UNLOCK_THIS_DEVICE_ONLY,
      });
    return {};
  },
  loadAccessToken: async () => {
    const saved = await Keychain.getGenericPassword({ service: SERVICE });
    return { accessToken: saved ? saved.password : null };
  },
};

/** The platform share sheet (spec §6). */
export async function nativeShare({ url, title, text }: NativeRequestPayload<'nativeShare'>) {
  const result = await Share.share({ title, message: `${text}\n${url}`, url }, { subject: title });
  return { shared: result.action === Share.sharedAction };
}

/**
 * The FCM/APNs token for push reminders (decision 1520). This reference host has no messaging SDK
 * yet (@react-native-firebase/messaging on Android, PushNotificationIOS on iOS): it answers
 * "unsupported", and the web app then offers no push in the app.
 */
export function pushToken(): Promise<NativeReplyPayload<'getPushToken'>> {
  return Promise.reject(new HostError(NativeResult.UNSUPPORTED, 'Push tokens are not wired yet'));
}
