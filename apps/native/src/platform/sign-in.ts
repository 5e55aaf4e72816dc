import { Platform } from 'react-native';
import appleAuth, {
  AppleError,
  AppleRequestOperation,
  AppleRequestScope,
  appleAuthAndroid,
} from '@invertase/react-native-apple-authentication';
import {
  GoogleSignin,
  isCancelledResponse,
  isErrorWithCode,
  statusCodes,
} from '@react-native-google-signin/google-signin';
import { login as kakaoLogin } from '@react-native-seoul/kakao-login';
import { AccessToken, LoginManager } from 'react-native-fbsdk-next';
import { HostError, canceled } from '../host/host-bridge';
import { NativeResult } from '@snapdrama/contract';
import type { HostConfig } from '../config';

/**
 * The four providers' SDKs. Each answers what the server verifies (decision 0401): Google,
 * Kakao (OpenID Connect on in the Kakao console) and Apple ID tokens, a Facebook access token.
 */
export function createSignIn(config: HostConfig) {
  GoogleSignin.configure({
    webClientId: config.googleWebClientId,
    iosClientId: config.googleIosClientId,
  });

  return {
    googleLogin: async () => {
      try {
        await GoogleSignin.hasPlayServices();
        const response = await GoogleSignin.signIn();
        if (isCancelledResponse(response)) throw canceled('Google sign-in was canceled');
        if (!response.data.idToken)
          throw new HostError(NativeResult.FAILED, 'Google gave no ID token');
        return { idToken: response.data.idToken };
      } catch (error) {
        if (isErrorWithCode(error) && error.code === statusCodes.IN_PROGRESS)
          throw new HostError(NativeResult.FAILED, 'Google sign-in is already running');
        throw error;
      }
    },

    kakaoLogin: async () => {
      const token = await kakaoLogin();
      if (!token.idToken)
        throw new HostError(NativeResult.FAILED, 'Kakao gave no ID token (turn on OpenID Connect)');
      return { idToken: token.idToken };
    },

    facebookLogin: async () => {
      // classic login (tracking enabled) so the token is a Graph access token the server can check
      const result = await LoginManager.logInWithPermissions(
        ['public_profile', 'email'],
        'enabled',
      );
      if (result.isCancelled) throw canceled('Facebook sign-in was canceled');
      const token = await AccessToken.getCurrentAccessToken();
      if (!token) throw new HostError(NativeResult.FAILED, 'Facebook gave no access token');
      return { accessToken: token.accessToken };
    },

    appleLogin: async () => {
      if (Platform.OS === 'android') {
        appleAuthAndroid.configure({
          clientId: config.appleServicesId,
          redirectUri: config.appleRedirectUri,
          responseType: appleAuthAndroid.ResponseType.ALL,
          scope: appleAuthAndroid.Scope.ALL,
        });
        const response = await appleAuthAndroid.signIn();
        if (!response.id_token) throw new HostError(NativeResult.FAILED, 'Apple gave no ID token');
        return { idToken: response.id_token };
      }
      try {
        const response = await appleAuth.performRequest({
          requestedOperation: AppleRequestOperation.LOGIN,
          requestedScopes: [AppleRequestScope.EMAIL, AppleRequestScope.FULL_NAME],
        });
        if (!response.identityToken)
          throw new HostError(NativeResult.FAILED, 'Apple gave no identity token');
        return { idToken: response.identityToken };
      } catch (error) {
        if ((error as { code?: string }).code === AppleError.CANCELED)
          throw canceled('Sign in with Apple was canceled');
        throw error;
      }
    },
  };
}
