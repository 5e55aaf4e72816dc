import { Share } from 'react-native';
import * as Keychain from 'react-native-keychain';
import type { NativeRequestPayload } from '@snapdrama/contract';

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
