import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import {
  IDENTITY_CHECK_CONFIRM_PATH,
  IDENTITY_CHECK_PATH,
  type IdentityCheckConfirmData,
  type IdentityCheckStartData,
} from '@snapdrama/contract';
import { api } from '../../../shared/api/api';
import { errorMessage } from '../../../shared/api/api-error';
import { layers } from '../../../shared/layers/layer-store';
import { userInfoQueryKey } from '../../../shared/session/user-info';

/** PortOne's browser SDK (V2): the identity check runs in its window (decision 1490). */
const PORTONE_SDK_URL = 'https://cdn.portone.io/v2/browser-sdk.js';

interface PortoneSdk {
  requestIdentityVerification(request: {
    storeId: string;
    identityVerificationId: string;
    channelKey: string;
    redirectUrl: string;
  }): Promise<{ identityVerificationId: string; code?: string; message?: string } | undefined>;
}

declare global {
  interface Window {
    PortOne?: PortoneSdk;
  }
}

let loading: Promise<PortoneSdk> | undefined;
function loadPortone(): Promise<PortoneSdk> {
  loading ??= new Promise<PortoneSdk>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = PORTONE_SDK_URL;
    script.async = true;
    script.onload = () => (window.PortOne ? resolve(window.PortOne) : reject(new Error('no SDK')));
    script.onerror = () => reject(new Error('PortOne SDK did not load'));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** The query the provider's step returns with (PortOne's redirect, or the stand-in's). */
const RETURN_ID = 'identityVerificationId';

/**
 * Starts an adult check for the signed-in member and hands the page to the provider's step: the
 * local stand-in's page (sandbox), or PortOne's window. On a phone PortOne leaves the page and
 * comes back to `returnPath` with the id; on a desktop its promise answers here, and the same
 * return address is opened so one code path confirms.
 */
export async function beginIdentityCheck(returnPath: string): Promise<void> {
  const start = await layers.whileLoading(() =>
    api.post<IdentityCheckStartData>(IDENTITY_CHECK_PATH, { returnPath }),
  );
  if (start.mode === 'sandbox' && start.sandboxUrl) {
    window.location.assign(start.sandboxUrl);
    return;
  }
  const sdk = await loadPortone();
  const redirectUrl = `${window.location.origin}${returnPath}`;
  const answer = await sdk.requestIdentityVerification({
    storeId: start.storeId ?? '',
    identityVerificationId: start.identityVerificationId,
    channelKey: start.channelKey ?? '',
    redirectUrl,
  });
  if (!answer) return;
  const back = new URL(redirectUrl);
  back.searchParams.set(RETURN_ID, answer.identityVerificationId);
  if (answer.code) back.searchParams.set('code', answer.code);
  window.location.assign(back.toString());
}

/**
 * On the page the provider's step returned to: confirms the check with the server (which asks
 * the provider), refreshes the viewer's age, and takes the id out of the address.
 */
export function useIdentityReturn(): void {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const query = new URLSearchParams(location.search);
    const id = query.get(RETURN_ID);
    if (!id || handled.current === id) return;
    handled.current = id;
    const failed = query.get('code');
    query.delete(RETURN_ID);
    query.delete('code');
    query.delete('message');
    query.delete('identityVerificationTxId');
    const rest = query.toString();
    void navigate(`${location.pathname}${rest ? `?${rest}` : ''}`, { replace: true });
    if (failed) {
      layers.toast(t('age_gate.msg_fail'), 'failure');
      return;
    }
    void layers
      .whileLoading(() =>
        api.put<IdentityCheckConfirmData>(IDENTITY_CHECK_CONFIRM_PATH, {
          identityVerificationId: id,
        }),
      )
      .then(async (data) => {
        await queryClient.invalidateQueries({ queryKey: userInfoQueryKey });
        if (data.age_check.adult_yn === 'Y') layers.toast(t('age_gate.msg_verified'), 'success');
      })
      .catch((error: unknown) =>
        layers.alert({
          title: t('error_popup.title'),
          message: errorMessage(error, t('age_gate.msg_fail')),
        }),
      );
  }, [location.search, location.pathname, navigate, queryClient, t]);
}
