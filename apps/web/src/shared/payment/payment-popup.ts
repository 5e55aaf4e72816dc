import { useCallback } from 'react';
import { layerOpeners } from '../layers/layer-openers';
import { requestLogin } from '../session/login-request';
import { isGuest, useUserInfo } from '../session/user-info';

/**
 * Opens the coin packs as a popup (desktop) or the 460 px payment sheet (mobile), never a route
 * (spec §2): the locked-episode layer's payment button and the mission page's coins use it. The
 * payment feature registers the opener (app shell); guests get the login sheet instead (spec §6).
 */
export function openPaymentPopup(guest: boolean): void {
  if (guest) requestLogin();
  else layerOpeners.open('payment');
}

/** `openPaymentPopup` bound to the signed-in user, for components. */
export function usePaymentPopup(): () => void {
  const user = useUserInfo().data?.user;
  const guest = isGuest(user);
  return useCallback(() => openPaymentPopup(guest), [guest]);
}
