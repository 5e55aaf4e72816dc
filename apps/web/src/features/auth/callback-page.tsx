import { useEffect } from 'react';
import {
  SOCIAL_METHODS,
  enMessages,
  jaMessages,
  koMessages,
  type SocialMethod,
} from '@snapdrama/contract';
import { currentLanguage } from '../../shared/i18n/i18n';
import { SNS_CHANNEL, type SnsMessage } from './sns-message';

const INVALID_ACCOUNT = { en: enMessages, ko: koMessages, ja: jaMessages };

export const CALLBACK_PREFIX = '/callback/';

/** The provider of a callback address, or null. */
export function callbackMethod(pathname: string): SocialMethod | null {
  if (!pathname.startsWith(CALLBACK_PREFIX)) return null;
  const method = pathname.slice(CALLBACK_PREFIX.length).replace(/\/$/, '');
  return (SOCIAL_METHODS as readonly string[]).includes(method) ? (method as SocialMethod) : null;
}

/**
 * /callback/google|kakao|facebook|apple (spec §2): reads code and state, posts them to the window
 * that opened the popup (our origin only) and closes. Anything else: "Invalid account", then close.
 * Runs outside the app shell: no session or dictionary is needed here.
 */
export function SocialCallbackPage() {
  useEffect(() => {
    const method = callbackMethod(window.location.pathname);
    const query = new URLSearchParams(window.location.search);
    const code = query.get('code');
    const state = query.get('state');
    const opener = window.opener as Window | null;
    if (method && code && state) {
      const message: SnsMessage = { auth_type: 'sns', auth_method: method, code, state };
      if (opener && !opener.closed) {
        opener.postMessage(message, window.location.origin);
      } else {
        // a provider page with a strict opener policy cuts window.opener: same-origin channel
        const channel = new BroadcastChannel(SNS_CHANNEL);
        channel.postMessage(message);
        channel.close();
      }
    } else {
      window.alert(INVALID_ACCOUNT[currentLanguage()]['auth.msg_invalid_account']);
    }
    window.close();
    // not a popup (opened directly): nothing to close, go home instead
    const fallback = window.setTimeout(() => window.location.replace('/'), 500);
    return () => window.clearTimeout(fallback);
  }, []);
  return null;
}
