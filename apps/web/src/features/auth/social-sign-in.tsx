import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { SocialMethod } from '@snapdrama/contract';
import { tokenStore } from '../../shared/api/api';
import { errorMessage } from '../../shared/api/api-error';
import { layers, useLayerStore } from '../../shared/layers/layer-store';
import { askNative, isNativeApp } from '../../shared/native/native';
import { checkNativeUser, checkUser, fetchAuthorization, loginWithTicket } from './api/social-auth';
import { SNS_CHANNEL, acceptSnsMessage } from './sns-message';
import { TermsAgreement } from './terms-popup';

interface SignInDeps {
  queryClient: QueryClient;
  t: TFunction;
}

/** The sign-in in progress: the method the viewer chose and the state the server made for it. */
let started: { method: SocialMethod; state: string } | null = null;
let deps: SignInDeps | null = null;
let listening = false;

const POPUP_NAME = 'snapdrama-sign-in';
const POPUP_FEATURES = 'popup=yes,width=480,height=720';

function loginFailed(t: TFunction, error?: unknown) {
  layers.alert({
    title: t('error_popup.title'),
    message:
      error === undefined
        ? t('auth.msg_login_fail')
        : errorMessage(error, t('auth.msg_login_fail')),
    // spec §8: confirming a login failure reloads the page
    onConfirm: () => window.location.reload(),
  });
}

/** A session token arrived: keep it, close the sign-in layers and load the member's data. */
export async function completeWithToken(queryClient: QueryClient, accessToken: string) {
  tokenStore.set(accessToken);
  // reminders turned on before signing in follow the viewer to the account
  void import('../../shared/push/push-client').then((m) => m.claimPushForSession());
  const store = useLayerStore.getState();
  store.closePopup();
  store.closeSheet();
  await queryClient.invalidateQueries();
}

async function finishSignIn(
  method: SocialMethod,
  check: () => Promise<{ isExists: boolean; authId: string }>,
  { queryClient, t }: SignInDeps,
) {
  let checked;
  try {
    checked = await check();
  } catch (error) {
    layers.alert({
      title: t('error_popup.title'),
      message: errorMessage(error, t('auth.msg_check_user_fail')),
    });
    return;
  }
  if (checked.isExists) {
    try {
      const { access_token } = await loginWithTicket(method, checked.authId);
      await completeWithToken(queryClient, access_token);
    } catch (error) {
      loginFailed(t, error);
    }
    return;
  }
  // not a member yet: keep the auth data and ask for the terms (spec §4)
  useLayerStore.getState().closeSheet();
  useLayerStore.getState().openPopup({
    kind: 'terms-agree',
    title: t('terms.title'),
    width: 300,
    content: (
      <TermsAgreement
        method={method}
        ticket={checked.authId}
        onJoined={(token) => completeWithToken(queryClient, token)}
      />
    ),
  });
}

function onMessage(event: MessageEvent) {
  const verdict = acceptSnsMessage(event, window.location.origin, started);
  if (verdict.kind === 'ignore' || !deps) return;
  const current = deps;
  started = null;
  if (verdict.kind === 'mismatch') {
    loginFailed(current.t);
    return;
  }
  const { auth_method, code, state } = verdict.message;
  void finishSignIn(auth_method, () => checkUser(auth_method, code, state), current);
}

const NATIVE_LOGIN = {
  google: 'googleLogin',
  kakao: 'kakaoLogin',
  facebook: 'facebookLogin',
  apple: 'appleLogin',
} as const;

/**
 * Sign-in inside the app (spec §4, §7): the platform's SDK signs in and hands back an ID token
 * (Google, Kakao, Apple) or an access token (Facebook); the server verifies it, and the same
 * check / login / terms-and-join flow as on the web follows. A cancel closes quietly; a failure
 * shows the native message (§8).
 */
async function startNativeSignIn(method: SocialMethod, signInDeps: SignInDeps) {
  const outcome = await askNative(NATIVE_LOGIN[method], {});
  switch (outcome.status) {
    case 'ok': {
      const token =
        'idToken' in outcome.payload ? outcome.payload.idToken : outcome.payload.accessToken;
      await finishSignIn(method, () => checkNativeUser(method, token), signInDeps);
      return;
    }
    case 'canceled':
      return;
    case 'failed':
    case 'unsupported':
    case 'timeout':
      layers.alert({
        title: signInDeps.t('error_popup.title'),
        // our own text by result, never the host's (issue 47)
        message: signInDeps.t('auth.msg_login_fail'),
      });
      return;
  }
}

/**
 * Login sheet → provider popup (spec §2, §4: infoAgreed false until the terms popup). The popup
 * opens at once (inside the click, so it is not blocked) and is pointed at the provider when the
 * server has made the authorization request.
 */
export async function startSocialSignIn(method: SocialMethod, signInDeps: SignInDeps) {
  if (isNativeApp()) return startNativeSignIn(method, signInDeps);
  deps = signInDeps;
  if (!listening) {
    window.addEventListener('message', onMessage);
    // BroadcastChannel delivers only within our origin
    new BroadcastChannel(SNS_CHANNEL).addEventListener('message', (event: MessageEvent<unknown>) =>
      onMessage(new MessageEvent('message', { data: event.data, origin: window.location.origin })),
    );
    listening = true;
  }
  const popup = window.open('about:blank', POPUP_NAME, POPUP_FEATURES);
  if (!popup) {
    layers.alert({ message: signInDeps.t('auth.popup_blocked') });
    return;
  }
  try {
    const { url, state } = await fetchAuthorization(method);
    started = { method, state };
    popup.location.href = url;
  } catch (error) {
    popup.close();
    started = null;
    loginFailed(signInDeps.t, error);
  }
}
