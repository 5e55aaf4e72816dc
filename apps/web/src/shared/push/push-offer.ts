import { i18n } from '../i18n/i18n';
import { layers } from '../layers/layer-store';
import { enablePush, markPushOffered, permissionDenied, shouldOfferPush } from './push-client';

/**
 * Offers reminders after a meaningful moment (decision 1520): the viewer just bookmarked a drama
 * or checked in, never on a first visit or page load. Our own question comes first; the browser's
 * permission prompt only after "Turn on". Asked once per device.
 */
export function offerPushReminders(): void {
  if (!shouldOfferPush()) return;
  markPushOffered();
  layers.alert({
    title: i18n.t('push.prompt_title'),
    message: i18n.t('push.prompt_body'),
    confirmLabel: i18n.t('push.prompt_allow'),
    cancelLabel: i18n.t('push.prompt_later'),
    onConfirm: () => {
      void turnOnReminders();
    },
  });
}

/** Turns reminders on and says how it went (the settings switch uses it too). */
export async function turnOnReminders(): Promise<boolean> {
  try {
    const data = await enablePush();
    if (data) {
      layers.toast(i18n.t('push.enabled'), 'success');
      return true;
    }
    layers.toast(i18n.t(permissionDenied() ? 'push.denied' : 'push.unsupported'), 'failure');
  } catch {
    layers.toast(i18n.t('contents.msg_fail'), 'failure');
  }
  return false;
}
